/**
 * Course sessions (docs/decisions/055-course-sessions-as-content.md): the
 * schema's rules with the editor's messages, the money fields in pounds, and
 * the date helpers from London wall-clock hours (GMT and BST).
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  describeFields,
  formValues,
  penceFromPounds,
  readItemForm,
  type EditorField,
} from "~/publishing/editor-fields.ts";
import { buildCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { releaseSessions } from "~/content/seed/sessions.ts";
import { courseSessionSchema, type CourseSession } from "~/content/sessions-schema.ts";
import {
  earlyBirdEndsAt,
  isUpcoming,
  londonIso,
  sessionChanges,
  sessionDateLabel,
  sessionDays,
  sessionDayTimes,
  sessionEndsAt,
  sessionPriceAt,
  sessionStartsAt,
} from "~/calendar/session-dates.ts";
import { londonVenue } from "../support/unit-fixtures.ts";

const online: CourseSession = {
  id: "risk-management-2027-05-online",
  courseId: "risk-management",
  startDate: "2027-05-10",
  hours: Array.from({ length: 5 }, () => ({ starts: "09:30", ends: "16:30" })),
  format: "online",
  capacity: 16,
  state: "open",
};
const inPerson: CourseSession = {
  ...online,
  id: "risk-management-2027-03-london",
  startDate: "2027-03-08",
  format: "in-person",
  venue: londonVenue,
};

/** The schema's messages by field path. */
function problems(data: unknown): Record<string, string> {
  const result = courseSessionSchema.safeParse(data);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("a course session's rules", () => {
  it("accepts the release's sessions", () => {
    for (const session of releaseSessions) expect(problems(session)).toEqual({});
  });

  it("starts on a Monday, a real date", () => {
    expect(problems({ ...online, startDate: "2027-05-11" })).toEqual({
      startDate: "must be a Monday: the course runs Monday to Friday",
    });
    expect(problems({ ...online, startDate: "2027-02-30" })).toMatchObject({
      startDate: "must be a date, such as 8 March 2027",
    });
  });

  it("gives five days' hours, each ending after it starts", () => {
    expect(problems({ ...online, hours: online.hours.slice(0, 4) })).toEqual({
      hours: "must give the hours of each of the five days",
    });
    const hours = online.hours.map((h, i) => (i === 2 ? { starts: "14:00", ends: "09:00" } : h));
    expect(problems({ ...online, hours })).toEqual({ "hours.2.ends": "must end after it starts" });
    expect(problems({ ...online, hours: online.hours.map(() => ({ starts: "9am", ends: "17:00" })) })).toMatchObject({
      "hours.0.starts": "must be a time on the 24-hour clock, such as 09:00",
    });
  });

  it("names a venue in person, none online", () => {
    expect(problems({ ...inPerson, venue: undefined })).toEqual({
      venue: "is required for a session in person: give the venue's name and address",
    });
    expect(problems({ ...online, venue: inPerson.venue })).toEqual({
      venue: "must be left empty for a live online session",
    });
  });

  it("has 1 to 40 places, whole pence, an early bird below the price and before the start", () => {
    expect(problems({ ...online, capacity: 0 })).toEqual({ capacity: "must be at least 1" });
    expect(problems({ ...online, capacity: 41 })).toEqual({ capacity: "must be at most 40" });
    expect(problems({ ...online, pricePence: 4500.5 })).toEqual({ pricePence: "must be a whole number of pence" });
    expect(problems({ ...online, earlyBird: { pricePence: 450000, until: "2027-04-01" } })).toEqual({
      "earlyBird.pricePence": "must be below the session's regular price (£4500)",
    });
    expect(problems({ ...online, pricePence: 500000, earlyBird: { pricePence: 450000, until: "2027-04-01" } })).toEqual(
      {},
    );
    expect(problems({ ...online, earlyBird: { pricePence: 400000, until: "2027-05-10" } })).toEqual({
      "earlyBird.until": "must be before the session's start date",
    });
  });

  it("is a state the site knows, and a format that is booked (not at a client's site)", () => {
    expect(Object.keys(problems({ ...online, state: "postponed" }))).toEqual(["state"]);
    expect(Object.keys(problems({ ...online, format: "on-site" }))).toEqual(["format"]);
  });

  it("the catalogue refuses an unknown course and a repeated id", () => {
    const withSessions = (sessions: unknown[]) => ({ ...releaseContent, sessions });
    expect(() => buildCatalogue(withSessions([{ ...online, courseId: "no-such-course" }]))).toThrow(
      'Session risk-management-2027-05-online: course "no-such-course" is not on the site',
    );
    expect(() => buildCatalogue(withSessions([online, online]))).toThrow(
      'Duplicate session id "risk-management-2027-05-online"',
    );
  });
});

describe("a session's prices in the editor", () => {
  const post = (fields: EditorField[], values: Record<string, string>) => {
    const names: string[] = [];
    const collect = (list: EditorField[]) => {
      for (const f of list) {
        if (f.kind === "group") collect(f.fields);
        else if (f.kind === "list") f.items.forEach((item) => collect(item.fields));
        else names.push(f.name);
      }
    };
    collect(fields);
    return { names, get: (name: string) => (names.includes(name) ? (values[name] ?? "") : null) };
  };
  const schema = courseSessionSchema as z.ZodType;

  it("shows pence as pounds and reads pounds back as pence", () => {
    const session = { ...inPerson, pricePence: 480000, earlyBird: { pricePence: 405050, until: "2027-01-29" } };
    const fields = describeFields(schema, session);
    expect(fields.find((f) => f.name === "pricePence")).toMatchObject({
      kind: "money",
      label: "Price per person (£, before VAT)",
    });
    const values = formValues(schema, session);
    expect(values).toMatchObject({ pricePence: "4800.00", "earlyBird.pricePence": "4050.50" });
    const { names, get } = post(fields, { ...values, pricePence: "£4,800" });
    expect(schema.parse(readItemForm(schema, get, names))).toEqual(session);
  });

  it("reads pounds as typed, and refuses what is not an amount with a message", () => {
    expect(penceFromPounds("4500")).toBe(450000);
    expect(penceFromPounds("£4,050.5")).toBe(405050);
    expect(penceFromPounds("4,050.05")).toBe(405005);
    expect(penceFromPounds("4.050")).toBeNull();
    expect(penceFromPounds("45,00")).toBeNull();
    const fields = describeFields(schema, online);
    const { names, get } = post(fields, { ...formValues(schema, online), pricePence: "four thousand" });
    expect(problems(readItemForm(schema, get, names))).toEqual({
      pricePence: "must be an amount in pounds, such as 4500 or 4,050.50",
    });
  });

  it("leaves out a venue and an early bird left blank", () => {
    const fields = describeFields(schema, online);
    const { names, get } = post(fields, formValues(schema, online));
    expect(names).toContain("venue.name");
    expect(names).toContain("earlyBird.until");
    expect(schema.parse(readItemForm(schema, get, names))).toEqual(online);
  });
});

describe("a session's dates and times", () => {
  it("runs Monday to Friday", () => {
    expect(sessionDays(inPerson)).toEqual(["2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12"]);
  });

  it("turns London hours into instants, in GMT in March and BST in May", () => {
    expect(sessionStartsAt(inPerson).toISOString()).toBe("2027-03-08T09:30:00.000Z");
    expect(sessionStartsAt(online).toISOString()).toBe("2027-05-10T08:30:00.000Z");
    expect(sessionEndsAt(online).toISOString()).toBe("2027-05-14T15:30:00.000Z");
    expect(londonIso(sessionStartsAt(inPerson))).toBe("2027-03-08T09:30:00+00:00");
    expect(londonIso(sessionEndsAt(online))).toBe("2027-05-14T16:30:00+01:00");
  });

  it("follows the clocks: the week before summer time is GMT, the week after BST", () => {
    // Summer time begins on Sunday 28 March 2027: the week before is GMT, the week after BST.
    const days = sessionDayTimes({ ...online, startDate: "2027-03-22" });
    expect(days.map((d) => d.starts.toISOString())).toEqual([
      "2027-03-22T09:30:00.000Z",
      "2027-03-23T09:30:00.000Z",
      "2027-03-24T09:30:00.000Z",
      "2027-03-25T09:30:00.000Z",
      "2027-03-26T09:30:00.000Z",
    ]);
    expect(sessionDayTimes({ ...online, startDate: "2027-03-29" })[0]!.starts.toISOString()).toBe(
      "2027-03-29T08:30:00.000Z",
    );
  });

  it("is upcoming until its first day starts, and never when cancelled", () => {
    const startsAt = sessionStartsAt(online).getTime();
    expect(isUpcoming(online, new Date(startsAt - 1))).toBe(true);
    expect(isUpcoming(online, new Date(startsAt))).toBe(false);
    expect(isUpcoming({ ...online, state: "cancelled" }, new Date(startsAt - 86_400_000))).toBe(false);
  });

  it("is labelled with its dates within a month, across months and across years", () => {
    expect(sessionDateLabel(inPerson)).toBe("8–12 March 2027");
    expect(sessionDateLabel({ startDate: "2027-03-29" })).toBe("29 March – 2 April 2027");
    expect(sessionDateLabel({ startDate: "2029-12-31" })).toBe("31 December 2029 – 4 January 2030");
  });

  it("charges the early-bird price to the end of its London day, then the regular price", () => {
    const early = { ...inPerson, earlyBird: { pricePence: 405000, until: "2027-01-29" } };
    expect(earlyBirdEndsAt(early)?.toISOString()).toBe("2027-01-30T00:00:00.000Z");
    expect(sessionPriceAt(early, new Date("2027-01-29T23:59:59Z"))).toEqual({ pricePence: 405000, earlyBird: true });
    expect(sessionPriceAt(early, new Date("2027-01-30T00:00:00Z"))).toEqual({ pricePence: 450000, earlyBird: false });
    expect(sessionPriceAt({ pricePence: 500000 }, new Date("2027-01-01T00:00:00Z"))).toEqual({
      pricePence: 500000,
      earlyBird: false,
    });
  });

  it("lists the instants at which what pages show changes without a publish", () => {
    const early = { ...inPerson, earlyBird: { pricePence: 405000, until: "2027-01-29" } };
    expect(sessionChanges([online, early]).map((t) => new Date(t).toISOString())).toEqual([
      "2027-01-30T00:00:00.000Z",
      "2027-03-08T09:30:00.000Z",
      "2027-05-10T08:30:00.000Z",
    ]);
  });
});
