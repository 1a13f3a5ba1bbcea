/** Amounts and addresses as the payment pages show them. */
import { formatGbp } from "~/format/money.ts";

const withPence = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** "£4,500" for whole pounds, "£1.00" for the small test amount or any pence. */
export function formatAmountGbp(amountGbp: number): string {
  return Number.isInteger(amountGbp) && amountGbp >= 10 ? formatGbp(amountGbp) : withPence.format(amountGbp);
}

export function formatPence(amountPence: number): string {
  return formatAmountGbp(amountPence / 100);
}

/**
 * "o•••@example.com": enough for the payer to recognise the address the
 * confirmation goes to, without showing it whole to anyone who has the link.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "your e-mail address";
  return `${email[0]}•••${email.slice(at)}`;
}

export function participantsText(count: number): string {
  return `${count} ${count === 1 ? "participant" : "participants"}`;
}
