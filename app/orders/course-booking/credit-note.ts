/**
 * What a credit note credits against a VAT invoice (issue 29: an invoice is
 * never changed; a cancellation issues a credit note). Pure, in whole pence.
 *
 * The rules (ADR 052):
 * - A credit is asked for as a share of the invoice (basis points of its
 *   gross, rounded to the nearest penny, a half penny up) or as an amount
 *   (the team's override). Together with what earlier credit notes for the
 *   same invoice credited, it never exceeds the invoice: a share is capped
 *   at what is left; an amount above what is left is refused.
 * - Net and VAT are credited in the invoice's proportion, counted over all
 *   its credit notes so roundings do not add up: the VAT credited so far,
 *   this note included, is the invoice's VAT × the gross credited so far ÷
 *   its gross, to the nearest penny (a half up); this note's VAT is that less
 *   what earlier notes credited, and its net the rest, so credit net +
 *   credit VAT = credit gross exactly. The note that empties the invoice
 *   credits exactly what was left of each. (Neither may pass what is left of
 *   the invoice's net or VAT, nor go below 0, should earlier notes have been
 *   split otherwise: the penny over goes to the other.)
 * - The lines: the credit's net shared over the invoice's lines in
 *   proportion to their nets (whole pence, the odd pence to the largest
 *   remainders, first lines first on a tie), each at its line's VAT rate.
 */
import { basisPoints, mulDivHalfUp, pence, WHOLE_BP } from "./pence.ts";
import type { Quote } from "./vat.ts";

export type Totals = { netPence: number; vatPence: number };
export type CreditAmounts = Totals & { grossPence: number };

/** A share of the invoice's gross in basis points (5000 = half), or an amount in pence. */
export type CreditRequest = { basisPoints: number } | { grossPence: number };

export type CreditLine = { description: string; netPence: number; vatRateBasisPoints: number };
export type CreditNote = CreditAmounts & { lines: CreditLine[] };

const nothing: Totals = { netPence: 0, vatPence: 0 };

/** Thrown for a credit that would take more than the invoice has left; its message is for the team. */
export class CreditExceedsInvoice extends RangeError {}

/**
 * The net, VAT and gross to credit against an invoice of `invoice`'s totals,
 * given what earlier credit notes for it credited.
 */
export function creditAmounts(
  invoice: Totals,
  request: CreditRequest,
  alreadyCredited: Totals = nothing,
): CreditAmounts {
  const net = pence(invoice.netPence, "The invoice's net");
  const vat = pence(invoice.vatPence, "The invoice's VAT");
  const gross = pence(net + vat, "The invoice's total");
  const netLeft = net - pence(alreadyCredited.netPence, "The net already credited");
  const vatLeft = vat - pence(alreadyCredited.vatPence, "The VAT already credited");
  if (netLeft < 0 || vatLeft < 0) throw new CreditExceedsInvoice("The credit notes already exceed the invoice");
  const left = netLeft + vatLeft;

  let grossPence: number;
  if ("basisPoints" in request) {
    grossPence = Math.min(mulDivHalfUp(gross, basisPoints(request.basisPoints, "The share credited"), WHOLE_BP), left);
  } else {
    grossPence = pence(request.grossPence, "The amount credited");
    if (grossPence > left) {
      throw new CreditExceedsInvoice(`At most ${left} pence of this invoice is left to credit (asked: ${grossPence})`);
    }
  }

  const creditedGross = gross - left;
  const vatSoFar = gross === 0 ? 0 : mulDivHalfUp(creditedGross + grossPence, vat, gross);
  let vatPence = Math.max(0, Math.min(vatSoFar - (vat - vatLeft), vatLeft, grossPence));
  let netPence = grossPence - vatPence;
  if (netPence > netLeft) {
    netPence = netLeft;
    vatPence = grossPence - netPence;
  }
  return { netPence, vatPence, grossPence };
}

/** `total` shared over `weights` in proportion, in whole units summing to `total` exactly (largest remainders). */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(sum)));
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  let odd = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of byRemainder) {
    if (odd-- <= 0) break;
    shares[i]! += 1;
  }
  return shares;
}

/** The credit note for `request` against the invoice quoted as `invoice`. */
export function creditNote(invoice: Quote, request: CreditRequest, alreadyCredited: Totals = nothing): CreditNote {
  const amounts = creditAmounts(invoice, request, alreadyCredited);
  const shares = shareInProportion(
    amounts.netPence,
    invoice.lines.map((line) => line.netPence),
  );
  const lines = invoice.lines.map((line, i) => ({
    description: line.description,
    netPence: shares[i]!,
    vatRateBasisPoints: line.vatRateBasisPoints,
  }));
  return { ...amounts, lines };
}
