import { describe, expect, it } from "vitest";
import { businessCalendar, businessPromises, promises } from "~/content/business.ts";
import {
  addBusinessHours,
  businessMsBetween,
  holidaySet,
  holidaysRunningOut,
  latestWorkingDayTime,
  siteCalendar,
  type BusinessCalendar,
} from "~/calendar/business-hours.ts";
import { deadlineState, responseDeadline } from "~/calendar/response-deadline.ts";
import { expectOutputs } from "../support/cases.ts";

const calendar: BusinessCalendar = { ...businessCalendar, holidays: holidaySet(businessCalendar.bankHolidays) };
const H = 3_600_000;
/** The deadline of an enquiry received at `iso` (an instant, with its offset). */
const due = (iso: string) =>
  responseDeadline(new Date(iso), businessPromises.responseTime.businessHours, calendar).toISOString();

describe("the 24-business-hour promise", () => {
  it("is the promise the site makes", () => {
    expect(promises.contactResponse).toBe(`within ${businessPromises.responseTime.businessHours} business hours`);
  });

  it("counts only Monday-Friday 9:00-17:30 (8.5 hours a day)", () => {
    // Monday 10:00 GMT: 7.5 h on Monday, 8.5 on Tuesday, 8 on Wednesday.
    expect(due("2026-11-23T10:00:00Z")).toBe("2026-11-25T17:00:00.000Z");
    // At opening time: 8.5 + 8.5 + 7.
    expect(due("2026-11-23T09:00:00Z")).toBe("2026-11-25T16:00:00.000Z");
    // Ending exactly at closing time stays on that day.
    expect(addBusinessHours(new Date("2026-11-23T09:00:00Z"), 8.5, calendar).toISOString()).toBe(
      "2026-11-23T17:30:00.000Z",
    );
  });

  it("starts counting at the next opening after an evening, a night or a weekend", () => {
    // Tuesday 17:30 (closing) and 23:00, Wednesday 06:00: all count from Wednesday 9:00.
    for (const received of ["2026-11-24T17:30:00Z", "2026-11-24T23:00:00Z", "2026-11-25T06:00:00Z"]) {
      expect(due(received)).toBe("2026-11-27T16:00:00.000Z");
    }
    // Friday 18:00, Saturday and Sunday: from Monday 9:00 to Wednesday 16:00.
    for (const received of ["2026-11-27T18:00:00Z", "2026-11-28T12:00:00Z", "2026-11-29T20:00:00Z"]) {
      expect(due(received)).toBe("2026-12-02T16:00:00.000Z");
    }
    // Friday 16:00: 1.5 h on Friday, the weekend skipped.
    expect(due("2026-11-27T16:00:00Z")).toBe("2026-12-02T14:30:00.000Z");
  });

  it("skips bank holidays (Christmas 2026: Friday 25 and Monday 28 December)", () => {
    // Thursday 24 December 12:00: 5.5 h, then Tuesday 29 and Wednesday 30 (17 h), 1.5 h on Thursday 31.
    expect(due("2026-12-24T12:00:00Z")).toBe("2026-12-31T10:30:00.000Z");
    // The same week without the holidays (an empty list): Friday, Monday, then 1.5 h on Tuesday.
    const noHolidays = { ...calendar, holidays: holidaySet([]) };
    expect(responseDeadline(new Date("2026-12-24T12:00:00Z"), 24, noHolidays).toISOString()).toBe(
      "2026-12-29T10:30:00.000Z",
    );
  });

  it("follows the clocks into British Summer Time (Sunday 29 March 2026)", () => {
    // Friday 27 March 17:00 GMT: 0.5 h; Monday 30 and Tuesday 31 (BST) 17 h; 6.5 h on Wednesday 1 April:
    // 15:30 BST, which is 14:30 UTC.
    expect(due("2026-03-27T17:00:00Z")).toBe("2026-04-01T14:30:00.000Z");
    // Received in summer time, counted in summer time: Tuesday 9:00 BST (08:00 UTC) → Thursday 16:00 BST.
    expect(due("2026-06-09T08:00:00Z")).toBe("2026-06-11T15:00:00.000Z");
  });

  it("and back to Greenwich Mean Time (Sunday 25 October 2026)", () => {
    // Friday 23 October 16:30 BST (15:30 UTC): 1 h; Monday 26 and Tuesday 27 (GMT) 17 h;
    // 6 h on Wednesday 28: 15:00 GMT, 15:00 UTC.
    expect(due("2026-10-23T15:30:00Z")).toBe("2026-10-28T15:00:00.000Z");
  });

  it("measures business time between two instants, negative when reversed", () => {
    const friday5pm = new Date("2026-11-27T17:00:00Z");
    const monday10am = new Date("2026-11-30T10:00:00Z");
    expect(businessMsBetween(friday5pm, monday10am, calendar)).toBe(1.5 * H);
    expect(businessMsBetween(monday10am, friday5pm, calendar)).toBe(-1.5 * H);
    expect(businessMsBetween(friday5pm, friday5pm, calendar)).toBe(0);
    // A whole weekend outside hours: none.
    expect(businessMsBetween(new Date("2026-11-27T18:00:00Z"), new Date("2026-11-30T08:59:00Z"), calendar)).toBe(0);
  });

  it("says on track, due soon (at most the given business hours left) or overdue", () => {
    const deadline = new Date("2026-11-25T17:00:00Z"); // Wednesday 17:00
    expect(deadlineState(deadline, new Date("2026-11-25T09:00:00Z"), 4, calendar)).toEqual({
      state: "on-track",
      businessMsLeft: 8 * H,
    });
    // Wednesday 13:00: 4 business hours left.
    expect(deadlineState(deadline, new Date("2026-11-25T13:00:00Z"), 4, calendar)).toEqual({
      state: "due-soon",
      businessMsLeft: 4 * H,
    });
    // The evening before counts as business time left, not clock time.
    expect(deadlineState(deadline, new Date("2026-11-24T22:00:00Z"), 4, calendar).businessMsLeft).toBe(8 * H);
    expect(deadlineState(deadline, deadline, 4, calendar)).toEqual({ state: "overdue", businessMsLeft: 0 });
    // Overdue by business time: Wednesday 17:00 to Thursday 10:00 is 0.5 + 1 h.
    expect(deadlineState(deadline, new Date("2026-11-26T10:00:00Z"), 4, calendar)).toEqual({
      state: "overdue",
      businessMsLeft: -1.5 * H,
    });
  });

  it("refuses a holiday list with anything but real dates written YYYY-MM-DD", () => {
    expect(() => holidaySet(["2026-12-25", "25/12/2026"])).toThrow('"25/12/2026"');
    expect(() => holidaySet(["2026-02-30"])).toThrow('"2026-02-30"');
    expect([...holidaySet(businessCalendar.bankHolidays)]).toHaveLength(businessCalendar.bankHolidays.length);
  });

  it("lists bank holidays that are weekdays", () => {
    for (const date of businessCalendar.bankHolidays) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      expect(weekday, date).not.toBe(0);
      expect(weekday, date).not.toBe(6);
    }
  });
});

describe("holidaysRunningOut", () => {
  const shortList = siteCalendar(["2026-12-25", "2027-12-28"]);

  it("says nothing while the list reaches 60 days ahead", () => {
    expect(holidaysRunningOut(shortList, new Date("2026-11-24T12:00:00Z"))).toBeNull();
    // 60 days after 29 October 2027 is 28 December 2027, the last one.
    expect(holidaysRunningOut(shortList, new Date("2027-10-29T12:00:00Z"))).toBeNull();
  });

  it("warns, naming the setting and the last date, once the last holiday is within 60 days", () => {
    const warning = holidaysRunningOut(shortList, new Date("2027-10-30T12:00:00Z"));
    expect(warning).toMatch(/^BANK_HOLIDAYS: the bank holidays known end on 2027-12-28, within 60 days/);
    expect(holidaysRunningOut(shortList, new Date("2028-03-01T12:00:00Z"))).toContain("2027-12-28");
  });

  it("warns for an empty list", () => {
    expect(holidaysRunningOut(siteCalendar([]), new Date("2026-11-24T12:00:00Z"))).toContain("end before today");
  });

  it("counts days in London: just after midnight BST is already the next day", () => {
    // 23:30 UTC on 29 October 2027 is 00:30 on the 30th in London (BST): the horizon passes the last date.
    expect(holidaysRunningOut(shortList, new Date("2027-10-29T23:30:00Z"))).not.toBeNull();
  });
});

describe("latestWorkingDayTime (the digest's set times)", () => {
  const calendar = siteCalendar(["2026-12-25", "2026-12-28", "2027-01-01"]);
  const at830 = { hour: 8, minute: 30 };
  const latest = (iso: string, before = false) =>
    latestWorkingDayTime(new Date(iso), at830, calendar, { before }).toISOString();
  it("is today's 08:30 from 08:30 on, the last working day's before it", () => {
    // Tuesday 24 November 2026 (GMT).
    expectOutputs(latest, [
      ["2026-11-24T08:30:00Z", "2026-11-24T08:30:00.000Z"],
      ["2026-11-24T17:00:00Z", "2026-11-24T08:30:00.000Z"],
      ["2026-11-24T08:29:59Z", "2026-11-23T08:30:00.000Z"],
    ]);
    // Strictly before: the set time before this one.
    expect(latest("2026-11-24T08:30:00Z", true)).toBe("2026-11-23T08:30:00.000Z");
  });
  it("skips weekends and bank holidays", () => {
    expectOutputs(latest, [
      // Monday before 08:30: Friday's. Sunday: Friday's.
      ["2026-11-30T07:00:00Z", "2026-11-27T08:30:00.000Z"],
      ["2026-11-29T12:00:00Z", "2026-11-27T08:30:00.000Z"],
      // Christmas (Friday) and the Monday bank holiday after it: Thursday 24th's, until Tuesday 29th.
      ["2026-12-28T12:00:00Z", "2026-12-24T08:30:00.000Z"],
      ["2026-12-29T08:30:00Z", "2026-12-29T08:30:00.000Z"],
    ]);
  });
  it("follows British Summer Time: 08:30 in London is 07:30 UTC in summer", () => {
    expectOutputs(latest, [
      // Clocks go forward on Sunday 28 March 2027: Monday 29th is BST.
      ["2027-03-29T07:30:00Z", "2027-03-29T07:30:00.000Z"],
      ["2027-03-29T07:29:00Z", "2027-03-26T08:30:00.000Z"],
      // And back on Sunday 31 October 2027: Friday 29th is BST, Monday 1 November GMT.
      ["2027-11-01T08:29:00Z", "2027-10-29T07:30:00.000Z"],
      ["2027-11-01T08:30:00Z", "2027-11-01T08:30:00.000Z"],
    ]);
  });
});
