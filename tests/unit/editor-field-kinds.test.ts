/**
 * The content editor's fields in the team's words (issue 39): a London date
 * and time read into the instant with that day's offset (across both clock
 * changes), dates and times as the browser's inputs post them, references by
 * their choices, lists changed by their buttons (nothing saved), and the
 * messages of a refused save naming each field as the form shows it.
 */
import { describe, expect, it } from "vitest";
import {
  applyListIntent,
  describeFields,
  formValues,
  listIntent,
  readItemForm,
  type EditorField,
  type FormProblem,
} from "~/publishing/editor-fields.ts";
import { choiceLabel } from "~/content/field-meta.ts";
import { wallClockInWords, wallClockIso, wallClockOf } from "~/time/london.ts";
import { courseSchema, trainerSchema, webinarSchema, type Course } from "~/content/schema.ts";
import { courseSessionSchema, type CourseSession } from "~/content/sessions-schema.ts";
import { standardSessionHours } from "~/content/session-formats.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { errorsOf } from "~/publishing/editor.server.ts";
import { itemTitle } from "~/content/types.server.ts";

const london = "Europe/London";

/** A posted form: `values` by name, every other name absent. */
const posted = (values: Record<string, string>) => ({
  names: Object.keys(values),
  get: (name: string) => (Object.hasOwn(values, name) ? values[name]! : null),
});

describe("a London date and time", () => {
  it("takes the offset of its day, on either side of the last Sunday of March (28 March 2027)", () => {
    expect(wallClockIso("2027-03-27", "12:30", london)).toEqual({ ok: true, iso: "2027-03-27T12:30:00+00:00" });
    expect(wallClockIso("2027-03-28", "00:59", london)).toEqual({ ok: true, iso: "2027-03-28T00:59:00+00:00" });
    expect(wallClockIso("2027-03-28", "02:00", london)).toEqual({ ok: true, iso: "2027-03-28T02:00:00+01:00" });
    expect(wallClockIso("2027-03-29", "12:30", london)).toEqual({ ok: true, iso: "2027-03-29T12:30:00+01:00" });
  });

  it("takes the offset of its day, on either side of the last Sunday of October (31 October 2027)", () => {
    expect(wallClockIso("2027-10-30", "12:30", london)).toEqual({ ok: true, iso: "2027-10-30T12:30:00+01:00" });
    expect(wallClockIso("2027-10-31", "00:30", london)).toEqual({ ok: true, iso: "2027-10-31T00:30:00+01:00" });
    expect(wallClockIso("2027-10-31", "02:00", london)).toEqual({ ok: true, iso: "2027-10-31T02:00:00+00:00" });
    expect(wallClockIso("2027-11-01", "12:30", london)).toEqual({ ok: true, iso: "2027-11-01T12:30:00+00:00" });
  });

  it("refuses the hour skipped in spring and the hour repeated in autumn, and what is not a date or a time", () => {
    expect(wallClockIso("2027-03-28", "01:30", london)).toEqual({ ok: false, problem: "skipped" });
    expect(wallClockIso("2027-10-31", "01:30", london)).toEqual({ ok: false, problem: "repeated" });
    expect(wallClockIso("2027-02-30", "12:30", london)).toEqual({ ok: false, problem: "not-a-date" });
    expect(wallClockIso("2027-05-12", "24:00", london)).toEqual({ ok: false, problem: "not-a-time" });
  });

  it("shows a stored instant back as its London date and time, and in words", () => {
    expect(wallClockOf("2027-05-12T12:30:00+01:00", london)).toEqual({ date: "2027-05-12", time: "12:30" });
    expect(wallClockOf("2027-05-12T11:30:00Z", london)).toEqual({ date: "2027-05-12", time: "12:30" });
    expect(wallClockOf("2027-02-10T12:30:00+00:00", london)).toEqual({ date: "2027-02-10", time: "12:30" });
    expect(wallClockInWords("2027-05-12", "12:30")).toBe("Wednesday 12 May 2027, 12:30 London time");
    expect(wallClockInWords("2027-05-12", "")).toBeNull();
  });
});

describe("reading a posted form, field by field", () => {
  const webinar = releaseContent.webinars[0]!;
  const webinarValues = formValues(webinarSchema, webinar);

  it("a date and time: the date and time inputs read as the instant with the day's offset", () => {
    const fields = describeFields(webinarSchema, webinar);
    expect(fields.find((f) => f.name === "startsAt")).toMatchObject({ kind: "datetime", label: "Starts at" });
    const form = posted({ ...webinarValues, "startsAt.date": "2027-10-31", "startsAt.time": "12:30" });
    expect(readItemForm(webinarSchema, form.get, form.names)).toMatchObject({ startsAt: "2027-10-31T12:30:00+00:00" });
    const summer = posted({ ...webinarValues, "startsAt.date": "12/05/2027", "startsAt.time": "12:30:00" });
    expect(readItemForm(webinarSchema, summer.get, summer.names)).toMatchObject({
      startsAt: "2027-05-12T12:30:00+01:00",
    });
  });

  it("a date and time that does not exist in London is a problem in words, not an instant an hour out", () => {
    const problems: FormProblem[] = [];
    const form = posted({ ...webinarValues, "startsAt.date": "2027-03-28", "startsAt.time": "01:30" });
    expect(readItemForm(webinarSchema, form.get, form.names, { problems })).toMatchObject({ startsAt: "" });
    expect(problems).toEqual([
      {
        path: "startsAt",
        message:
          "01:30 on Sunday 28 March 2027 does not exist in London: the clocks go forward from 01:00 to 02:00 that night. Choose another time.",
      },
    ]);
    const twice: FormProblem[] = [];
    const autumn = posted({ ...webinarValues, "startsAt.date": "2027-10-31", "startsAt.time": "01:30" });
    readItemForm(webinarSchema, autumn.get, autumn.names, { problems: twice });
    expect(twice[0]?.message).toMatch(/^01:30 on Sunday 31 October 2027 happens twice in London/);
  });

  it("a date and time posted by an older form (its ISO text) is read as it was", () => {
    const { "startsAt.date": _d, "startsAt.time": _t, ...rest } = webinarValues;
    const form = posted({ ...rest, startsAt: "2027-05-12T12:30:00+01:00" });
    expect(readItemForm(webinarSchema, form.get, form.names)).toMatchObject({ startsAt: "2027-05-12T12:30:00+01:00" });
  });

  it("a date and a time of day: as the date and time inputs post them, or typed by hand", () => {
    const session = releaseContent.sessions[0] as CourseSession;
    const fields = describeFields(courseSessionSchema, session);
    expect(fields.find((f) => f.name === "startDate")).toMatchObject({ kind: "text", input: "date" });
    const hours = fields.find((f) => f.name === "hours");
    expect(hours?.kind === "list" && hours.items[1]!.fields[0]).toMatchObject({ kind: "text", input: "time" });
    const values = formValues(courseSessionSchema, session);
    const form = posted({ ...values, startDate: "08/03/2027", "hours.0.starts": "9:00", "hours.0.ends": "17:00:00" });
    expect(readItemForm(courseSessionSchema, form.get, form.names)).toMatchObject({
      startDate: "2027-03-08",
      hours: [{ starts: "09:00", ends: "17:00" }, ...session.hours.slice(1)],
    });
  });

  it("a reference: one choice by name (its value the id), or one per place of a list of them", () => {
    const fields = describeFields(webinarSchema, webinar);
    expect(fields.find((f) => f.name === "presenterTrainerId")).toMatchObject({
      kind: "reference",
      to: "trainer",
      label: "Presenter",
    });
    expect(fields.find((f) => f.name === "pillar")).toMatchObject({ kind: "reference", to: "pillar" });
    const course = releaseContent.courses[0] as Course;
    const courseFields = describeFields(courseSchema, course);
    expect(courseFields.find((f) => f.name === "instructorIds")).toMatchObject({
      kind: "reference",
      to: "trainer",
      slots: { min: 2, count: 2 },
    });
    expect(courseFields.find((f) => f.name === "relatedCourseIds")).toMatchObject({
      kind: "reference",
      to: "course",
      slots: { min: 2, count: 3 },
    });
    const trainer = releaseContent.trainers[0]!;
    const values = formValues(trainerSchema, trainer);
    const form = posted({
      ...values,
      "pillars.0": "",
      "pillars.1": "strategy",
      "pillars.2": "",
      "pillars.3": "risk-grc",
    });
    expect(readItemForm(trainerSchema, form.get, form.names)).toMatchObject({ pillars: ["strategy", "risk-grc"] });
    // An older form posted the pillars one per line.
    const old = posted({ ...values, pillars: "strategy\nrisk-grc" });
    expect(readItemForm(trainerSchema, old.get, old.names)).toMatchObject({ pillars: ["strategy", "risk-grc"] });
  });

  it("money, numbers, yes-no and an optional group left blank", () => {
    const session = releaseContent.sessions[0] as CourseSession;
    const values = formValues(courseSessionSchema, session);
    const form = posted({
      ...values,
      pricePence: "£4,050.50",
      capacity: "12",
      "earlyBird.pricePence": "",
      "earlyBird.until": "",
    });
    const read = readItemForm(courseSessionSchema, form.get, form.names) as Record<string, unknown>;
    expect(read).toMatchObject({ pricePence: 405050, capacity: 12 });
    expect(read.earlyBird).toBeUndefined();
    const trainer = releaseContent.trainers[0]!;
    const yes = posted({ ...formValues(trainerSchema, trainer), lead: "yes" });
    expect(readItemForm(trainerSchema, yes.get, yes.names)).toMatchObject({ lead: true });
  });
});

describe("a list's buttons", () => {
  const course = (releaseContent.courses as Course[]).find((c) => c.faqs.length < 6)!;
  const values = formValues(courseSchema, course);
  const faqsOf = (fields: EditorField[]) => fields.find((f) => f.name === "faqs") as EditorField & { kind: "list" };

  it("read from the button pressed", () => {
    expect(listIntent("list:add:faqs")).toEqual({ action: "add", list: "faqs" });
    expect(listIntent("list:up:about.industries.2")).toEqual({ action: "up", list: "about.industries", index: 2 });
    expect(listIntent("save")).toBeNull();
  });

  it("add a blank item at the end, move one and remove one, keeping every other field's text", () => {
    const n = course.faqs.length;
    const added = applyListIntent(courseSchema, { action: "add", list: "faqs" }, values)!;
    expect(added.change).toBe(`FAQ ${n + 1} added`);
    expect(added.focus).toBe(`faqs.${n}`);
    expect(
      faqsOf(added.fields)
        .items.map((i) => i.label)
        .at(-1),
    ).toBe(`FAQ ${n + 1}`);
    expect(added.values.title).toBe(course.title);

    const moved = applyListIntent(courseSchema, { action: "up", list: "faqs", index: 1 }, values)!;
    expect(moved.change).toBe("FAQ 2 moved up (it is now FAQ 1)");
    expect(moved.focus).toBe("faqs.0");
    expect(moved.values["faqs.0.question"]).toBe(course.faqs[1]!.question);
    expect(moved.values["faqs.1.question"]).toBe(course.faqs[0]!.question);

    const removed = applyListIntent(courseSchema, { action: "remove", list: "faqs", index: 0 }, values)!;
    expect(removed.change).toBe("FAQ 1 removed");
    expect(faqsOf(removed.fields).items).toHaveLength(n - 1);
    expect(removed.values["faqs.0.question"]).toBe(course.faqs[1]!.question);
    expect(removed.values[`faqs.${n - 1}.question`]).toBeUndefined();
  });

  it("a list of fixed length neither grows nor shrinks; a session's days are labelled by weekday and prefilled", () => {
    expect(applyListIntent(courseSchema, { action: "add", list: "curriculum" }, values)).toBeNull();
    expect(applyListIntent(courseSchema, { action: "remove", list: "curriculum", index: 0 }, values)).toBeNull();
    const start = { format: "in-person", hours: standardSessionHours["in-person"] };
    const hours = describeFields(courseSessionSchema, start).find((f) => f.name === "hours");
    expect(hours).toMatchObject({ kind: "list", canAdd: false, canRemove: false, canMove: false });
    expect(hours?.kind === "list" && hours.items.map((i) => i.label)).toEqual([
      "Day 1 (Monday)",
      "Day 2 (Tuesday)",
      "Day 3 (Wednesday)",
      "Day 4 (Thursday)",
      "Day 5 (Friday)",
    ]);
    expect(formValues(courseSessionSchema, start)).toMatchObject({
      "hours.0.starts": "09:00",
      "hours.4.ends": "15:30",
    });
    // A blank new session still shows all five days.
    const blank = describeFields(courseSessionSchema, {}).find((f) => f.name === "hours");
    expect(blank?.kind === "list" && blank.items).toHaveLength(5);
  });
});

describe("a refused save's messages", () => {
  it("name the field as the form shows it, list item included, in plain words", () => {
    const session = releaseContent.sessions[0] as CourseSession;
    const fields = describeFields(courseSessionSchema, session);
    const webinarFields = describeFields(webinarSchema, releaseContent.webinars[0]!);
    const issues = (schema: typeof webinarSchema | typeof courseSessionSchema, data: unknown) => {
      const parsed = schema.safeParse(data);
      return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    };
    const hours = session.hours.map((h, i) => (i === 1 ? { starts: "17:00", ends: "09:00" } : h));
    expect(errorsOf(issues(courseSessionSchema, { ...session, hours }), fields)).toEqual({
      "hours.1.ends": "Day 2 (Tuesday), ends: must end after it starts",
    });
    const webinar = { ...releaseContent.webinars[0]!, presenterTrainerId: "", startsAt: "", durationMinutes: "x" };
    expect(errorsOf(issues(webinarSchema, webinar), webinarFields)).toEqual({
      presenterTrainerId: "Presenter: choose a trainer",
      startsAt: "Starts at: choose a date and a time",
      durationMinutes: "Duration (minutes): must be a number, such as 12",
    });
    const course = releaseContent.courses[0] as Course;
    const courseFields = describeFields(courseSchema, course);
    const faqs = course.faqs.map((f, i) => (i === 1 ? { ...f, question: "" } : f));
    expect(errorsOf(issues(courseSchema as never, { ...course, faqs }), courseFields)).toEqual({
      "faqs.1.question": "FAQ 2, question: is required: fill it in",
    });
  });
});

describe("fixed choices", () => {
  it("show each value by its name: the schema's, or the value in words; the value posted is the value", () => {
    const fields = describeFields(courseSessionSchema, {});
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get("format")).toMatchObject({
      kind: "choice",
      options: [
        { value: "in-person", label: "In person, at a venue" },
        { value: "online", label: "Live online" },
      ],
    });
    expect(byName.get("state")).toMatchObject({
      options: [
        { value: "open", label: "Open for booking" },
        { value: "confirmed", label: "Confirmed to run" },
        { value: "cancelled", label: "Cancelled (no longer shown)" },
      ],
    });
    expect(choiceLabel("in-person")).toBe("In person");
    expect(choiceLabel("30/70")).toBe("30/70");
  });
});

describe("a course date's title", () => {
  it("is in the team's words: the course's title, the date in words and how it runs, never their ids", () => {
    const session = (releaseContent.sessions as CourseSession[]).find(
      (s) => s.id === "risk-management-2027-03-london",
    )!;
    expect(itemTitle("session", session.id, session)).toBe(
      "Enterprise Risk Management, Monday 8 March 2027 (in person)",
    );
    expect(itemTitle("session", "x", { ...session, format: "online", courseId: "gone-course" })).toBe(
      "Gone course, Monday 8 March 2027 (live online)",
    );
  });
});
