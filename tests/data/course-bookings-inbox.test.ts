/**
 * Course bookings in the inbox on both databases (issue 29, ADR 058): each
 * booking is listed as a lead of its own kind in the transaction that places
 * it (a refused one is not), found by the inbox's filters and search, shown
 * on the lead's page from the booking itself, worked like any lead, counted
 * by the digest, and gone from the inbox with its notes and e-mails when the
 * booker is erased (the invoice stays) or the retention job deletes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { collectDigest } from "~/inbox/digest.server.ts";
import { noFilters, parseFilters, type InboxFilters } from "~/inbox/filters.ts";
import { addNote, findLead, updateLead } from "~/inbox/lead.server.ts";
import { listLeads } from "~/inbox/query.server.ts";
import { migrations } from "~/data/migrations/index.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import type { BookingPayment } from "~/orders/course-booking/booking-store.server.ts";
import { expireHolds } from "~/orders/course-booking/card-payments.server.ts";
import { cancelBooking } from "~/orders/course-booking/team-acts.server.ts";
import { setCapacity } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { termsText } from "~/orders/course-booking/terms.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import type { StaffUser } from "~/staff/accounts.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import {
  byCard,
  createConfirmedCourseBooking,
  createCourseSession,
  delegate,
  placeCourseBooking,
  testMail,
} from "../support/factories.ts";

/** 57 days before the release's March sessions: names may follow, full credit. */
const early = new Date("2027-01-10T10:00:00.000Z");
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);
const byInvoice: BookingPayment = { method: "invoice", purchaseOrder: "PO-4471", vatNumber: null };
const sales: StaffUser = { id: "u-sales", email: "sales@example.test", name: "Sam Sales", role: "leads" };
const visit = {
  landingPage: "/courses/risk-management",
  referrer: "linkedin.com",
  utmSource: "linkedin",
  utmMedium: "social",
  utmCampaign: "spring-courses",
};

let n = 0;

describe.each(dialects)("course bookings in the inbox on %s", (dialect) => {
  let t: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    t = await openTestDatabase(dialect, "cbinbox", { businessSettings: true });
    db = t.handle.db;
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** The release's first session of Risk Management (its own places here: each test database is new). */
  async function releaseSession(on: Db = db): Promise<BookableSession> {
    const published = sessionByKey("risk-management-2027-03-london");
    if (!published) throw new Error("the release's session is missing");
    const session = bookable(published);
    await setCapacity(on, session.key, 12, early);
    return session;
  }

  /** A session no content knows (its own key), of a course with no pillar given. */
  const otherSession = (on: Db = db, capacity = 6) =>
    createCourseSession(on, { key: `inbox-${dialect}-${++n}`, capacity, at: early });

  /** A booking placed by `email`; by invoice, confirmed by its booker at once (the invoice issued). */
  async function place(
    session: BookableSession,
    email: string,
    {
      places = [delegate(1)],
      payment = byInvoice,
      on = db,
      now = early,
      attribution = null as typeof visit | null,
    } = {},
  ) {
    return (await createConfirmedCourseBooking(on, { session, booker: email, places, payment, now, attribution }))
      .booking;
  }

  const list = (filters: Partial<InboxFilters>) => listLeads(db, { ...noFilters, ...filters }, sales.id, null);

  it("lists a booking as a course booking when it is placed: the booker, organisation, pillar, session and visit", async () => {
    const session = await releaseSession();
    const booking = await place(session, `Listed-${dialect}@inbox.example`, { attribution: visit });
    const [row] = (await list({ kind: "course-booking", q: booking.reference })).rows;
    expect(row).toMatchObject({
      id: booking.id,
      kind: "course-booking",
      createdAt: early.toISOString(),
      name: "Ada Booker",
      email: `listed-${dialect}@inbox.example`,
      company: "Northwind Ltd",
      subject: "risk-management-2027-03-london",
      pillar: "risk-grc",
      sourcePage: "/courses/risk-management/book/risk-management-2027-03-london",
      landingPage: "/courses/risk-management",
      referrer: "linkedin.com",
      campaign: expect.stringContaining("spring-courses"),
      status: "new",
      deadlineAt: null,
    });
    // The filters offer it, and find it by pillar and by the course's name.
    expect(parseFilters(new URLSearchParams("kind=course-booking")).kind).toBe("course-booking");
    expect((await list({ pillar: "risk-grc", kind: "course-booking" })).rows.map((r) => r.id)).toContain(booking.id);
    expect((await list({ q: `northwind listed-${dialect}` })).rows.map((r) => r.id)).toEqual([booking.id]);
    expect((await list({ kind: "contact" })).rows.map((r) => r.id)).not.toContain(booking.id);
  });

  it("a card booking is listed while it is held; a booking refused for want of places is not", async () => {
    const session = await otherSession(db, 1);
    const held = await place(session, `held-${dialect}@inbox.example`, { payment: byCard });
    expect((await list({ q: held.reference })).rows.map((r) => [r.id, r.kind, r.pillar])).toEqual([
      [held.id, "course-booking", null],
    ]);
    const refused = await placeCourseBooking(db, {
      session,
      booker: `refused-${dialect}@inbox.example`,
      places: [delegate(2)],
      payment: byInvoice,
      now: early,
    });
    expect(refused).toMatchObject({ ok: false, reason: "full" });
    expect((await list({ q: `refused-${dialect}` })).rows).toEqual([]);
  });

  it("the lead's page shows the booking, its terms and its link, and the team works it like any lead", async () => {
    const session = await releaseSession();
    const booking = await place(session, `page-${dialect}@inbox.example`, { places: [delegate(1), delegate(2)] });
    const lead = (await findLead(db, booking.id))!;
    expect(lead.kindLabel).toBe("Course booking");
    expect(lead.subjectLabel).toBe("Enterprise Risk Management, 8–12 March 2027");
    expect(Object.fromEntries(lead.fields)).toMatchObject({
      Reference: booking.reference,
      Course: "Enterprise Risk Management",
      Places: "2",
      Delegates: "Delegate 1, Manager\nDelegate 2, Manager",
      Payment: "Invoiced, awaiting transfer (by invoice)",
      "Purchase order": "PO-4471",
    });
    expect(lead.agreed.heading).toBe("The terms they accepted");
    expect(lead.agreed.text).toBe(termsText().join("\n\n"));
    expect(lead.page).toEqual({
      href: `/admin/course-bookings/${booking.id}`,
      text: `Open booking ${booking.reference}: invoices, payments and places`,
    });

    expect(await updateLead(db, booking.id, { status: "contacted", owner: null }, sales, minutes(early, 5))).toEqual([
      "Status: New → Contacted",
    ]);
    expect(await addNote(db, booking.id, "Called Ada about joining instructions", sales, minutes(early, 6))).toBe(true);
    const worked = (await findLead(db, booking.id))!;
    expect(worked.listing.status).toBe("contacted");
    expect(worked.events.map((e) => e.type)).toEqual(["status", "note"]);

    // A session the content no longer has: its key stands for it.
    const gone = await place(await otherSession(), `gone-${dialect}@inbox.example`);
    expect((await findLead(db, gone.id))!.subjectLabel).toBe(gone.session_key);
  });

  it("the digest counts the course bookings received", async () => {
    const session = await otherSession();
    const at = new Date("2027-01-12T12:00:00.000Z");
    await place(session, `digest-${dialect}@inbox.example`, { now: at });
    // Wednesday 13 January 2027, 08:30: the day since Tuesday's digest.
    const slot = new Date("2027-01-13T08:30:00.000Z");
    const digest = await collectDigest(db, slot, slot, testMail);
    expect(digest.received.find((k) => k.kind === "course-booking")).toEqual({
      kind: "course-booking",
      label: "Course booking",
      count: 1,
    });
  });

  it("erasing the booker takes the booking out of the inbox with its notes and e-mails; the invoice stays", async () => {
    const session = await otherSession();
    const email = `erase-${dialect}@inbox.example`;
    const booking = await place(session, email);
    await addNote(db, booking.id, "Ada asked for a call", sales, minutes(early, 1));
    await queueEmails(
      db,
      { type: "course-booking", id: booking.id },
      [
        {
          to: "team@example.test",
          subject: "New course booking",
          text: "Ada Booker booked a place.",
          html: "<p>Ada Booker booked a place.</p>",
        },
      ],
      early,
    );
    const found = await findEverything(db, email);
    expect(found.inbox.map((r) => r.id)).toEqual([booking.id]);
    expect(found.notes.map((r) => r.body)).toEqual(["Ada asked for a call"]);
    expect(found.emails.map((r) => r.subject)).toEqual(["New course booking"]);

    const counts = await erase(db, email, minutes(early, 60));
    expect(counts).toMatchObject({ bookingsKept: 1, notes: 1 });
    expect(await findLead(db, booking.id)).toBeNull();
    expect(await db.selectFrom("lead_events").select("id").where("lead_id", "=", booking.id).execute()).toEqual([]);
    expect(await db.selectFrom("outbox").select("id").where("lead_id", "=", booking.id).execute()).toEqual([]);
    expect(
      await db.selectFrom("course_invoices").select("id").where("booking_id", "=", booking.id).execute(),
    ).toHaveLength(1);
  });

  it("the retention job takes a booking's row and notes out of the inbox with the booking, not before", async () => {
    // Its own database: the job deletes every booking past its period, whichever test made it.
    const own = await openTestDatabase(dialect, "cbinret", { businessSettings: true });
    const odb = own.handle.db;
    try {
      const session = await otherSession(odb);
      const lapsed = await place(session, `lapsed-${dialect}@inbox.example`, { payment: byCard, on: odb });
      const invoiced = await place(session, `kept-${dialect}@inbox.example`, { on: odb });
      await expireHolds(odb, minutes(early, 20));
      await cancelBooking(odb, invoiced.id, { now: minutes(early, 30), staffId: "s" });
      for (const id of [lapsed.id, invoiced.id]) await addNote(odb, id, "Followed up", sales, minutes(early, 40));
      const listed = async () =>
        (await odb.selectFrom("leads").select("id").where("kind", "=", "course-booking").orderBy("id").execute()).map(
          (r) => r.id,
        );
      const notes = async (id: string) =>
        (await odb.selectFrom("lead_events").select("id").where("lead_id", "=", id).execute()).length;

      // The lapsed hold goes 30 days after it ended; the cancelled invoice stays for the accounting period.
      await applyRetention({ db: odb }, new Date("2027-02-08T10:00:00.000Z"));
      expect(await listed()).toEqual([lapsed.id, invoiced.id].sort());
      await applyRetention({ db: odb }, new Date("2027-02-10T10:00:00.000Z"));
      expect(await listed()).toEqual([invoiced.id]);
      expect(await notes(lapsed.id)).toBe(0);
      expect(await notes(invoiced.id)).toBe(1);
      await applyRetention({ db: odb }, new Date("2033-04-01T12:00:00.000Z"));
      expect(await listed()).toEqual([]);
      expect(await notes(invoiced.id)).toBe(0);
    } finally {
      await own.dispose();
    }
  });
  it("migration 027 lists the bookings placed before it, not an erased booker's, and adds nothing run again", async () => {
    const session = await otherSession();
    const before = await place(session, `Before-${dialect}@inbox.example`, { now: minutes(early, 2) });
    const erased = await place(session, `erased-${dialect}@inbox.example`);
    await erase(db, `erased-${dialect}@inbox.example`, minutes(early, 3));
    // As a database from before the inbox listed bookings holds them.
    await db.deleteFrom("leads").where("id", "=", before.id).execute();

    await migrations["2026-11-27-027-course-bookings-in-the-inbox"]!.up(db as never);
    await migrations["2026-11-27-027-course-bookings-in-the-inbox"]!.up(db as never);

    const rows = await db.selectFrom("leads").selectAll().where("id", "in", [before.id, erased.id]).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        id: before.id,
        kind: "course-booking",
        created_at: minutes(early, 2).toISOString(),
        email: `before-${dialect}@inbox.example`,
        company: "Northwind Ltd",
        subject: session.key,
        source_page: `/courses/strategic-leadership/book/${session.key}`,
        status: "new",
      }),
    ]);
    expect((await listLeads(db, { ...noFilters, q: before.reference }, sales.id, null)).rows.map((r) => r.id)).toEqual([
      before.id,
    ]);
  });
});
