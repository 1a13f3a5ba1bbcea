import type { Tone } from "./tone.ts";

/**
 * The consent line under a form's button: the very text the server stores
 * with the lead (its kind's, ~/leads/kinds/), with the Privacy Policy linked.
 * No router here: an island (ADR 090) renders it too.
 */
export function ConsentLine({
  text,
  className = "",
  tone = "light",
}: {
  text: string | undefined;
  className?: string;
  /** The background it sits on, as the kit's fields take it. */
  tone?: Tone;
}) {
  if (!text) return null;
  const dark = tone === "dark";
  const at = text.indexOf("Privacy Policy");
  const link = dark
    ? "font-semibold text-white underline underline-offset-4"
    : "font-semibold text-navy-800 underline underline-offset-4";
  return (
    <p className={`text-sm ${dark ? "text-slate-300" : "text-slate-700"} ${className}`}>
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <a href="/privacy" className={link}>
            Privacy Policy
          </a>
          {text.slice(at + "Privacy Policy".length)}
        </>
      )}
    </p>
  );
}
