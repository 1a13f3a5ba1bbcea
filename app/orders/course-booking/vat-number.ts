/**
 * A UK VAT registration number as a booker paying by invoice gives it (issue
 * 29): checked for its form, never looked up (HMRC's service is not
 * reachable from here). Pure.
 *
 * Accepted, with or without the "GB" prefix, spaces anywhere, any case:
 * - 9 digits (a standard number), with HMRC's check: the first seven digits
 *   weighted 8, 7, 6, 5, 4, 3, 2, plus the last two as a number, is a
 *   multiple of 97 ("modulus 97"), or is after adding 55 ("modulus 9755",
 *   numbers issued since 2010; not for numbers starting 000 to 099);
 * - 12 digits (a branch trader: a standard number, checked as above, and a
 *   3-digit branch);
 * - GD and 3 digits from 000 to 499 (a government department);
 * - HA and 3 digits from 500 to 999 (a health authority).
 * The value kept is written "GB" and the characters, without spaces.
 */

export type VatNumberKind = "standard" | "branch" | "government" | "health";

/** A blank input is a VAT number not given (the field is optional): value and kind null. */
export type VatNumberResult =
  | { ok: true; value: string; kind: VatNumberKind }
  | { ok: true; value: null; kind: null }
  | { ok: false; message: string };

export const vatNumberMessages = {
  form: "Enter a UK VAT number as 9 digits, such as GB 999 9999 73, or 12 for a branch, or GBGD/GBHA and 3 digits",
  government: "A government department's VAT number is GBGD and 3 digits from 000 to 499",
  health: "A health authority's VAT number is GBHA and 3 digits from 500 to 999",
  checkDigits: "This is not a valid UK VAT number: check its digits",
} as const;

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

/** Whether 9 digits pass HMRC's modulus 97 or (from 100 000 000) modulus 9755 check. */
export function passesVatCheck(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits) || /^0{9}$/.test(nineDigits)) return false;
  const weighted = WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(nineDigits[i]), 0);
  const total = weighted + Number(nineDigits.slice(7));
  if (total % 97 === 0) return true;
  return Number(nineDigits.slice(0, 3)) >= 100 && (total + 55) % 97 === 0;
}

/**
 * Checks a VAT number: the normalised value ("GB980780684", "GBGD001") and
 * its kind, null for a blank input, or a message saying what is wrong.
 */
export function parseVatNumber(input: string): VatNumberResult {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (compact === "") return { ok: true, value: null, kind: null };
  const body = compact.startsWith("GB") ? compact.slice(2) : compact;
  const special = /^(GD|HA)(\d{3})$/.exec(body);
  if (special) {
    const [, prefix, digits] = special as unknown as [string, "GD" | "HA", string];
    const n = Number(digits);
    if (prefix === "GD") {
      return n <= 499
        ? { ok: true, value: `GB${body}`, kind: "government" }
        : { ok: false, message: vatNumberMessages.government };
    }
    return n >= 500
      ? { ok: true, value: `GB${body}`, kind: "health" }
      : { ok: false, message: vatNumberMessages.health };
  }
  if (!/^(\d{9}|\d{12})$/.test(body)) return { ok: false, message: vatNumberMessages.form };
  if (!passesVatCheck(body.slice(0, 9))) return { ok: false, message: vatNumberMessages.checkDigits };
  return { ok: true, value: `GB${body}`, kind: body.length === 12 ? "branch" : "standard" };
}

/** A normalised VAT number as an invoice prints it: "GB 980 7806 84", "GB 980 7806 84 001", "GBGD001". */
export function formatVatNumber(value: string): string {
  const digits = /^GB(\d{3})(\d{4})(\d{2})(\d{3})?$/.exec(value);
  if (!digits) return value;
  return ["GB", ...digits.slice(1).filter(Boolean)].join(" ");
}
