/**
 * Joining instructions, the reminder and the pre-course questionnaire
 * (issue 41, ADR 082; app/orders/course-booking/joining.server.ts and
 * questionnaire.server.ts) on both databases: the instructions once per
 * delegate however many runs at once, a delegate named late, the reminder
 * the working day before, the answers (changed until the start, then not),
 * the retention job emptying access and dietary needs only, and erasure.
 * Each test has a database of its own: the job sends to every booking in it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { Db } from "~/data/db.server.ts";
import { joiningSentEvent, sendJoiningEmails, type SessionLookup } from "~/orders/course-booking/joining.server.ts";
import { joiningLinkCredential } from "~/orders/course-booking/invitation-ics.server.ts";
import { questionnaireCredential } from "~/orders/course-booking/joining-emails.server.ts";
import { createQuestionnaireService, sessionAnswers } from "~/orders/course-booking/questionnaire.server.ts";
import { namePlace } from "~/orders/course-booking/team-acts.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import { rosterColumns, rosterCsvRows } from "~/orders/course-booking/team-views.server.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { keyring, newKeyMaterial, unseal } from "~/secrets/sealing.server.ts";
import { dialects, openConcurrentTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";
import { createConfirmedCourseBooking, createCourseSession, delegate, testBooker } from "../support/factories.ts";
import { courseBookingEvents } from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const mail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar([]) };
/** Booked 10 January 2027 for the factories' online session, Monday 8 to Friday 12 March 2027. */
const bookedAt = new Date("2027-01-10T10:00:00.000Z");
const at = (iso: string) => new Date(iso);

/** The session as the content says it: each day 09:00–17:00 (GMT), online with its joining link. */
const sessions: SessionLookup = () => ({
  format: "online",
  venue: null,
  days: [8, 9, 10, 11, 12].map((d) => ({
    startsAt: new Date(`2027-03-${String(d).padStart(2, "0")}T09:00:00Z`),
    endsAt: new Date(`2027-03-${String(d).padStart(2, "0")}T17:00:00Z`),
  })),
  joiningLink: "https://meet.example/room-42",
});

describe.each(dialects)("joining instructions on %s", (dialect) => {
  let t: ConcurrentTestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  async function booked(places: Parameters<typeof createConfirmedCourseBooking>[1]["places"]) {
    t = await openConcurrentTestDatabase(dialect, "joining", { businessSettings: true });
    const db = t.handle.db;
    const session = await createCourseSession(db, { key: "joining", capacity: 6, at: bookedAt });
    const { booking } = await createConfirmedCourseBooking(db, {
      session,
      booker: testBooker("ada@example.com"),
      places,
      payment: { method: "invoice", purchaseOrder: null, vatNumber: null },
      now: bookedAt,
    });
    const run = async (when: string, handle: Db = db) =>
      (await sendJoiningEmails(handle, { now: at(when), mail, keys, sessions })).sent;
    return { db, booking, run };
  }

  const sentTo = (db: Db, bookingId: string) =>
    db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body", "secrets", "not_after"])
      .where("lead_id", "=", bookingId)
      .where((eb) => eb.or([eb("subject", "like", "Joining instructions:%"), eb("subject", "like", "Reminder: %")]))
      .orderBy("created_at")
      .orderBy("to_address")
      .execute();

  const secretsOf = (row: { secrets: string | null }) =>
    JSON.parse(unseal(keys, row.secrets!, "outbox")) as Record<string, string>;
  const tokenOf = (row: { secrets: string | null }) => secretsOf(row)[questionnaireCredential]!;

  it("sends each delegate the instructions once on the day (online: 3 days before), however many runs at once", async () => {
    const { db, booking, run } = await booked([delegate(1), delegate(2)]);
    // Thursday 4 March, 23:59 London: not yet.
    expect(await run("2027-03-04T23:59:00Z")).toEqual([]);
    const handles = t!.handles.map((h) => h.db);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => run("2027-03-05T00:05:00Z", handles[i % handles.length])));
    expect(
      runs
        .flat()
        .map((s) => s.email)
        .sort(),
    ).toEqual(["d1@example.com", "d2@example.com"]);
    expect(await run("2027-03-05T09:00:00Z")).toEqual([]);
    const sent = await sentTo(db, booking.id);
    expect(sent.map((m) => m.to_address)).toEqual(["d1@example.com", "d2@example.com"]);
    for (const m of sent) {
      expect(m.subject).toBe(
        "Joining instructions: Strategic Leadership, 8 March 2027 to 12 March 2027, live online (Meridian Executive Training)",
      );
      expect(m.text_body).toContain("Monday, 8 March 2027");
      expect(m.text_body).toContain("09:00 to 17:00 (London time)");
      // The joining link too (ADR 085): withheld in the stored copy, sealed apart.
      expect(m.text_body).not.toContain("https://meet.example/room-42");
      expect(m.text_body).toContain("withheld-credential-joining-link");
      expect(secretsOf(m)[joiningLinkCredential]).toBe("https://meet.example/room-42");
      // The questionnaire's link is withheld in the stored copy, sealed apart.
      expect(m.text_body).toContain("https://site.example/joining/withheld-credential-questionnaire-link");
      expect(tokenOf(m)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const rows = await db.selectFrom("course_joining").select(["email", "token_hash"]).execute();
    expect(rows.map((r) => r.email).sort()).toEqual(["d1@example.com", "d2@example.com"]);
    expect(rows.map((r) => r.token_hash)).not.toContain(tokenOf(sent[0]!));
    const events = await courseBookingEvents(db, booking.id, [joiningSentEvent]);
    expect(events.map((e) => JSON.parse(e.detail)).sort((a, b) => a.place - b.place)).toEqual([
      { place: 1 },
      { place: 2 },
    ]);
  });

  it("sends a delegate named after the day at the next run, and none once the course has started", async () => {
    const { db, booking, run } = await booked([delegate(1), { namesToFollow: true }]);
    expect((await run("2027-03-05T08:00:00Z")).map((s) => s.email)).toEqual(["d1@example.com"]);
    const named = await namePlace(db, booking.id, {
      position: 2,
      delegate: { name: "Late Lou", email: "Lou@Example.com", jobTitle: null },
      now: at("2027-03-06T10:00:00Z"),
      staffId: "staff-1",
    });
    expect(named).toMatchObject({ ok: true });
    expect(await run("2027-03-06T10:15:00Z")).toEqual([
      { bookingId: booking.id, email: "lou@example.com", what: "instructions" },
    ]);
    expect((await sentTo(db, booking.id)).map((m) => m.to_address)).toEqual(["d1@example.com", "Lou@Example.com"]);
    // A place named once the course has started: nothing.
    await db
      .updateTable("course_booking_delegates")
      .set({ email: "after@example.com", name: "After" })
      .where("booking_id", "=", booking.id)
      .where("position", "=", 1)
      .execute();
    expect(await run("2027-03-08T09:00:00Z")).toEqual([]);
  });

  it("reminds each delegate on the working day before, once; not one whose instructions came that day", async () => {
    const { db, booking } = await booked([delegate(1), { namesToFollow: true }]);
    // The online session's instructions come 3 days before: on Friday 5 March, the reminder's day too. Ask for 7.
    const early = async (when: string) =>
      (await sendJoiningEmails(db, { now: at(when), mail, keys, sessions, days: { "in-person": 7, online: 7 } })).sent;
    expect((await early("2027-03-01T08:00:00Z")).map((s) => s.what)).toEqual(["instructions"]);
    expect(await early("2027-03-04T23:59:00Z")).toEqual([]);
    await namePlace(db, booking.id, {
      position: 2,
      delegate: { name: "Late Lou", email: "lou@example.com", jobTitle: null },
      now: at("2027-03-05T07:00:00Z"),
      staffId: "staff-1",
    });
    const friday = await early("2027-03-05T07:30:00Z");
    expect(friday.map((s) => [s.email, s.what]).sort()).toEqual([
      ["d1@example.com", "reminder"],
      ["lou@example.com", "instructions"],
    ]);
    expect(await early("2027-03-07T12:00:00Z")).toEqual([]);
    const reminders = (await sentTo(db, booking.id)).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders.map((m) => [m.to_address, m.subject])).toEqual([
      ["d1@example.com", "Reminder: Strategic Leadership starts Monday, 8 March 2027 (Meridian Executive Training)"],
    ]);
    expect(reminders[0]!.text_body).not.toContain("https://meet.example/room-42");
    expect(reminders[0]!.text_body).toContain("withheld-credential-joining-link");
    expect(secretsOf(reminders[0]!)[joiningLinkCredential]).toBe("https://meet.example/room-42");
    expect(reminders[0]!.text_body).toContain("09:00 to 17:00 (London time)");
    // Not sent once the course has begun (the outbox behind): a reminder then would be no use.
    expect(reminders[0]!.not_after).toBe("2027-03-08T09:00:00.000Z");
    const instructions = (await sentTo(db, booking.id)).filter((m) => m.subject.startsWith("Joining instructions:"));
    expect(instructions.every((m) => m.not_after === "2027-03-12T17:00:00.000Z")).toBe(true);
  });

  it("a delegate replaced by a substitute: the substitute gets their own instructions and reminder; the one replaced neither a reminder nor a working link", async () => {
    const { db, booking } = await booked([delegate(1)]);
    const early = async (when: string) =>
      (await sendJoiningEmails(db, { now: at(when), mail, keys, sessions, days: { "in-person": 7, online: 7 } })).sent;
    expect((await early("2027-03-01T08:00:00Z")).map((s) => s.email)).toEqual(["d1@example.com"]);
    const replacedToken = tokenOf((await sentTo(db, booking.id))[0]!);
    await namePlace(db, booking.id, {
      position: 1,
      delegate: { name: "Sub Sam", email: "sam@example.com", jobTitle: null },
      now: at("2027-03-02T10:00:00Z"),
      staffId: "staff-1",
    });
    expect(await early("2027-03-02T10:15:00Z")).toEqual([
      { bookingId: booking.id, email: "sam@example.com", what: "instructions" },
    ]);
    expect(await early("2027-03-05T08:00:00Z")).toEqual([
      { bookingId: booking.id, email: "sam@example.com", what: "reminder" },
    ]);
    const rows = await db.selectFrom("course_joining").select(["email", "reminder_sent_at"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: "d1@example.com", reminder_sent_at: null },
      { email: "sam@example.com", reminder_sent_at: "2027-03-05T08:00:00.000Z" },
    ]);
    const service = createQuestionnaireService({ db, clock: () => at("2027-03-05T09:00:00Z") });
    expect(await service.open(replacedToken)).toBeNull();
  });

  it("a booking moved to another date after its instructions went: the new date's are sent when due, with a new link, the answers kept", async () => {
    const { db, booking, run } = await booked([delegate(1)]);
    expect((await run("2027-03-05T08:00:00Z")).map((s) => s.what)).toEqual(["instructions"]);
    await db.updateTable("course_joining").set({ objectives: "Read a cash-flow statement" }).execute();
    const [first] = await db.selectFrom("course_joining").select("token_hash").execute();
    // The team moves it to June, three days before March's start (outside the booker's terms).
    const june = await createCourseSession(db, {
      key: "joining-june",
      capacity: 6,
      at: bookedAt,
      startsAt: at("2027-06-07T08:00:00Z"),
      endsAt: at("2027-06-11T16:00:00Z"),
      firstDay: "2027-06-07",
      lastDay: "2027-06-11",
    });
    expect(
      await transferBooking(db, booking.id, { target: june, now: at("2027-03-05T09:00:00Z"), staffId: "staff-1" }),
    ).toMatchObject({ ok: true });
    // Nothing for March any more (its reminder included), nothing for June before its day.
    expect(await run("2027-03-05T12:00:00Z")).toEqual([]);
    expect(await run("2027-03-07T12:00:00Z")).toEqual([]);
    expect(await run("2027-06-03T12:00:00Z")).toEqual([]);
    expect(await run("2027-06-04T08:00:00Z")).toEqual([
      { bookingId: booking.id, email: "d1@example.com", what: "instructions" },
    ]);
    const [row] = await db.selectFrom("course_joining").selectAll().execute();
    expect(row).toMatchObject({ objectives: "Read a cash-flow statement", reminder_sent_at: null });
    expect(row!.token_hash).not.toBe(first!.token_hash);
    expect((await sentTo(db, booking.id)).map((m) => m.to_address)).toEqual(["d1@example.com", "d1@example.com"]);
  });

  it("takes the answers until the course starts, shows them on the roster, and refuses them after", async () => {
    const { db, booking, run } = await booked([delegate(1), delegate(2)]);
    await run("2027-03-05T08:00:00Z");
    const [first] = await sentTo(db, booking.id);
    const token = tokenOf(first!);
    let now = at("2027-03-06T10:00:00Z");
    const service = createQuestionnaireService({ db, clock: () => now });
    expect(await service.open("A".repeat(43))).toBeNull();
    expect(await service.answer(token, { objectives: "x".repeat(2001) })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    const answers = {
      objectives: "Chair better meetings",
      experience: "Two years",
      accessNeeds: "Step-free",
      dietaryNeeds: "",
    };
    expect(await service.answer(token, answers)).toEqual({ ok: true });
    expect(await service.open(token)).toMatchObject({
      delegateName: "Delegate 1",
      open: true,
      answers: { ...answers, dietaryNeeds: null },
    });
    const roster = await sessionAnswers(db, "joining");
    expect([...roster.values()]).toEqual([{ ...answers, dietaryNeeds: null, answeredAt: "2027-03-06T10:00:00.000Z" }]);
    // And in the roster's CSV: the answers after the payment, an unanswered delegate's cells empty.
    const csv: unknown[][] = [];
    for await (const rows of rosterCsvRows(db, "joining")) csv.push(...rows);
    expect(csv.map((row) => row.slice(rosterColumns.indexOf("Objectives")))).toEqual([
      ["Chair better meetings", "Two years", "Step-free", null],
      [null, null, null, null],
    ]);
    now = at("2027-03-08T09:00:00Z");
    expect(await service.answer(token, { ...answers, objectives: "Changed" })).toEqual({
      ok: false,
      reason: "started",
    });
    expect(await service.open(token)).toMatchObject({ open: false, answers: { objectives: "Chair better meetings" } });
    // 7 days after the course ends the link opens nothing.
    now = at("2027-03-19T17:00:00Z");
    expect(await service.open(token)).toBeNull();
  });

  it("empties access and dietary needs 14 days after the course ends, and nothing else", async () => {
    const { db, booking, run } = await booked([delegate(1)]);
    await run("2027-03-05T08:00:00Z");
    const token = tokenOf((await sentTo(db, booking.id))[0]!);
    const service = createQuestionnaireService({ db, clock: () => at("2027-03-06T10:00:00Z") });
    const answers = { objectives: "Lead", experience: "Some", accessNeeds: "Hearing loop", dietaryNeeds: "Vegan" };
    await service.answer(token, answers);
    const row = () =>
      db
        .selectFrom("course_joining")
        .select(["objectives", "experience", "access_needs", "dietary_needs"])
        .executeTakeFirstOrThrow();
    // The course ended at 17:00 on Friday 12 March: 14 days later to the millisecond, still kept.
    const kept = await applyRetention({ db }, at("2027-03-26T17:00:00.000Z"));
    expect(kept.course_delegate_needs).toBe(0);
    expect(await row()).toEqual({
      objectives: "Lead",
      experience: "Some",
      access_needs: "Hearing loop",
      dietary_needs: "Vegan",
    });
    const counts = await applyRetention({ db }, at("2027-03-26T17:00:00.001Z"));
    expect(counts.course_delegate_needs).toBe(1);
    expect(await row()).toEqual({ objectives: "Lead", experience: "Some", access_needs: null, dietary_needs: null });
    expect((await applyRetention({ db }, at("2027-04-30T12:00:00Z"))).course_delegate_needs).toBe(0);
  });

  it("lists the answers in an access request, and erasing the delegate's address deletes them", async () => {
    const { db, booking, run } = await booked([delegate(1), delegate(2)]);
    await run("2027-03-05T08:00:00Z");
    const service = createQuestionnaireService({ db, clock: () => at("2027-03-06T10:00:00Z") });
    for (const m of await sentTo(db, booking.id)) {
      await service.answer(tokenOf(m), { objectives: `Goals of ${m.to_address}`, accessNeeds: "Ramp" });
    }
    const held = JSON.stringify(await findEverything(db, "D1@example.com"));
    expect(held).toContain("Goals of d1@example.com");
    expect(held).toContain("Ramp");
    expect(held).not.toContain("Goals of d2@example.com");
    await erase(db, "d1@example.com", at("2027-03-06T11:00:00Z"));
    const left = await db.selectFrom("course_joining").select(["email", "objectives"]).execute();
    expect(left).toEqual([{ email: "d2@example.com", objectives: "Goals of d2@example.com" }]);
    expect(JSON.stringify(await findEverything(db, "d1@example.com"))).not.toContain("Goals of");
  });
});
