import { useRouteLoaderData } from "react-router";
import type { FormKind } from "~/forms/schemas.ts";
import { ConsentLine } from "./consent-line.tsx";
import type { Tone } from "./tone.ts";

/**
 * The consent line of a form of kind `kind` on a page React Router runs: the
 * text comes with the root loader's data (app/root.tsx), not with the code:
 * the kinds' modules, with their schemas and notice rows, stay out of the
 * code every page loads. Without that data (the root loader failed: an error
 * page) there is no line. An island, which has no router, is given its text
 * (consent-line.tsx).
 */
export function ConsentNote({ kind, ...rest }: { kind: FormKind; className?: string; tone?: Tone }) {
  return <ConsentLine text={useConsentText(kind)} {...rest} />;
}

/** The consent text of a form kind, from the root loader's data. */
export function useConsentText(kind: FormKind): string | undefined {
  const root = useRouteLoaderData("root") as { consentTexts?: Record<FormKind, string> } | undefined;
  return root?.consentTexts?.[kind];
}
