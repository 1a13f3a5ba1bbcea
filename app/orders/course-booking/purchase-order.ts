/**
 * A purchase-order number a booker paying by invoice may give (issue 29):
 * free text, as the customer's system writes it, printed on the invoice.
 * Pure.
 *
 * Trimmed; then 1 to 40 characters (counted as characters, not UTF-16 code
 * units), each printable: no control or formatting characters and no line
 * or paragraph separators. Blank means none was given.
 */

export const PURCHASE_ORDER_MAX = 40;

export const purchaseOrderMessages = {
  tooLong: `A purchase-order number is at most ${PURCHASE_ORDER_MAX} characters`,
  unprintable: "A purchase-order number is letters, digits, spaces and punctuation only, on one line",
} as const;

export type PurchaseOrderResult = { ok: true; value: string | null } | { ok: false; message: string };

const unprintable = /[\p{C}\p{Zl}\p{Zp}]/u;

/** The purchase-order number trimmed (null when blank), or a message. */
export function parsePurchaseOrder(input: string): PurchaseOrderResult {
  const value = input.trim();
  if (value === "") return { ok: true, value: null };
  if (unprintable.test(value)) return { ok: false, message: purchaseOrderMessages.unprintable };
  if ([...value].length > PURCHASE_ORDER_MAX) return { ok: false, message: purchaseOrderMessages.tooLong };
  return { ok: true, value };
}
