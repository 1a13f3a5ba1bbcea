/** The inbox's pure rules: search words and text, filters from and to the address, page cursors, where an open enquiry stands. */
import { describe, expect, it } from "vitest";
import { byteOrderMark, csvCell, csvLine } from "~/inbox/csv.ts";
import { decodeCursor, encodeCursor, filterQuery, noFilters, parseFilters } from "~/inbox/filters.ts";
import { maxSearchWords, searchText, searchWords } from "~/data/search-text.ts";
import { due, openLeadDue } from "~/inbox/due.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import { localDateTimeInstant, localDateTimeValue, startOfLocalDay } from "~/time/london.ts";

describe("search", () => {
  it("makes plain lower-case words: accents dropped, anything else a separator", () => {
    expect(
      searchText({
        name: "Zoë Brontë-Smith",
        email: "Zoe.B@Acme.co.uk",
        company: "Ça Va Ltd",
        message: "Hi!\nRisk/GRC?",
      }),
    ).toBe("zoe bronte smith zoe b acme co uk ca va ltd hi risk grc");
  });
  it("searches the first 2,000 characters of a message only", () => {
    const text = searchText({ name: "", email: "", company: "", message: `${"a ".repeat(1000)}tail` });
    expect(text).not.toContain("tail");
  });
  it("takes at most 8 distinct words of a search, operators of either database being separators", () => {
    expect(searchWords('  "Zoë" AND acme* -x | y & z:* ')).toEqual(["zoe", "and", "acme", "x", "y", "z"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(maxSearchWords);
    expect(searchWords("a a A")).toEqual(["a"]);
    expect(searchWords("")).toEqual([]);
  });
});

describe("filters", () => {
  it("reads what it knows and ignores the rest", () => {
    expect(parseFilters(new URLSearchParams(""))).toEqual(noFilters);
    expect(
      parseFilters(
        new URLSearchParams(
          "kind=contact&status=won&owner=me&pillar=strategy&from=2026-11-01&to=2026-11-30&test=1&q=+acme+&sort=deadline",
        ),
      ),
    ).toEqual({
      kind: "contact",
      status: "won",
      owner: "me",
      pillar: "strategy",
      from: "2026-11-01",
      to: "2026-11-30",
      test: true,
      q: "acme",
      sort: "deadline",
    });
    expect(
      parseFilters(
        new URLSearchParams(
          "kind=toString&status=done&owner=a b&pillar=x&from=2026-13-01&to=yesterday&test=yes&sort=old",
        ),
      ),
    ).toEqual(noFilters);
  });
  it("writes them back without the defaults, with a page cursor", () => {
    expect(filterQuery(noFilters)).toBe("");
    const filters = { ...noFilters, kind: "newsletter" as const, q: "a&b", sort: "deadline" as const };
    expect(filterQuery(filters, "2026-11-24T10:00:00.000Z~abc")).toBe(
      "?kind=newsletter&q=a%26b&sort=deadline&after=2026-11-24T10%3A00%3A00.000Z%7Eabc",
    );
    expect(parseFilters(new URLSearchParams(filterQuery(filters)))).toEqual(filters);
  });
  it("page cursors go both ways; anything else is no cursor", () => {
    const cursor = { at: "2026-11-24T10:00:00.000Z", id: "3f2c-11aa" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [null, "", "x~y", "2026-11-24T10:00:00.000Z~", "2026-11-24T10:00:00.000Z~a'b", "2026-11-24~x"]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
  it("a London date begins at midnight London time, in summer time too", () => {
    expect(startOfLocalDay("2026-11-24", "Europe/London").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(startOfLocalDay("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(localDateTimeInstant("2027-05-12T12:30", "Europe/London")?.toISOString()).toBe("2027-05-12T11:30:00.000Z");
    expect(localDateTimeInstant("2027-01-12T09:05", "Europe/London")?.toISOString()).toBe("2027-01-12T09:05:00.000Z");
    // And back, as the field shows it (summer and winter time).
    expect(localDateTimeValue(new Date("2027-05-12T11:30:59Z"), "Europe/London")).toBe("2027-05-12T12:30");
    expect(localDateTimeValue(new Date("2027-01-12T09:05:00Z"), "Europe/London")).toBe("2027-01-12T09:05");
    expect(localDateTimeInstant("12/05/2027 12:30", "Europe/London")).toBeNull();
    expect(localDateTimeInstant("2027-13-12T12:30", "Europe/London")).toBeNull();
    expect(startOfLocalDay("2026-03-29", "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfLocalDay("2026-10-25", "Europe/London").toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });
});

describe("CSV", () => {
  it("quotes every cell, doubles quotes, keeps commas and line breaks inside the cell", () => {
    expect(csvLine(["a", 'say "hi"', "x,y", "two\nlines", null, 42])).toBe(
      '"a","say ""hi""","x,y","two\nlines","","42"\r\n',
    );
  });
  it("neutralises what a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}HYPERLINK("http://evil")`)).toBe(`"'${start}HYPERLINK(""http://evil"")"`);
    }
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("O'Brien")).toBe(`"O'Brien"`);
    expect(csvCell(-5)).toBe(`"'-5"`);
  });
  it("starts with a byte order mark so Excel reads UTF-8", () => {
    expect(byteOrderMark).toBe("\uFEFF");
  });
});

describe("due and openLeadDue", () => {
  const calendar = siteCalendar([]);
  // Tuesday 24 November 2026, London on GMT: business hours 9:00-17:30 UTC.
  const deadline = new Date("2026-11-24T15:00:00Z");
  it("on track, due soon within 4 business hours, overdue from the deadline", () => {
    expect(due(deadline, new Date("2026-11-24T10:00:00Z"), calendar)).toEqual({ state: "on-track", hours: 5 });
    expect(due(deadline, new Date("2026-11-24T11:00:00Z"), calendar)).toEqual({ state: "due-soon", hours: 4 });
    expect(due(deadline, new Date("2026-11-24T16:00:00Z"), calendar)).toEqual({ state: "overdue", hours: 1 });
    // The evening does not count: still 2.5 business hours over the next morning at 9:00.
    expect(due(deadline, new Date("2026-11-25T09:00:00Z"), calendar)).toEqual({ state: "overdue", hours: 3 });
    expect(due(deadline, new Date("2026-12-02T15:00:01Z"), calendar)).toEqual({ state: "overdue", hours: null });
  });
  it("only an open enquiry with a deadline has one", () => {
    const now = new Date("2026-11-24T11:00:00Z");
    expect(openLeadDue({ deadlineAt: deadline.toISOString(), status: "new" }, now, calendar)?.state).toBe("due-soon");
    expect(openLeadDue({ deadlineAt: deadline.toISOString(), status: "contacted" }, now, calendar)).toBeNull();
    expect(openLeadDue({ deadlineAt: null, status: "new" }, now, calendar)).toBeNull();
  });
});
