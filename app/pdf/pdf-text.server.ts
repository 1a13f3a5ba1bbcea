/**
 * What the site's PDFs (course brochures, free guides) share: text encoding
 * for pdf-lib's standard fonts, line wrapping, the brand palette and the
 * font and text-style shapes. Pure.
 */
import { rgb, type PDFFont, type RGB } from "pdf-lib";

/* ---- Text encoding ---- */

/**
 * Code points above U+00FF that WinAnsiEncoding (Windows-1252) can encode, in
 * addition to U+0020-U+007E and U+00A0-U+00FF.
 */
const winAnsiExtras = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || winAnsiExtras.has(codePoint)
  );
}

/** Typographic characters written in plain form, whether or not WinAnsi has them. */
const replacements = new Map<string, string>([
  ...[..."\u2018\u2019\u201a\u201b\u2032"].map((c) => [c, "'"] as const),
  ...[..."\u201c\u201d\u201e\u201f\u2033"].map((c) => [c, '"'] as const),
  ...[..."\u2010\u2011\u2012\u2013\u2014\u2015\u2212"].map((c) => [c, "-"] as const),
  ["\u2026", "..."],
  ["\u2192", "->"],
  ["\u2190", "<-"],
  ["\u2264", "<="],
  ["\u2265", ">="],
]);

/** Spaces and line breaks of every kind become one ordinary space. */
const spaceLike = /[\t\n\v\f\r\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
/** Invisible characters with nothing to draw: soft hyphen, zero-width spaces and joiners, variation selectors, BOM. */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint === 0xad ||
    (codePoint >= 0x200b && codePoint <= 0x200d) ||
    codePoint === 0x2060 ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff
  );
}
const combiningMark = /\p{M}/u;

/**
 * Make text drawable with the standard PDF fonts (WinAnsiEncoding): curly
 * quotes become straight, dashes "-", an ellipsis "...", odd spaces a space;
 * a letter WinAnsi lacks falls back to its compatibility form without accents
 * ("ő" -> "o", "ﬁ" -> "fi") where that is encodable, and anything else
 * becomes "?", one per character.
 */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const codePoint = char.codePointAt(0) ?? 0;
    const replacement = replacements.get(char);
    if (replacement !== undefined) out += replacement;
    else if (spaceLike.test(char)) out += " ";
    else if (isInvisible(codePoint) || combiningMark.test(char)) continue;
    else if (isWinAnsi(codePoint)) out += char;
    else out += transliterate(char) ?? "?";
  }
  return out;
}

function transliterate(char: string): string | undefined {
  const base = [...char.normalize("NFKD")].filter((c) => !combiningMark.test(c)).join("");
  if (base === "" || base === char) return undefined;
  return [...base].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? base : undefined;
}

/* ---- Word wrapping ---- */

/**
 * Break text into lines no wider than maxWidth, as measured by measure().
 * Lines break at spaces (runs of spaces collapse); a word wider than a whole
 * line is split between characters. Empty text gives no lines.
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && measure(line + char) > maxWidth) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The longest start of text, ending "...", that fits maxWidth. */
export function truncate(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join("").trimEnd()}...`) > maxWidth) chars.pop();
  return `${chars.join("").trimEnd()}...`;
}

/* ---- Brand ---- */

export const colors = {
  navy: rgb(0.08, 0.15, 0.28),
  gold: rgb(0.74, 0.56, 0.2),
  ink: rgb(0.13, 0.15, 0.2),
  muted: rgb(0.38, 0.42, 0.5),
  rule: rgb(0.82, 0.84, 0.88),
  panel: rgb(0.95, 0.96, 0.98),
  white: rgb(1, 1, 1),
  paleOnNavy: rgb(0.78, 0.83, 0.9),
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

export interface Style {
  font: PDFFont;
  size: number;
  color: RGB;
  /** Distance between baselines. */
  leading: number;
}
