/**
 * The site's web font: Inter (variable, from @fontsource-variable/inter),
 * cut down to what the site sets (docs/decisions/021-first-paint-after-parse.md):
 * - the characters: printable ASCII, Latin-1 (names with accents, £, ©, ·)
 *   and the typographic punctuation the content uses; anything else falls
 *   back to Arial scaled to Inter's metrics (app/app.css, "Inter Fallback");
 * - the weights: 400 to 700 (font-normal to font-bold), still one variable file;
 * - no glyphs reachable only through OpenType features the site never asks
 *   for (alternates, fractions, tabular figures).
 * The result (app/fonts/, committed: about 21 KB against 48 KB) is
 * deterministic; tests/unit/fonts.test.ts checks that the committed file is
 * what this makes and that app.css's unicode-range says the same.
 *
 *   npm run fonts          rewrites app/fonts/ after an upgrade of @fontsource-variable/inter
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(import.meta.dirname, "..");
const source = path.join(ROOT, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
export const subsetFile = path.join(ROOT, "app/fonts/inter-subset-wght.woff2");

/** Inclusive code point ranges the subset keeps (and app.css's unicode-range lists). */
export const keptRanges: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0xff], // Latin-1: no-break space, £, ©, ·, accented letters
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
];

export const weights = { min: 400, max: 700 } as const;

/** The ranges as CSS writes them (U+20-7E, U+2022, …). */
export function unicodeRange(): string {
  const hex = (n: number) => n.toString(16).toUpperCase();
  return keptRanges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

export async function makeSubset(): Promise<Buffer> {
  const text = keptRanges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");
  return subsetFont(readFileSync(source), text, {
    targetFormat: "woff2",
    noLayoutClosure: true,
    variationAxes: { wght: weights },
  });
}

if (import.meta.main) {
  const bytes = await makeSubset();
  writeFileSync(subsetFile, bytes);
  console.log(`Wrote ${path.relative(ROOT, subsetFile)} (${bytes.length} bytes); unicode-range: ${unicodeRange()}`);
}
