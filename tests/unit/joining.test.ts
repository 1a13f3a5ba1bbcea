/**
 * Joining instructions, the reminder and the questionnaire's rules
 * (app/orders/course-booking/joining.ts, ADR 082): the days before a session
 * per format in London days (across the clocks going forward and back), the
 * working day before the start (across a weekend and England's bank
 * holidays), the link's expiry and the answers as read from a form.
 */
import { describe, expect, it } from "vitest";
import { siteCalendar } from "~/calendar/business-hours.ts";
import {
  defaultJoiningDays,
  joiningDay,
  joiningDue,
  questionnaireFields,
  questionnaireLinkExpiresAt,
  questionnaireMessage,
  readAnswers,
  reminderDue,
  workingDayBefore,
} from "~/orders/course-booking/joining.ts";

/** The site's calendar: England's bank holidays of 2026 and 2027 as the release lists them (content/business.ts). */
const calendar = siteCalendar();

describe("the day the joining instructions go", () => {
  it("is the set number of London calendar days before the first day, per format", () => {
    expect(joiningDay("2027-03-08", "in-person", defaultJoiningDays)).toBe("2027-03-01");
    expect(joiningDay("2027-03-08", "online", defaultJoiningDays)).toBe("2027-03-05");
    expect(joiningDay("2027-03-08", "online", { "in-person": 10, online: 14 })).toBe("2027-02-22");
  });

  it("counts London days across the clocks going forward: due from 00:00 BST, not a 24-hour step", () => {
    // The clocks go forward on Sunday 28 March 2027; a session in person from Monday 5 April is due on Monday 29 March.
    const session = {
      firstDay: "2027-04-05",
      format: "in-person" as const,
      startsAt: new Date("2027-04-05T08:00:00Z"),
    };
    const at = (iso: string) => new Date(iso);
    // 23:30 UTC on 28 March is 00:30 BST on 29 March: already the day.
    expect(joiningDue(session, at("2027-03-28T23:30:00Z"), defaultJoiningDays)).toBe(true);
    expect(joiningDue(session, at("2027-03-28T22:59:00Z"), defaultJoiningDays)).toBe(false);
  });

  it("counts London days across the clocks going back, and never once the session has started", () => {
    // Clocks go back on Sunday 31 October 2027; an online session from Wednesday 3 November, 3 days before: 31 October.
    const session = { firstDay: "2027-11-03", format: "online" as const, startsAt: new Date("2027-11-03T09:30:00Z") };
    const at = (iso: string) => new Date(iso);
    // 23:30 UTC on 30 October is 00:30 BST on 31 October.
    expect(joiningDue(session, at("2027-10-30T23:30:00Z"), defaultJoiningDays)).toBe(true);
    expect(joiningDue(session, at("2027-10-30T22:59:00Z"), defaultJoiningDays)).toBe(false);
    // Named late: due at once, until the start.
    expect(joiningDue(session, at("2027-11-03T09:29:00Z"), defaultJoiningDays)).toBe(true);
    expect(joiningDue(session, at("2027-11-03T09:30:00Z"), defaultJoiningDays)).toBe(false);
  });
});

describe("the working day before the start", () => {
  it("is the Friday for a Monday start, over the weekend", () => {
    expect(workingDayBefore("2027-03-08", calendar)).toBe("2027-03-05");
  });

  it("is the day before on a weekday", () => {
    expect(workingDayBefore("2027-03-10", calendar)).toBe("2027-03-09");
  });

  it("passes over bank holidays: Easter Monday and Good Friday before a Tuesday start", () => {
    expect(workingDayBefore("2027-03-30", calendar)).toBe("2027-03-25");
    // The spring bank holiday, Monday 31 May 2027, before a start on Tuesday 1 June.
    expect(workingDayBefore("2027-06-01", calendar)).toBe("2027-05-28");
    // Christmas 2026 (Friday) and its substitute Boxing Day (Monday 28) before a start on Tuesday 29 December.
    expect(workingDayBefore("2026-12-29", calendar)).toBe("2026-12-24");
  });

  it("is due from that London day until the start, to a delegate sent the instructions on an earlier day", () => {
    const state = {
      firstDay: "2027-03-08",
      startsAt: new Date("2027-03-08T09:00:00Z"),
      instructionsSentOn: "2027-03-01",
    };
    const at = (iso: string) => new Date(iso);
    expect(reminderDue(state, at("2027-03-04T23:59:00Z"), calendar)).toBe(false);
    expect(reminderDue(state, at("2027-03-05T00:00:00Z"), calendar)).toBe(true);
    expect(reminderDue(state, at("2027-03-07T12:00:00Z"), calendar)).toBe(true);
    expect(reminderDue(state, at("2027-03-08T09:00:00Z"), calendar)).toBe(false);
    // In summer time the day starts at 23:00 UTC: Friday 4 June 2027 before a start on Monday 7 June.
    const june = {
      firstDay: "2027-06-07",
      startsAt: new Date("2027-06-07T08:00:00Z"),
      instructionsSentOn: "2027-05-31",
    };
    expect(reminderDue(june, at("2027-06-03T22:59:00Z"), calendar)).toBe(false);
    expect(reminderDue(june, at("2027-06-03T23:00:00Z"), calendar)).toBe(true);
    // Sent the instructions on the reminder's day, or later (named late): no reminder on top.
    expect(reminderDue({ ...state, instructionsSentOn: "2027-03-05" }, at("2027-03-05T12:00:00Z"), calendar)).toBe(
      false,
    );
    expect(reminderDue({ ...state, instructionsSentOn: "2027-03-06" }, at("2027-03-07T12:00:00Z"), calendar)).toBe(
      false,
    );
  });
});

describe("the questionnaire", () => {
  it("opens until 7 days after the session ends", () => {
    expect(questionnaireLinkExpiresAt(new Date("2027-03-12T17:00:00Z")).toISOString()).toBe("2027-03-19T17:00:00.000Z");
  });

  it("reads every answer as optional, trimmed, empty as none", () => {
    expect(readAnswers({ objectives: "  Lead better \r\n meetings ", experience: "", accessNeeds: "   " })).toEqual({
      ok: true,
      answers: { objectives: "Lead better \n meetings", experience: null, accessNeeds: null, dietaryNeeds: null },
    });
  });

  it("refuses an answer too long, or not text, naming the field", () => {
    const long = "x".repeat(questionnaireFields.dietaryNeeds.max + 1);
    expect(readAnswers({ dietaryNeeds: long, objectives: "x".repeat(questionnaireFields.objectives.max) })).toEqual({
      ok: false,
      problems: { dietaryNeeds: questionnaireMessage("dietaryNeeds") },
    });
    expect(questionnaireMessage("dietaryNeeds")).toBe('Keep "Dietary needs" to 500 characters or fewer');
    const refused = readAnswers({ accessNeeds: "wheel\u0000chair", experience: ["a", "b"] });
    expect(refused.ok).toBe(false);
    expect(Object.keys(refused.ok ? {} : refused.problems).sort()).toEqual(["accessNeeds", "experience"]);
  });
});
