/**
 * A line as the quote (or the credit note) gives it, with its description.
 * An invoice's lines carry their quantity and unit price without VAT (and the
 * discount, 0 if none); a credit note's lines may carry only what they credit.
 */
export type VatDocumentLine = {
  description: string;
  quantity?: number;
  unitPricePence?: number;
  discountPence?: number;
  /** The line's amount without VAT: quantity × unit price − discount. */
  netPence: number;
  vatRateBasisPoints: number;
};
