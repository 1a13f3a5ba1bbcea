/**
 * Table-driven checks of one function: each case is an input and the output
 * expected for it. A failure names the input, so one table can hold many cases.
 */
import { expect } from "vitest";

export function expectOutputs<I, O>(fn: (input: I) => O, cases: readonly (readonly [I, O])[]): void {
  for (const [input, output] of cases) expect(fn(input), `for ${JSON.stringify(input)}`).toEqual(output);
}
