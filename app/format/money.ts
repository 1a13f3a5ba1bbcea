/** Price formatting and currency conversion rules (spec sections 4 and 9). */
import { pricing } from "~/content/business.ts";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function formatGbp(amount: number): string {
  return gbp.format(amount);
}

/**
 * Whole pence as sterling with the pence always shown, as invoices print
 * amounts: 450000 is "£4,500.00", -405000 "-£4,050.00". Throws a RangeError
 * for an amount that is not a safe whole number of pence.
 */
export function formatPenceGbp(amountPence: number): string {
  if (!Number.isSafeInteger(amountPence)) {
    throw new RangeError(`An amount in pence is a whole number (got ${amountPence})`);
  }
  const sign = amountPence < 0 ? "-" : "";
  const abs = Math.abs(amountPence);
  // Pounds and pence apart, so no amount is ever a float of pounds: 450000 -> "£4,500" + ".00".
  const pounds = formatGbp((abs - (abs % 100)) / 100);
  return `${sign}${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * An amount of pounds as a person writes it ("2700", "2,700.00", "£ 1,234.5")
 * as whole pence, or null if it is not one: digits with at most two
 * decimals, at most £9,999,999.99; commas, spaces and a pound sign are
 * ignored. No float of pounds is ever made.
 */
export function parsePoundsToPence(text: string): number | null {
  const clean = text.replace(/[£,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** USD for a GBP amount: GBP / rate, rounded to the nearest 50. */
export function gbpToUsd(amountGbp: number): number {
  return Math.round(amountGbp / pricing.usdRate / pricing.usdRounding) * pricing.usdRounding;
}

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export type Currency = "GBP" | "USD";

/** GBP for visitors in the United Kingdom (gb), USD for everyone else. */
export function currencyForCountry(country: string): Currency {
  return country.trim().toLowerCase() === "gb" ? "GBP" : "USD";
}

/**
 * A GBP list price as the visitor sees it: "£4,500" or "$5,700 (USD)"; a
 * price with pence shows them ("£4,050.50"). `plusVat`: a price before VAT,
 * as UK business-to-business training is priced: "£4,500 + VAT",
 * "$5,700 + VAT (USD)" (docs/spec-deviations.md).
 */
export function displayPrice(amountGbp: number, currency: Currency, options: { plusVat?: boolean } = {}): string {
  const vat = options.plusVat ? " + VAT" : "";
  if (currency === "USD") return `${formatUsd(gbpToUsd(amountGbp))}${vat} (USD)`;
  const gbpText = Number.isInteger(amountGbp) ? formatGbp(amountGbp) : formatPenceGbp(Math.round(amountGbp * 100));
  return `${gbpText}${vat}`;
}
