import { Link, useRouteLoaderData } from "react-router";
import type { FormKind } from "~/forms/schemas.ts";
import type { Tone } from "./tone.ts";

/**
 * The consent line under a form's button: the very text the server stores
 * with the lead (its kind's, ~/leads/kinds/), with the Privacy Policy linked.
 * The text comes with the root loader's data (app/root.tsx), not with the
 * code: the kinds' modules, with their schemas and notice rows, stay out of
 * the code every page loads (the footer's form is on every page). Without
 * that data (the root loader failed: an error page) there is no line.
 */
export function ConsentNote({
  kind,
  className = "",
  tone = "light",
}: {
  kind: FormKind;
  className?: string;
  /** The background it sits on, as the kit's fields take it. */
  tone?: Tone;
}) {
  const root = useRouteLoaderData("root") as { consentTexts?: Record<FormKind, string> } | undefined;
  const text = root?.consentTexts?.[kind];
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
          <Link to="/privacy" className={link}>
            Privacy Policy
          </Link>
          {text.slice(at + "Privacy Policy".length)}
        </>
      )}
    </p>
  );
}
