import { Link } from "react-router";
import type { FormKind } from "~/forms/schemas.ts";
import { leadKindTexts } from "~/leads/kinds/index.ts";
import type { Tone } from "./tone.ts";

/**
 * The consent line under a form's button: the very text the server stores
 * with the lead (its kind's, ~/leads/kinds/), with the Privacy Policy linked.
 * Client-safe and schema-free (the footer form uses it on every page).
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
  const dark = tone === "dark";
  const text = leadKindTexts[kind].consentText;
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
