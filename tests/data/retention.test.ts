/**
 * The retention job on both databases, with a clock the test sets: for
 * each rule, a record just inside its period is kept and one just past it
 * is deleted (or anonymised); the newsletter's suppression list keeps the
 * address and still makes a new sign-up confirm again; paid bookings stay
 * for 6 years after the end of the financial year; deletes go in bounded
 * batches; counts reach the metric and one log line without personal data.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { siteCalendar } from "~/calendar/business-hours.ts";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/data/schema.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { createMetrics } from "~/observability/metrics.server.ts";
import { formerTeamMember, applyRetention, runRetention } from "~/retention/job.server.ts";
import { saveBusinessSettings } from "~/settings/business-settings.server.ts";
import { testBusinessSettings } from "../../harness/business-settings.ts";
import { dialects } from "./databases.ts";
import { consultationIds, createConsultation, deleteConsultations } from "../support/factories.ts";
import { newsletterTokensOf, testKeys, useTestDatabase } from "./fixtures.ts";

const mail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar() };
const dayMs = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A moment in ISO text, `ms` milliseconds before `date`. */
const before = (date: string, ms: number) => iso(Date.parse(date) - ms);

const tables = [
  "contact_enquiries",
  "guide_requests",
  "resource_downloads",
  "newsletter_subscriptions",
  "webinar_registrations",
  "submission_keys",
  "stripe_events",
  "outbox",
  "audit_events",
  "staff_sessions",
  "staff_invitations",
  "staff_passkeys",
  "staff_users",
  "leads",
  "lead_events",
  "webhook_events",
  "webhook_deliveries",
  "page_views",
] as const;

const lead = (id: string, createdAt: string) => ({
  id,
  created_at: createdAt,
  consent_text: "By submitting this form, you agree to the Privacy Policy.",
  source_page: "/contact",
  is_test: 0,
});
/** A contact enquiry's row for `<id>@example.test`, made `at`. */
const contactEnquiryRow = (id: string, at: string) => ({
  ...lead(id, at),
  name: "Ann Lee",
  email: `${id}@example.test`,
  phone: "020 7946 0000",
  company: "Acme",
  job_title: null,
  service_interest: "strategy",
  message: "Hello",
  preferred_contact: "email",
});
/** A webinar registration's row for `<id>@example.test`, made `at`. */
const webinarRegistration = (id: string, webinarId: string, at: string) => ({
  ...lead(id, at),
  webinar_id: webinarId,
  name: "Ann Lee",
  email: `${id}@example.test`,
  company: "Acme",
});

describe.each(dialects)("retention on %s", (dialect) => {
  const db = () => t.handle.db;
  const ids = async (table: (typeof tables)[number], key: "id" | "fingerprint" = "id") =>
    (await db().selectFrom(table).select(key).orderBy(key).execute()).map((r) => (r as Record<string, string>)[key]);

  const t = useTestDatabase(dialect);
  beforeEach(async () => {
    for (const table of tables) await db().deleteFrom(table).execute();
    await deleteConsultations(db());
  });

  it("contact enquiries, guide requests and resource downloads: 24 months after they were made", async () => {
    const now = "2029-06-15T10:00:00.000Z";
    const edge = "2027-06-15T10:00:00.000Z"; // exactly 24 months
    const contact = (id: string, at: string) => contactEnquiryRow(id, at);
    await db()
      .insertInto("contact_enquiries")
      .values([contact("c-inside", edge), contact("c-past", before(edge, 1)), contact("c-new", now)])
      .execute();
    /** A lead made exactly 24 months ago, and one 1 ms earlier. */
    const insideAndPast = (prefix: string) => [lead(`${prefix}-inside`, edge), lead(`${prefix}-past`, before(edge, 1))];
    await db()
      .insertInto("guide_requests")
      .values(
        insideAndPast("g").map((row) => ({
          ...row,
          first_name: "Ann",
          last_name: "Lee",
          email: "ann@example.test",
          company: "Acme",
          guide_name: "Guide",
          download_token_hash: `hash-${row.id}`,
        })),
      )
      .execute();
    await db()
      .insertInto("resource_downloads")
      .values(
        insideAndPast("r").map((row) => ({
          ...row,
          email: "ann@example.test",
          resource_id: "x",
          download_token_hash: `hash-${row.id}`,
        })),
      )
      .execute();

    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("contact_enquiries")).toEqual(["c-inside", "c-new"]);
    expect(await ids("guide_requests")).toEqual(["g-inside"]);
    expect(await ids("resource_downloads")).toEqual(["r-inside"]);
    expect(counts).toMatchObject({ contact_enquiries: 1, guide_requests: 1, resource_downloads: 1 });
  });

  it("webinar registrations: 12 months after their webinar (a webinar no longer listed: after the registration)", async () => {
    const now = "2028-03-01T12:00:00.000Z";
    const webinars = [
      { id: "past-webinar", startsAt: before("2027-03-01T12:00:00.000Z", 1) }, // 12 months and 1 ms ago
      { id: "edge-webinar", startsAt: "2027-03-01T12:00:00.000Z" }, // exactly 12 months ago
      { id: "future-webinar", startsAt: "2028-05-01T12:00:00.000Z" },
    ];
    await db()
      .insertInto("webinar_registrations")
      .values([
        webinarRegistration("w-past", "past-webinar", "2027-02-01T00:00:00.000Z"),
        webinarRegistration("w-edge", "edge-webinar", "2026-01-01T00:00:00.000Z"), // registered long before: the webinar's date counts
        webinarRegistration("w-future", "future-webinar", "2026-01-01T00:00:00.000Z"),
        webinarRegistration("w-gone-past", "unlisted", before("2027-03-01T12:00:00.000Z", 1)),
        webinarRegistration("w-gone-inside", "unlisted", "2027-03-01T12:00:00.000Z"),
      ])
      .execute();

    const counts = await applyRetention({ db: db(), webinars }, new Date(now));
    expect(await ids("webinar_registrations")).toEqual(["w-edge", "w-future", "w-gone-inside"]);
    expect(counts.webinar_registrations).toBe(2);
  });

  it("the site's webinars are the default: their registrations go 12 months after each webinar", async () => {
    const registration = (id: string, webinarId: string) =>
      webinarRegistration(id, webinarId, "2027-01-05T09:00:00.000Z");
    await db()
      .insertInto("webinar_registrations")
      .values([
        registration("tiering", "supplier-tiering-third-party-risk"), // 10 February 2027
        registration("scope3", "scope-3-supplier-data"), // 17 March 2027
      ])
      .execute();
    await applyRetention({ db: db() }, new Date("2028-02-10T12:30:00.000Z"));
    expect(await ids("webinar_registrations")).toEqual(["scope3", "tiering"]);
    await applyRetention({ db: db() }, new Date("2028-02-10T12:30:00.001Z"));
    expect(await ids("webinar_registrations")).toEqual(["scope3"]);
  });

  it("newsletter: an unsubscribed address stays alone on the suppression list; a new sign-up must confirm again", async () => {
    let now = new Date("2027-01-10T09:00:00.000Z");
    const service = createLeadService({ keys: testKeys, db: db(), mail, clock: () => now });
    const { id } = await service.submit(
      "newsletter",
      { email: "Keep@Example.test" },
      { sourcePage: "/", isTest: false },
    );
    const row = () =>
      db().selectFrom("newsletter_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const signedUp = await row();
    const signedUpLinks = await newsletterTokensOf(db(), id);
    expect(await service.confirmNewsletter(signedUpLinks.confirm)).toBe("confirmed");
    now = new Date("2027-05-01T08:00:00.000Z");
    expect(await service.unsubscribeNewsletter(signedUpLinks.unsubscribe)).toBe("unsubscribed");
    const unsubscribedAt = now.toISOString();

    // Not yet: the unsubscribe is not before the cutoff (now).
    expect((await applyRetention({ db: db() }, now)).newsletter_unsubscribed).toBe(0);
    expect((await row()).consent_text).not.toBe("");

    // The next run: everything but the address (and when it was unsubscribed) is gone.
    now = new Date(now.getTime() + 1);
    expect((await applyRetention({ db: db() }, now)).newsletter_unsubscribed).toBe(1);
    const kept = await row();
    expect(kept).toMatchObject({
      email: "keep@example.test",
      status: "unsubscribed",
      consent_text: "",
      source_page: "",
      confirmed_at: null,
      created_at: unsubscribedAt,
      updated_at: unsubscribedAt,
      unsubscribed_at: unsubscribedAt,
    });
    expect(kept.confirm_token_hash).not.toBe(signedUp.confirm_token_hash);
    expect(kept.unsubscribe_token_hash).not.toBe(signedUp.unsubscribe_token_hash);
    expect(kept.confirm_token_hash).not.toBe(kept.unsubscribe_token_hash);
    expect(await service.unsubscribeNewsletter(signedUpLinks.unsubscribe)).toBe("unknown");
    expect(await service.confirmNewsletter(signedUpLinks.confirm)).toBe("unknown");
    // Nothing left to anonymise: a second run changes nothing.
    expect((await applyRetention({ db: db() }, now)).newsletter_unsubscribed).toBe(0);

    // The address still suppresses: signing up again needs a new confirmation (same row).
    now = new Date("2027-06-01T08:00:00.000Z");
    const again = await service.submit(
      "newsletter",
      { email: "keep@example.test" },
      { sourcePage: "/", isTest: false },
    );
    expect(again.id).toBe(id);
    const pending = await row();
    expect(pending.status).toBe("pending");
    const pendingLinks = await newsletterTokensOf(db(), id);
    expect(pendingLinks.confirm).not.toBe(signedUpLinks.confirm);
    expect(await service.confirmNewsletter(pendingLinks.confirm)).toBe("confirmed");
    now = new Date("2027-07-01T08:00:00.000Z");
    expect(await service.unsubscribeNewsletter(pendingLinks.unsubscribe)).toBe("unsubscribed");
    // Unsubscribed again: anonymised again (its confirmation and tokens are gone).
    now = new Date(now.getTime() + 1);
    expect((await applyRetention({ db: db() }, now)).newsletter_unsubscribed).toBe(1);
    expect(await row()).toMatchObject({ email: "keep@example.test", status: "unsubscribed", confirmed_at: null });
    expect((await row()).unsubscribe_token_hash).not.toBe(pending.unsubscribe_token_hash);
    expect(await service.unsubscribeNewsletter(pendingLinks.unsubscribe)).toBe("unknown");
  });

  it("newsletter: a sign-up never confirmed is deleted 30 days after it was made; confirmed ones stay", async () => {
    const now = "2027-03-31T10:00:00.000Z";
    const edge = before(now, 30 * dayMs);
    const sub = (id: string, status: "pending" | "confirmed", at: string) => ({
      ...lead(id, at),
      email: `${id}@example.test`,
      status,
      confirm_token_hash: `c-${id}`,
      unsubscribe_token_hash: `u-${id}`,
      updated_at: at,
      confirmed_at: status === "confirmed" ? at : null,
      unsubscribed_at: null,
    });
    await db()
      .insertInto("newsletter_subscriptions")
      .values([
        sub("pending-inside", "pending", edge),
        sub("pending-past", "pending", before(edge, 1)),
        sub("confirmed-old", "confirmed", "2020-01-01T00:00:00.000Z"),
      ])
      .execute();
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("newsletter_subscriptions")).toEqual(["confirmed-old", "pending-inside"]);
    expect(counts.newsletter_pending).toBe(1);
  });

  describe("bookings", () => {
    const booking = (id: string, status: "pending" | "paid" | "failed" | "setup_failed", at: string) =>
      createConsultation(db(), { id, status, at, amountPence: 50_000, paymentIntentId: `pi_${id.replace(/-/g, "_")}` });

    it("paid: kept for 6 years after the end of the financial year (31 March) the payment falls in", async () => {
      await booking("paid-31-march-2027", "paid", "2027-03-31T23:59:59.999Z");
      await booking("paid-1-april-2027", "paid", "2027-04-01T00:00:00.000Z");
      // The last moment of the financial year 2032-33: both inside.
      await applyRetention({ db: db() }, new Date("2033-03-31T23:59:59.999Z"));
      expect(await consultationIds(db())).toEqual(["paid-1-april-2027", "paid-31-march-2027"]);
      // 1 April 2033: the year 2026-27 is 6 years past its end; 2027-28 is not.
      const counts = await applyRetention({ db: db() }, new Date("2033-04-01T00:00:00.000Z"));
      expect(await consultationIds(db())).toEqual(["paid-1-april-2027"]);
      expect(counts.bookings_paid).toBe(1);
      await applyRetention({ db: db() }, new Date("2034-03-31T23:59:59.999Z"));
      expect(await consultationIds(db())).toEqual(["paid-1-april-2027"]);
      await applyRetention({ db: db() }, new Date("2034-04-01T00:00:00.000Z"));
      expect(await consultationIds(db())).toEqual([]);
    });

    it("never paid (abandoned checkout), failed or not set up: deleted 30 days after the last attempt", async () => {
      const now = "2027-05-20T10:00:00.000Z";
      const edge = before(now, 30 * dayMs);
      await booking("pending-inside", "pending", edge);
      await booking("pending-past", "pending", before(edge, 1));
      await booking("failed-inside", "failed", edge);
      await booking("failed-past", "failed", before(edge, 1));
      await booking("setup-failed-past", "setup_failed", before(edge, 1));
      await booking("paid-recent", "paid", before(edge, 1));
      const counts = await applyRetention({ db: db() }, new Date(now));
      expect(await consultationIds(db())).toEqual(["failed-inside", "paid-recent", "pending-inside"]);
      expect(counts).toMatchObject({ bookings_unpaid: 3, bookings_paid: 0 });
    });
  });

  it("outbox: sent or given up more than 90 days ago; never a message still waiting to be sent", async () => {
    const now = "2027-06-30T12:00:00.000Z";
    const edge = before(now, 90 * dayMs);
    const message = (id: string, created: string, sent: string | null, dead: string | null) => ({
      id,
      created_at: created,
      lead_type: "contact",
      lead_id: "lead",
      to_address: "ann@example.test",
      reply_to: null,
      subject: "Thank you",
      text_body: "Dear Ann",
      html_body: "<p>Dear Ann</p>",
      headers_json: "{}",
      next_attempt_at: created,
      locked_until: null,
      locked_by: null,
      sent_at: sent,
      last_error: null,
      dead_at: dead,
    });
    const old = "2027-01-01T00:00:00.000Z";
    await db()
      .insertInto("outbox")
      .values([
        message("sent-inside", old, edge, null),
        message("sent-past", old, before(edge, 1), null),
        message("dead-inside", old, null, edge),
        message("dead-past", old, null, before(edge, 1)),
        message("waiting", old, null, null),
      ])
      .execute();
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("outbox")).toEqual(["dead-inside", "sent-inside", "waiting"]);
    expect(counts.outbox).toBe(2);
  });

  it("duplicate-submission keys once expired; Stripe event ids after 90 days", async () => {
    const now = "2027-06-30T12:00:00.000Z";
    await db()
      .insertInto("submission_keys")
      .values([
        { fingerprint: "expired", record_id: "a", expires_at: before(now, 1) },
        { fingerprint: "current", record_id: "b", expires_at: now },
      ])
      .execute();
    const edge = before(now, 90 * dayMs);
    await db()
      .insertInto("stripe_events")
      .values([
        { id: "evt_inside", type: "payment_intent.succeeded", received_at: edge },
        { id: "evt_past", type: "payment_intent.succeeded", received_at: before(edge, 1) },
      ])
      .execute();
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("submission_keys", "fingerprint")).toEqual(["current"]);
    expect(await ids("stripe_events")).toEqual(["evt_inside"]);
    expect(counts).toMatchObject({ submission_keys: 1, stripe_events: 1 });
  });

  it("webhook messages 30 days after the change they report, with their deliveries", async () => {
    const now = "2027-06-30T12:00:00.000Z";
    const edge = before(now, 30 * dayMs);
    const event = (id: string, at: string) => ({
      id,
      type: "lead.created",
      created_at: at,
      payload: "{}",
      email: "a@example.test",
    });
    const delivery = (id: string, eventId: string, at: string) => ({
      id,
      event_id: eventId,
      endpoint_id: "crm",
      created_at: at,
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_attempt_at: at,
      last_status: 200,
      last_error: null,
      delivered_at: at,
      dead_at: null,
    });
    await db()
      .insertInto("webhook_events")
      .values([event("msg_inside", edge), event("msg_past", before(edge, 1))])
      .execute();
    await db()
      .insertInto("webhook_deliveries")
      .values([delivery("d_inside", "msg_inside", edge), delivery("d_past", "msg_past", before(edge, 1))])
      .execute();
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("webhook_events")).toEqual(["msg_inside"]);
    expect(await ids("webhook_deliveries")).toEqual(["d_inside"]);
    expect(counts.webhook_events).toBe(1);
  });

  it("page views 24 months after their London day", async () => {
    await db()
      .insertInto("page_views")
      .values([
        { day: "2025-06-29", path: "/about", views: 3 },
        { day: "2025-06-30", path: "/about", views: 5 },
      ])
      .execute();
    // 24 months before 2027-06-30 12:00 London is 2025-06-30 12:00: the 29th is wholly past, the 30th not yet.
    const counts = await applyRetention({ db: db() }, new Date("2027-06-30T11:00:00.000Z"));
    expect((await db().selectFrom("page_views").select("day").execute()).map((r) => r.day)).toEqual(["2025-06-30"]);
    expect(counts.page_views).toBe(1);
  });

  it("the back office: audit events 12 months after, sessions and invitations 30 days after they end", async () => {
    const now = "2029-06-15T10:00:00.000Z";
    const auditEdge = "2028-06-15T10:00:00.000Z";
    const event = (id: string, at: string) => ({
      id,
      at,
      actor_id: null,
      actor_email: "someone@example.test",
      action: "sign-in-failed",
      target: null,
      ip: "192.0.2.1",
      detail: null,
    });
    await db()
      .insertInto("audit_events")
      .values([event("audit_inside", auditEdge), event("audit_past", before(auditEdge, 1))])
      .execute();
    const edge = before(now, 30 * dayMs);
    const session = (id: string, expiresAt: string) => ({
      id,
      user_id: "u1",
      stage: "full" as const,
      created_at: before(expiresAt, 3600_000),
      last_seen_at: before(expiresAt, 3600_000),
      expires_at: expiresAt,
      revoked_at: null,
      ip: "192.0.2.1",
      user_agent: "test",
    });
    await db()
      .insertInto("staff_sessions")
      .values([session("session_inside", edge), session("session_past", before(edge, 1))])
      .execute();
    const invitation = (id: string, expiresAt: string) => ({
      id,
      email: `${id}@example.test`,
      name: "In Vitee",
      role: "leads" as const,
      totp_secret: "JBSWY3DPEHPK3PXP",
      invited_by: null,
      created_at: before(expiresAt, 3 * dayMs),
      expires_at: expiresAt,
      accepted_at: null,
    });
    await db()
      .insertInto("staff_invitations")
      .values([invitation("invitation_inside", edge), invitation("invitation_past", before(edge, 1))])
      .execute();
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("audit_events")).toEqual(["audit_inside"]);
    expect(await ids("staff_sessions")).toEqual(["session_inside"]);
    expect(await ids("staff_invitations")).toEqual(["invitation_inside"]);
    expect(counts).toMatchObject({ audit_events: 1, staff_sessions: 1, staff_invitations: 1 });
  });

  it("a disabled account goes 12 months after it was disabled, with its passkeys; its leads lose their owner", async () => {
    const now = "2029-06-15T10:00:00.000Z";
    const edge = "2028-06-15T10:00:00.000Z";
    const user = (id: string, disabledAt: string | null) => ({
      id,
      email: `${id}@example.test`,
      name: id,
      role: "leads" as const,
      password_hash: "",
      totp_secret: "",
      totp_last_step: 0,
      created_at: "2027-01-01T00:00:00.000Z",
      updated_at: disabledAt ?? "2027-01-01T00:00:00.000Z",
      disabled_at: disabledAt,
    });
    await db()
      .insertInto("staff_users")
      .values([user("user_active", null), user("user_inside", edge), user("user_past", before(edge, 1))])
      .execute();
    await db()
      .insertInto("staff_passkeys")
      .values(
        ["user_active", "user_past"].map((owner) => ({
          id: `key_${owner}`,
          user_id: owner,
          name: "Laptop",
          public_key: "AQID",
          counter: 0,
          transports: "[]",
          backed_up: 0,
          created_at: "2027-01-01T00:00:00.000Z",
          last_used_at: null,
        })),
      )
      .execute();
    const listing = (id: string, owner: string) => ({
      id,
      kind: "contact" as const,
      created_at: before(now, dayMs),
      updated_at: before(now, dayMs),
      name: "Lee Lead",
      email: `${id}@example.test`,
      company: "",
      subject: "",
      pillar: null,
      source_page: "/contact",
      is_test: 0,
      status: "new" as const,
      owner_id: owner,
      deadline_at: null,
      search: "",
    });
    await db()
      .insertInto("leads")
      .values([listing("lead_kept_owner", "user_inside"), listing("lead_lost_owner", "user_past")])
      .execute();
    await db()
      .insertInto("lead_events")
      .values(
        ["user_inside", "user_past"].map((actor) => ({
          id: `event_${actor}`,
          lead_id: "lead_kept_owner",
          at: before(now, dayMs),
          actor_id: actor,
          actor_name: `Name of ${actor}`,
          type: "note" as const,
          body: "Called back.",
        })),
      )
      .execute();
    await db()
      .insertInto("content_revisions")
      .values(
        ["user_inside", "user_past"].map((actor) => ({
          type: "webinar",
          key: `webinar-by-${actor}`,
          revision: 1,
          data: "{}",
          published_at: before(now, dayMs),
          published_by: actor,
          published_by_name: `Name of ${actor}`,
          note: "Published",
        })),
      )
      .execute();
    await db()
      .insertInto("guide_files")
      .values(
        ["user_inside", "user_past"].map((actor) => ({
          id: `file-by-${actor}`,
          guide_id: "risk-guide",
          file_name: "guide.pdf",
          size: 4,
          pages: 1,
          bytes: new Uint8Array([37, 80, 68, 70]),
          uploaded_at: before(now, dayMs),
          uploaded_by: actor,
          uploaded_by_name: `Name of ${actor}`,
        })),
      )
      .execute();
    await db()
      .insertInto("images")
      .values(
        ["user_inside", "user_past"].map((actor, i) => ({
          id: `${i}`.repeat(24),
          name: `Uploaded by ${actor}`,
          width: 100,
          height: 100,
          source_format: "png",
          source_bytes: 1000,
          uploaded_at: before(now, dayMs),
          uploaded_by: actor,
        })),
      )
      .execute();
    for (const [i, actor] of ["user_inside", "user_past"].entries()) {
      await saveBusinessSettings(db(), testBusinessSettings, {
        by: { id: actor, name: `Name of ${actor}` },
        now: new Date(before(now, dayMs - i)),
      });
    }
    const counts = await applyRetention({ db: db() }, new Date(now));
    expect(await ids("staff_users")).toEqual(["user_active", "user_inside"]);
    // Who saved the business settings, as who published a revision (ADR 066).
    expect(
      await db()
        .selectFrom("business_settings_revisions")
        .select(["revision", "saved_by", "saved_by_name"])
        .orderBy("revision")
        .execute(),
    ).toEqual([
      { revision: 1, saved_by: "user_inside", saved_by_name: "Name of user_inside" },
      { revision: 2, saved_by: null, saved_by_name: formerTeamMember },
    ]);
    // Who uploaded a guide's PDF, as who published a revision.
    expect(
      await db().selectFrom("guide_files").select(["id", "uploaded_by", "uploaded_by_name"]).orderBy("id").execute(),
    ).toEqual([
      { id: "file-by-user_inside", uploaded_by: "user_inside", uploaded_by_name: "Name of user_inside" },
      { id: "file-by-user_past", uploaded_by: null, uploaded_by_name: formerTeamMember },
    ]);
    // The images a closed account uploaded stay in the library, no longer naming it.
    const uploads = await db().selectFrom("images").select(["name", "uploaded_by"]).orderBy("name").execute();
    expect(uploads).toEqual([
      { name: "Uploaded by user_inside", uploaded_by: "user_inside" },
      { name: "Uploaded by user_past", uploaded_by: null },
    ]);
    const published = await db()
      .selectFrom("content_revisions")
      .select(["key", "published_by", "published_by_name"])
      .where("key", "like", "webinar-by-%")
      .orderBy("key")
      .execute();
    expect(published).toEqual([
      { key: "webinar-by-user_inside", published_by: "user_inside", published_by_name: "Name of user_inside" },
      { key: "webinar-by-user_past", published_by: null, published_by_name: formerTeamMember },
    ]);
    const signed = await db().selectFrom("lead_events").select(["id", "actor_name"]).orderBy("id").execute();
    expect(signed).toEqual([
      { id: "event_user_inside", actor_name: "Name of user_inside" },
      { id: "event_user_past", actor_name: formerTeamMember },
    ]);
    expect(await ids("staff_passkeys")).toEqual(["key_user_active"]);
    const owners = await db().selectFrom("leads").select(["id", "owner_id"]).orderBy("id").execute();
    expect(owners).toEqual([
      { id: "lead_kept_owner", owner_id: "user_inside" },
      { id: "lead_lost_owner", owner_id: null },
    ]);
    expect(counts).toMatchObject({ staff_accounts_disabled: 1 });
  });

  it("deletes in statements of at most a batch, until nothing is left", async () => {
    const statements: string[] = [];
    // A second Kysely on the same connection, to see each statement it sends.
    const dialectOf =
      dialect === "sqlite"
        ? new SqliteDialect({ database: t.handle.sqlite! })
        : new PostgresDialect({ pool: t.handle.pgPool! });
    const watched = new Kysely<Database>({
      dialect: dialectOf,
      log: (event) => {
        if (event.level === "query" && /^delete from "stripe_events"/i.test(event.query.sql)) {
          statements.push(event.query.sql);
        }
      },
    });
    await db()
      .insertInto("stripe_events")
      .values(
        Array.from({ length: 5 }, (_, i) => ({ id: `evt_${i}`, type: "x", received_at: "2020-01-01T00:00:00.000Z" })),
      )
      .execute();
    const counts = await applyRetention({ db: watched, batchSize: 2 }, new Date("2027-01-01T00:00:00.000Z"));
    expect(counts.stripe_events).toBe(5);
    expect(await ids("stripe_events")).toEqual([]);
    expect(statements).toHaveLength(3); // 2 + 2 + 1
    expect(statements[0]).toMatch(/limit/i);
  });

  it("counts each rule in the metric and logs one line with the counts, without personal data", async () => {
    await db()
      .insertInto("submission_keys")
      .values([
        { fingerprint: "k1", record_id: "a", expires_at: "2020-01-01T00:00:00.000Z" },
        { fingerprint: "k2", record_id: "b", expires_at: "2020-01-01T00:00:00.000Z" },
      ])
      .execute();
    await db()
      .insertInto("contact_enquiries")
      .values({
        ...contactEnquiryRow("c1", "2020-01-01T00:00:00.000Z"),
        name: "Secret Person",
        email: "secret.person@example.test",
      })
      .execute();
    const lines: string[] = [];
    const log = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const metrics = createMetrics();
    await runRetention({ db: db(), log, metrics }, new Date("2027-01-01T00:00:00.000Z"));
    const values = (await metrics.retentionDeleted.get()).values;
    const byRule = Object.fromEntries(values.map((v) => [v.labels.rule, v.value]));
    expect(byRule).toMatchObject({ submission_keys: 2, contact_enquiries: 1 });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 30, job: "retention", total: 3 });
    expect(line.counts).toMatchObject({ submission_keys: 2, contact_enquiries: 1, outbox: 0 });
    expect(lines[0]).not.toMatch(/secret|@/i);
  });

  it("sweeps the log files and e-mail files it is given, with the database rules", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "retention-job-"));
    try {
      const now = new Date("2027-06-30T12:00:00.000Z");
      const old = new Date("2027-01-01T12:00:00.000Z");
      mkdirSync(path.join(dir, "logs"));
      mkdirSync(path.join(dir, "mail"));
      const files = [
        path.join(dir, "logs", "site.2027-01-01.1.log"),
        path.join(dir, "mail", "2027-01-01T12-00-00-000Z-0b8f5c2e-4d1a-4c3e-9f7a-2b6d8e1f3a5c.eml"),
      ];
      for (const file of files) {
        writeFileSync(file, "x");
        utimesSync(file, old, old);
      }
      const counts = await applyRetention(
        { db: db(), logFile: path.join(dir, "logs", "site.log"), mailDir: path.join(dir, "mail") },
        now,
      );
      expect(counts).toMatchObject({ log_files: 1, mail_files: 1 });
      expect(readdirSync(path.join(dir, "logs"))).toEqual([]);
      expect(readdirSync(path.join(dir, "mail"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
