/**
 * Waiting lists' rules (app/orders/course-booking/waiting.ts, ADR 083): the
 * offer's window (48 hours, 24 within 14 London days of the start, across a
 * clock change, never beyond the start), its lapse, and which request is
 * offered first.
 */
import { describe, expect, it } from "vitest";
import {
  confirmLinkLapsed,
  firstThatFits,
  listOrder,
  offerExpiresAt,
  offerLapsed,
  stateText,
} from "~/orders/course-booking/waiting.ts";

describe("an offer's window", () => {
  const start = new Date("2027-03-08T09:30:00Z");

  it("is 48 hours more than 14 London days before the start", () => {
    const now = new Date("2027-02-21T23:30:00Z"); // 15 London days before 8 March
    expect(offerExpiresAt(start, now)).toEqual(new Date("2027-02-23T23:30:00Z"));
  });

  it("is 24 hours within 14 London days of the start (the London day, not 14 × 24 hours)", () => {
    const now = new Date("2027-02-22T00:30:00Z"); // 14 London days before, 13.4 × 24 hours... still day 14
    expect(offerExpiresAt(start, now)).toEqual(new Date("2027-02-23T00:30:00Z"));
    const late = new Date("2027-02-22T23:59:00Z");
    expect(offerExpiresAt(start, late)).toEqual(new Date("2027-02-23T23:59:00Z"));
  });

  it("counts London days across the clocks going forward, and elapsed hours", () => {
    // Clocks go forward on 28 March 2027. 23:30 UTC on 30 March is 00:30 BST on 31 March:
    // 14 London days before 14 April (the UTC date would say 15).
    const session = new Date("2027-04-14T08:30:00Z");
    const now = new Date("2027-03-30T23:30:00Z");
    expect(offerExpiresAt(session, now)).toEqual(new Date("2027-03-31T23:30:00Z"));
    // 48 elapsed hours across the change: 47 on the wall clock.
    const before = new Date("2027-03-27T12:00:00Z");
    expect(offerExpiresAt(session, before)).toEqual(new Date("2027-03-29T12:00:00Z"));
  });

  it("counts London days across the clocks going back", () => {
    // Clocks go back on 31 October 2027; 23:30 UTC on 26 October is 00:30 BST on the 27th: 14 days before 10 November.
    const session = new Date("2027-11-10T09:00:00Z");
    expect(offerExpiresAt(session, new Date("2027-10-26T23:30:00Z"))).toEqual(new Date("2027-10-27T23:30:00Z"));
    expect(offerExpiresAt(session, new Date("2027-10-26T22:30:00Z"))).toEqual(new Date("2027-10-28T22:30:00Z"));
  });

  it("never runs beyond the session's start", () => {
    const now = new Date("2027-03-07T20:00:00Z");
    expect(offerExpiresAt(start, now)).toEqual(start);
  });

  it("lapses at its end, not before", () => {
    const until = new Date("2027-03-01T10:00:00Z");
    expect(offerLapsed(until, new Date("2027-03-01T09:59:59Z"))).toBe(false);
    expect(offerLapsed(until, until)).toBe(true);
    expect(confirmLinkLapsed(new Date("2027-03-01T10:00:00Z"), new Date("2027-03-03T09:59:00Z"))).toBe(false);
    expect(confirmLinkLapsed(new Date("2027-03-01T10:00:00Z"), new Date("2027-03-03T10:00:00Z"))).toBe(true);
  });
});

describe("the request offered next", () => {
  const list = [
    { id: "a", places: 3 },
    { id: "b", places: 1 },
    { id: "c", places: 2 },
  ];

  it("is the first in the list whose places fit what is free", () => {
    expect(firstThatFits(list, 3)?.id).toBe("a");
    expect(firstThatFits(list, 2)?.id).toBe("b");
    expect(firstThatFits(list.slice(2), 1)).toBeNull();
    expect(firstThatFits(list, 0)).toBeNull();
    expect(firstThatFits([], 5)).toBeNull();
  });

  it("follows the team's order, then the confirmation time", () => {
    const rows = [
      { id: "x", position: 2, confirmed_at: "2027-01-01T10:00:00Z" },
      { id: "y", position: 1, confirmed_at: "2027-01-02T10:00:00Z" },
      { id: "z", position: 1, confirmed_at: "2027-01-01T09:00:00Z" },
    ];
    expect([...rows].sort(listOrder).map((r) => r.id)).toEqual(["z", "y", "x"]);
  });
});

describe("what the team reads of a state", () => {
  it("says until when an offer holds", () => {
    expect(stateText("offered", "2027-03-01T10:00:00Z", () => "1 March 2027, 10:00")).toBe(
      "Offered until 1 March 2027, 10:00",
    );
    expect(stateText("waiting", null, String)).toBe("Waiting");
    expect(stateText("lapsed", null, String)).toBe("Lapsed");
  });
});
