/**
 * Money in whole pence (issue 29): every amount a booking, its invoice or a
 * credit note carries is a safe integer number of pence, never a float of
 * pounds. Rates are integer basis points (1 bp = 0.01%). Pure.
 */

/** Basis points in a whole (10,000 bp = 100%). */
export const WHOLE_BP = 10_000;

/** `value` if it is a whole, non-negative, safe number of pence; throws a RangeError naming `what` otherwise. */
export function pence(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of pence (got ${value})`);
  }
  return value;
}

/** `value` if it is a whole number of basis points from 0 to 10,000; throws otherwise. */
export function basisPoints(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > WHOLE_BP) {
    throw new RangeError(`${what} must be a whole number of basis points from 0 to ${WHOLE_BP} (got ${value})`);
  }
  return value;
}

/**
 * a × b ÷ c rounded to the nearest whole number, a half rounded up (away
 * from zero: every operand is non-negative), computed exactly (BigInt), so
 * no product is ever a float. Throws if the answer is not a safe integer.
 */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  for (const n of [a, b, c]) {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new RangeError(`mulDivHalfUp takes whole non-negative numbers (got ${n})`);
  }
  if (c === 0) throw new RangeError("mulDivHalfUp: division by zero");
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = product / divisor;
  const remainder = product % divisor;
  const rounded = 2n * remainder >= divisor ? quotient + 1n : quotient;
  const result = Number(rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${a} × ${b} ÷ ${c} is too large to count in pence`);
  return result;
}
