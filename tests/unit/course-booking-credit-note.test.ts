/**
 * Credit notes against a VAT invoice (issue 29, ADR 052): never more than the
 * invoice, net and VAT in the invoice's proportion, net + VAT = gross exactly,
 * and the credit notes for one invoice together never exceed it.
 */
import { describe, expect, it } from "vitest";
import {
  creditAmounts,
  CreditExceedsInvoice,
  creditNote,
  type CreditRequest,
  shareInProportion,
  type Totals,
} from "~/orders/course-booking/credit-note.ts";
import { quote } from "~/orders/course-booking/vat.ts";

const description = "Strategic Leadership, 18-22 January 2027, London";
/** 3 places less 10%: £12,150 + £2,430 VAT. */
const groupInvoice = quote([{ description, quantity: 3, unitPricePence: 450_000, discountPence: 135_000 }]);
/** £4,500.01 + £900.00 VAT (20% of 450,001 = 90,000.2) = £5,400.01: an odd gross. */
const oddInvoice = quote([{ description, quantity: 1, unitPricePence: 450_001, discountPence: 0 }]);

const add = (a: Totals, b: Totals): Totals => ({
  netPence: a.netPence + b.netPence,
  vatPence: a.vatPence + b.vatPence,
});

describe("a credit note", () => {
  it("for the whole invoice credits exactly its net, VAT and lines", () => {
    expect(creditNote(groupInvoice, { basisPoints: 10_000 })).toEqual({
      netPence: 1_215_000,
      vatPence: 243_000,
      grossPence: 1_458_000,
      lines: [{ description, netPence: 1_215_000, vatRateBasisPoints: 2000 }],
    });
  });

  it("for half: the gross rounded half up, VAT in the invoice's proportion, net the rest", () => {
    expect(oddInvoice).toMatchObject({ netPence: 450_001, vatPence: 90_000, grossPence: 540_001 });
    // 270,000.5 -> 270,001; VAT 270,001 × 90,000 / 540,001 = 44,999.99 -> 45,000.
    expect(creditAmounts(oddInvoice, { basisPoints: 5000 })).toEqual({
      netPence: 225_001,
      vatPence: 45_000,
      grossPence: 270_001,
    });
  });

  it("the second half is capped at what is left: the two together are the invoice exactly", () => {
    const first = creditAmounts(oddInvoice, { basisPoints: 5000 });
    const second = creditAmounts(oddInvoice, { basisPoints: 5000 }, first);
    expect(second).toEqual({ netPence: 225_000, vatPence: 45_000, grossPence: 270_000 });
    expect(add(first, second)).toEqual({ netPence: 450_001, vatPence: 90_000 });
    // Nothing is left for a third.
    expect(creditAmounts(oddInvoice, { basisPoints: 10_000 }, add(first, second))).toEqual({
      netPence: 0,
      vatPence: 0,
      grossPence: 0,
    });
  });

  it("for an amount (the team's override): split in proportion, up to what is left, refused above it", () => {
    expect(creditAmounts(groupInvoice, { grossPence: 100_000 })).toEqual({
      netPence: 83_333,
      vatPence: 16_667,
      grossPence: 100_000,
    });
    const credited = { netPence: 1_000_000, vatPence: 200_000 };
    expect(creditAmounts(groupInvoice, { grossPence: 258_000 }, credited)).toEqual({
      netPence: 215_000,
      vatPence: 43_000,
      grossPence: 258_000,
    });
    expect(() => creditAmounts(groupInvoice, { grossPence: 258_001 }, credited)).toThrow(CreditExceedsInvoice);
    expect(() => creditAmounts(groupInvoice, { grossPence: 1_458_001 })).toThrow(/At most 1458000 pence/);
  });

  it("keeps the VAT of all its notes together in proportion, so roundings do not add up", () => {
    /** The notes for `grosses` one after another. */
    const notes = (invoice: Totals, grosses: number[]) => {
      let credited: Totals = { netPence: 0, vatPence: 0 };
      return grosses.map((grossPence) => {
        const note = creditAmounts(invoice, { grossPence }, credited);
        credited = add(credited, note);
        return note;
      });
    };
    // Six notes of 1 p (VAT a sixth of each): 1 p of VAT in all, credited with the third (each alone would round to 0).
    expect(notes(groupInvoice, [1, 1, 1, 1, 1, 1]).map((n) => n.vatPence)).toEqual([0, 0, 1, 0, 0, 0]);
    // The odd invoice in thirds: 30,000 p of VAT each, the odd penny in the last net.
    const thirds = notes(oddInvoice, [180_000, 180_000, 180_001]);
    expect(thirds.map((n) => n.vatPence)).toEqual([30_000, 30_000, 30_000]);
    expect(thirds.map((n) => n.netPence)).toEqual([150_000, 150_000, 150_001]);
  });

  it("never credits more VAT or net than is left, nor less than none, after notes split otherwise", () => {
    // Earlier notes (split by hand) credited all the VAT: the rest is net.
    expect(creditAmounts(groupInvoice, { grossPence: 1_000 }, { netPence: 0, vatPence: 243_000 })).toEqual({
      netPence: 1_000,
      vatPence: 0,
      grossPence: 1_000,
    });
    // They credited all the net: the rest is VAT.
    expect(creditAmounts(groupInvoice, { grossPence: 1_000 }, { netPence: 1_215_000, vatPence: 0 })).toEqual({
      netPence: 0,
      vatPence: 1_000,
      grossPence: 1_000,
    });
    // Left: 1 p of net and 500 p of VAT: a credit of all 501 p takes exactly that.
    expect(creditAmounts(groupInvoice, { grossPence: 501 }, { netPence: 1_214_999, vatPence: 242_500 })).toEqual({
      netPence: 1,
      vatPence: 500,
      grossPence: 501,
    });
  });

  it("refuses earlier credits above the invoice, and amounts that are not whole pence", () => {
    expect(() => creditAmounts(groupInvoice, { basisPoints: 100 }, { netPence: 1_215_001, vatPence: 0 })).toThrow(
      CreditExceedsInvoice,
    );
    expect(() => creditAmounts(groupInvoice, { basisPoints: 100 }, { netPence: 0, vatPence: 243_001 })).toThrow(
      CreditExceedsInvoice,
    );
    expect(() => creditAmounts(groupInvoice, { grossPence: 10.5 })).toThrow(RangeError);
    expect(() => creditAmounts(groupInvoice, { basisPoints: 10_001 })).toThrow(RangeError);
    expect(() => creditAmounts(groupInvoice, { basisPoints: 50.5 })).toThrow(RangeError);
  });

  it("of a zero invoice credits nothing", () => {
    expect(creditAmounts({ netPence: 0, vatPence: 0 }, { basisPoints: 10_000 })).toEqual({
      netPence: 0,
      vatPence: 0,
      grossPence: 0,
    });
  });

  it("shares its net over the invoice's lines in proportion, in whole pence that add up", () => {
    const invoice = quote([
      { description: "Session A", quantity: 2, unitPricePence: 450_000, discountPence: 0 },
      { description: "Session B", quantity: 1, unitPricePence: 450_000, discountPence: 0 },
      { description: "Session C", quantity: 1, unitPricePence: 1, discountPence: 0 },
    ]);
    const note = creditNote(invoice, { basisPoints: 5000 });
    expect(note.lines.map((l) => l.description)).toEqual(["Session A", "Session B", "Session C"]);
    expect(note.lines.reduce((sum, l) => sum + l.netPence, 0)).toBe(note.netPence);
    note.lines.forEach((l, i) => expect(l.netPence).toBeLessThanOrEqual(invoice.lines[i]!.netPence));
  });
});

describe("sharing in proportion", () => {
  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [11, [1, 1, 1], [4, 4, 3]],
    [7, [2, 1], [5, 2]], // 4.67 and 2.33
    [1, [1, 1], [1, 0]], // a tie: the first line
    [5, [0, 0], [0, 0]],
    [0, [3, 4], [0, 0]],
  ])("%i over %j is %j", (total, weights, shares) => {
    expect(shareInProportion(total, weights)).toEqual(shares);
  });
});

describe("over many invoices and sequences of credit notes", () => {
  /** A step: a share of the invoice, or an amount: this many basis points of what is left (as the team would type it). */
  type Step = CreditRequest | { ofWhatIsLeft: number };
  const sequences: Step[][] = [
    [{ basisPoints: 10_000 }],
    [{ basisPoints: 5000 }, { basisPoints: 5000 }],
    [{ basisPoints: 3333 }, { basisPoints: 3333 }, { basisPoints: 3333 }, { basisPoints: 10_000 }],
    [{ basisPoints: 5000 }, { basisPoints: 5000 }, { basisPoints: 5000 }, { basisPoints: 10_000 }],
    [{ grossPence: 0 }, { ofWhatIsLeft: 3333 }, { ofWhatIsLeft: 5000 }, { basisPoints: 9999 }, { basisPoints: 10_000 }],
    [{ basisPoints: 1 }, { basisPoints: 7 }, { ofWhatIsLeft: 9973 }, { basisPoints: 10_000 }],
  ];

  it("each note is whole pence with net + VAT = gross, VAT within a penny of the invoice's proportion, and together never more than the invoice, the last credit closing it exactly", () => {
    let notes = 0;
    for (const rate of [2000, 500]) {
      for (let quantity = 1; quantity <= 12; quantity++) {
        for (const unit of [1, 3, 7, 99, 449_995, 450_001]) {
          for (const discountPence of [0, quantity >= 3 ? Math.round((quantity * unit) / 10) : 0]) {
            const invoice = quote([{ description, quantity, unitPricePence: unit, discountPence }], rate);
            for (const sequence of sequences) {
              let credited: Totals = { netPence: 0, vatPence: 0 };
              for (const step of sequence) {
                const left = invoice.grossPence - credited.netPence - credited.vatPence;
                const request: CreditRequest =
                  "ofWhatIsLeft" in step ? { grossPence: Math.floor((left * step.ofWhatIsLeft) / 10_000) } : step;
                expect(() => creditNote(invoice, { grossPence: left + 1 }, credited)).toThrow(CreditExceedsInvoice);
                const note = creditNote(invoice, request, credited);
                notes++;
                for (const value of [note.netPence, note.vatPence, note.grossPence]) {
                  expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
                }
                expect(note.netPence + note.vatPence).toBe(note.grossPence);
                expect(note.grossPence).toBeLessThanOrEqual(left);
                expect(note.lines.reduce((sum, l) => sum + l.netPence, 0)).toBe(note.netPence);
                // VAT within one penny of gross × the invoice's VAT ÷ its gross.
                const error = Math.abs(note.vatPence * invoice.grossPence - note.grossPence * invoice.vatPence);
                expect(error).toBeLessThanOrEqual(invoice.grossPence);
                credited = add(credited, note);
                // And all the notes so far within half a penny of it.
                const creditedGross = credited.netPence + credited.vatPence;
                expect(
                  Math.abs(credited.vatPence * invoice.grossPence - creditedGross * invoice.vatPence) * 2,
                ).toBeLessThanOrEqual(invoice.grossPence);
                expect(credited.netPence).toBeLessThanOrEqual(invoice.netPence);
                expect(credited.vatPence).toBeLessThanOrEqual(invoice.vatPence);
              }
              // Every sequence ends asking for the whole invoice: what is left is credited, exactly.
              expect(credited).toEqual({ netPence: invoice.netPence, vatPence: invoice.vatPence });
            }
          }
        }
      }
    }
    expect(notes).toBe(2 * 12 * 6 * 2 * sequences.reduce((sum, s) => sum + s.length, 0));
  });
});
