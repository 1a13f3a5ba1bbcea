/**
 * Joining instructions, the reminder and the pre-course questionnaire
 * (issue 41, docs/decisions/082-joining-instructions.md): the pure rules.
 * The job that sends the e-mails is ./joining.server.ts; the questionnaire's
 * link and answers ./questionnaire.server.ts.
 *
 * - Each named delegate of a confirmed booking (invoiced or paid) is sent
 *   the joining instructions a set number of London calendar days before
 *   the session's first day (a business setting per format: in person 7,
 *   online 3 by default), or at the job's next run once named, if later;
 *   never once the session has started.
 * - The reminder goes on the working day before the first day (Monday to
 *   Friday, England's bank holidays excepted, London days), to a delegate
 *   whose instructions went on an earlier day (one named on that day or
 *   later has just had them: no reminder on top).
 * - The questionnaire's link opens until 7 days after the session ends; the
 *   answers can be changed until the session starts.
 * - Access and dietary needs are deleted 14 days after the session ends
 *   (the retention job); objectives and experience live as the booking does.
 */
import type { BusinessCalendar } from "~/calendar/business-hours.ts";
import { retentionPeriods } from "~/content/retention-periods.ts";
import type { SessionFormat } from "~/content/session-formats.ts";
import { addDays } from "~/time/london.ts";
import { londonDate } from "./days.ts";

/** Days before the first day the joining instructions go, per format. */
export type JoiningDays = Readonly<Record<SessionFormat, number>>;

export const defaultJoiningDays: JoiningDays = { "in-person": 7, online: 3 };

/** The most days before a session its joining instructions may be set to go. */
export const maxJoiningDays = 60;

/** The questionnaire link opens until this many days after the session ends. */
export const questionnaireLinkDaysAfterCourse = 7;

/** Access and dietary needs are deleted this many days after the session ends (the retention rule course_delegate_needs). */
export const needsKeptDaysAfterCourse = retentionPeriods.course_delegate_needs.days;

const DAY_MS = 86_400_000;

/** The London day the joining instructions for a session starting on `firstDay` go. */
export function joiningDay(firstDay: string, format: SessionFormat, days: JoiningDays): string {
  return addDays(firstDay, -days[format]);
}

/** Whether a delegate not yet sent them is due the joining instructions at `now` (on its London day). */
export function joiningDue(
  { firstDay, format, startsAt }: { firstDay: string; format: SessionFormat; startsAt: Date },
  now: Date,
  days: JoiningDays,
): boolean {
  return londonDate(now) >= joiningDay(firstDay, format, days) && now.getTime() < startsAt.getTime();
}

const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The working day (the calendar's weekdays, not its holidays) before the London date `firstDay`. */
export function workingDayBefore(firstDay: string, calendar: Pick<BusinessCalendar, "weekdays" | "holidays">): string {
  let day = addDays(firstDay, -1);
  for (let i = 0; i < 366; i++, day = addDays(day, -1)) {
    if (calendar.weekdays.includes(isoWeekday(day)) && !calendar.holidays.has(day)) return day;
  }
  throw new Error("The business calendar has no working day in a year");
}

/** Whether a delegate sent the instructions on the London day `instructionsSentOn` is due the reminder today. */
export function reminderDue(
  { firstDay, startsAt, instructionsSentOn }: { firstDay: string; startsAt: Date; instructionsSentOn: string },
  now: Date,
  calendar: Pick<BusinessCalendar, "weekdays" | "holidays">,
): boolean {
  const day = workingDayBefore(firstDay, calendar);
  return londonDate(now) >= day && instructionsSentOn < day && now.getTime() < startsAt.getTime();
}

/** When a questionnaire link stops opening. */
export function questionnaireLinkExpiresAt(sessionEndsAt: Date): Date {
  return new Date(sessionEndsAt.getTime() + questionnaireLinkDaysAfterCourse * DAY_MS);
}

/** The questionnaire's fields, as the delegate sees them, and their longest answers. */
export const questionnaireFields = {
  objectives: { label: "What do you want to get out of the course?", max: 2000 },
  experience: { label: "Your experience of the subject so far", max: 2000 },
  accessNeeds: { label: "Access needs (anything we should arrange so that you can take part fully)", max: 1000 },
  dietaryNeeds: { label: "Dietary needs (for lunches and refreshments)", max: 500 },
} as const;

export type QuestionnaireField = keyof typeof questionnaireFields;
export type QuestionnaireAnswers = Record<QuestionnaireField, string | null>;

export const questionnaireMessage = (field: QuestionnaireField) =>
  `Keep "${questionnaireFields[field].label.replace(/ \(.*$/, "")}" to ${questionnaireFields[field].max.toLocaleString("en-GB")} characters or fewer`;

const unreadable = "Type your answer as plain text: it holds characters that are not text";

/** Reads a posted questionnaire: every answer optional (empty: none), or a message per field too long or not text. */
export function readAnswers(
  form: Partial<Record<string, unknown>>,
): { ok: true; answers: QuestionnaireAnswers } | { ok: false; problems: Partial<Record<QuestionnaireField, string>> } {
  const answers = {} as QuestionnaireAnswers;
  const problems: Partial<Record<QuestionnaireField, string>> = {};
  for (const field of Object.keys(questionnaireFields) as QuestionnaireField[]) {
    const value = form[field] ?? "";
    const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : null;
    // eslint-disable-next-line no-control-regex -- control characters (a NUL PostgreSQL refuses) are not an answer
    if (text === null || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) problems[field] = unreadable;
    else if (text.length > questionnaireFields[field].max) problems[field] = questionnaireMessage(field);
    else answers[field] = text === "" ? null : text;
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, answers };
}
