/**
 * The button that opens the browser's passkey prompt: it asks the server
 * for the ceremony's options (/admin/passkey-options), hands them to the
 * browser (`@simplewebauthn/browser`, loaded when pressed), and gives the
 * answer, as JSON, to `onAnswer`, which posts it with the page's form.
 * Hidden before the page's script runs and where the browser has no
 * WebAuthn (saying `unavailable` instead, if given): the code form beside
 * it works without either.
 */
import { useState, useSyncExternalStore } from "react";
import { useCsrfToken } from "./staff-ui.tsx";

type Purpose = "register" | "sign-in";

function problem(error: unknown, purpose: Purpose): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return "The passkey prompt was closed or timed out. Try again when you are ready.";
  }
  if (name === "InvalidStateError" && purpose === "register") {
    return "This device already holds a passkey for your account.";
  }
  if (error instanceof ServerRefusal) return error.message;
  return "Your browser could not use a passkey just now. Try again, or use your authenticator app.";
}

class ServerRefusal extends Error {}

const unchanging = () => () => {};

/** Whether the browser has WebAuthn: unknown (undefined) in the server's HTML and until hydration. */
function useWebAuthnSupport(): boolean | undefined {
  return useSyncExternalStore(
    unchanging,
    () => typeof window.PublicKeyCredential === "function",
    () => undefined,
  );
}

export function PasskeyButton({
  purpose,
  label,
  onAnswer,
  unavailable,
  busy = false,
}: {
  purpose: Purpose;
  label: string;
  unavailable?: string;
  onAnswer: (answer: string) => void;
  busy?: boolean;
}) {
  const csrf = useCsrfToken();
  const supported = useWebAuthnSupport();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string>();

  async function start() {
    setError(undefined);
    setWaiting(true);
    try {
      const body = new FormData();
      body.set("_csrf", csrf);
      body.set("purpose", purpose);
      const response = await fetch("/admin/passkey-options", { method: "POST", body });
      if (!response.ok) throw new ServerRefusal(await response.text());
      const optionsJSON = await response.json();
      const webauthn = await import("@simplewebauthn/browser");
      const answer =
        purpose === "register"
          ? await webauthn.startRegistration({ optionsJSON })
          : await webauthn.startAuthentication({ optionsJSON });
      onAnswer(JSON.stringify(answer));
    } catch (caught) {
      setError(problem(caught, purpose));
    } finally {
      setWaiting(false);
    }
  }

  if (supported === false) return unavailable ? <p className="text-slate-700">{unavailable}</p> : null;
  return (
    <div hidden={!supported}>
      <button type="button" className="btn-primary" disabled={waiting || busy} onClick={() => void start()}>
        {waiting ? "Waiting for your passkey…" : label}
      </button>
      <p role="alert" className="mt-2 font-medium text-red-800 empty:hidden">
        {error}
      </p>
    </div>
  );
}
