/**
 * The quote: a booking's lines with VAT at the standard rate on top (issue
 * 29), as the VAT invoice shows them. Pure, in whole pence.
 *
 * The rules (ADR 052):
 * - Each line shows its quantity, unit price without VAT, discount, net
 *   (quantity × unit price − discount) and VAT rate; lines carry no VAT
 *   amount of their own.
 * - VAT is computed once, on the invoice's total net after discounts:
 *   net × rate, rounded to the nearest penny, a half penny up. HMRC accepts
 *   VAT worked out on the invoice total (VAT Notice 700, paragraph 17.5: the
 *   total may even be rounded down; we round to the nearest), and it is then
 *   within half a penny of the rate on the total (per-line rounding could be
 *   off by half a penny a line). At 20% a half penny cannot arise (net ÷ 5
 *   leaves .0, .2, .4, .6 or .8); the rule is tested at other rates.
 * - gross = net + VAT; net = the sum of the lines' nets.
 */
import { pricing } from "~/content/business.ts";
import { basisPoints, mulDivHalfUp, pence, WHOLE_BP } from "./pence.ts";

export type QuoteLineInput = {
  description: string;
  quantity: number;
  unitPricePence: number;
  discountPence: number;
};

export type QuoteLine = QuoteLineInput & {
  /** quantity × unitPricePence − discountPence, without VAT. */
  netPence: number;
  vatRateBasisPoints: number;
};

export type Quote = {
  lines: QuoteLine[];
  netPence: number;
  vatPence: number;
  grossPence: number;
};

/** VAT on a net amount at `rateBasisPoints`: rounded to the nearest penny, a half penny up. */
export function vatOn(netPence: number, rateBasisPoints: number = pricing.vatRateBasisPoints): number {
  return mulDivHalfUp(pence(netPence, "The net"), basisPoints(rateBasisPoints, "The VAT rate"), WHOLE_BP);
}

/** The quote for `lines` at the standard rate (or `vatRateBasisPoints`). Throws a RangeError on a line that is not whole pence, a quantity under 1 or a discount above its line. */
export function quote(
  lines: readonly QuoteLineInput[],
  vatRateBasisPoints: number = pricing.vatRateBasisPoints,
): Quote {
  if (lines.length === 0) throw new RangeError("A quote has at least one line");
  basisPoints(vatRateBasisPoints, "The VAT rate");
  const priced = lines.map((line): QuoteLine => {
    const { description, quantity, unitPricePence, discountPence } = line;
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new RangeError(`"${description}": the quantity must be a whole number of at least 1 (got ${quantity})`);
    }
    const gross = pence(quantity * pence(unitPricePence, "A unit price"), "A line's price");
    if (pence(discountPence, "A discount") > gross)
      throw new RangeError(`"${description}": the discount exceeds the line`);
    return {
      description,
      quantity,
      unitPricePence,
      discountPence,
      netPence: gross - discountPence,
      vatRateBasisPoints,
    };
  });
  const netPence = pence(
    priced.reduce((sum, line) => sum + line.netPence, 0),
    "The quote's net",
  );
  const vatPence = vatOn(netPence, vatRateBasisPoints);
  return { lines: priced, netPence, vatPence, grossPence: pence(netPence + vatPence, "The quote's total") };
}
