/**
 * Migration 031 on both databases (docs/decisions/061): a booking, download
 * or set-up link kept before, in any spelling, in a lead's landing or source
 * page, a lead kind's own row, a refusal's path in the audit log or a kept
 * lead.created message or a refused post's attribution in the spam folder,
 * is left as its route's pattern; every other value
 * is left as it was; running it again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { migrations } from "~/data/migrations/index.ts";
import { dialects, openDatabaseAt, type DatabaseAtMigration } from "./databases.ts";

const token = "Zx9-Secret_booking_TOKEN_0123456789abcdefghi";
const at = "2026-11-20T10:00:00.000Z";
const migration = migrations["2026-11-28-031-credentials-out-of-records"]!;

describe.each(dialects)("credentials scrubbed from records on %s", (dialect) => {
  let t: DatabaseAtMigration;
  let db: Kysely<Record<string, Record<string, unknown>>>;
  beforeAll(async () => {
    // The tables as migration 031 found them (034 moved the consultation's).
    t = await openDatabaseAt(dialect, "2026-11-28-031-credentials-out-of-records");
    db = t.db as never;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const lead = (id: string, landing: string | null, source: string) => ({
    id,
    kind: "contact",
    created_at: at,
    is_test: 0,
    source_page: source,
    name: "Ada",
    email: `${id}@example.com`,
    company: "",
    subject: "training",
    pillar: null,
    status: "new",
    owner_id: null,
    updated_at: at,
    deadline_at: null,
    search: "ada",
    landing_page: landing,
  });

  it("leaves a credential route's pattern where its link was kept, and everything else as it was", async () => {
    await db
      .insertInto("leads")
      .values([
        lead("l1", `/booking/${token}`, "/contact"),
        lead("l2", `/BOOKING/${token}/pay`, `/booking/${token}`),
        lead("l3", `/%62ooking/${token}/documents/INV-000001.pdf`, "/contact?interest=training"),
        lead("l4", `/downloads/${token}`, `/admin/setup/${token}`),
        lead("l5", "/courses/risk-management", "/contact"),
        lead("l6", null, "api"),
      ])
      .execute();
    await db
      .insertInto("contact_enquiries")
      .values({
        id: "c1",
        created_at: at,
        consent_text: "yes",
        source_page: `/x/../booking/${token}`,
        is_test: 0,
        name: "Ada",
        email: "c1@example.com",
        phone: "",
        company: "",
        job_title: null,
        service_interest: "training",
        message: "Hello",
        preferred_contact: "email",
      })
      .execute();
    await db
      .insertInto("audit_events")
      .values([
        {
          id: "a1",
          at,
          actor_id: null,
          actor_email: null,
          action: "csrf-refused",
          target: `path:/admin/setup/${token}`,
          ip: "",
          detail: null,
        },
        {
          id: "a2",
          at,
          actor_id: null,
          actor_email: null,
          action: "access-refused",
          target: "path:/admin/users",
          ip: "",
          detail: null,
        },
        {
          id: "a3",
          at,
          actor_id: null,
          actor_email: null,
          action: "lead-viewed",
          target: "lead:l1",
          ip: "",
          detail: null,
        },
      ])
      .execute();
    const payload = (landing: string, source: string) =>
      JSON.stringify({
        type: "lead.created",
        timestamp: at,
        data: { id: "l1", sourcePage: source, attribution: { landingPage: landing, referrer: null } },
      });
    const untouched = payload("/about", "/contact");
    await db
      .insertInto("webhook_events")
      .values([
        {
          id: "w1",
          type: "lead.created",
          created_at: at,
          payload: payload(`/Booking/${token}`, `/booking/${token}/pay`),
          email: null,
        },
        { id: "w2", type: "lead.created", created_at: at, payload: untouched, email: null },
      ])
      .execute();

    const spamFields = (landing: string) =>
      JSON.stringify({ name: "Bot", attribution: JSON.stringify({ l: landing, r: null }), message: "Hello" });
    const keptSpam = spamFields("/pillar/risk-grc");
    await db
      .insertInto("spam_submissions")
      .values([
        {
          id: "s1",
          kind: "contact",
          received_at: at,
          reason: "honeypot",
          fields_json: spamFields(`/BOOKING/${token}`),
          email: "",
          client_key: "unknown",
          source_page: "/contact",
        },
        {
          id: "s2",
          kind: "contact",
          received_at: at,
          reason: "too-fast",
          fields_json: keptSpam,
          email: "",
          client_key: "unknown",
          source_page: "/contact",
        },
      ])
      .execute();

    await migration.up(db as never);
    await migration.up(db as never);

    const leads = await db.selectFrom("leads").select(["id", "landing_page", "source_page"]).orderBy("id").execute();
    expect(leads).toEqual([
      { id: "l1", landing_page: "/booking/:token", source_page: "/contact" },
      { id: "l2", landing_page: "/booking/:token/pay", source_page: "/booking/:token" },
      { id: "l3", landing_page: "/booking/:token/documents/:file", source_page: "/contact?interest=training" },
      { id: "l4", landing_page: "/downloads/:token", source_page: "/admin/setup/:token" },
      { id: "l5", landing_page: "/courses/risk-management", source_page: "/contact" },
      { id: "l6", landing_page: null, source_page: "api" },
    ]);
    expect(await db.selectFrom("contact_enquiries").select("source_page").execute()).toEqual([
      { source_page: "/booking/:token" },
    ]);
    expect(await db.selectFrom("audit_events").select(["id", "target"]).orderBy("id").execute()).toEqual([
      { id: "a1", target: "path:/admin/setup/:token" },
      { id: "a2", target: "path:/admin/users" },
      { id: "a3", target: "lead:l1" },
    ]);
    const events = await db.selectFrom("webhook_events").select(["id", "payload"]).orderBy("id").execute();
    expect(JSON.parse(String(events[0]!.payload))).toMatchObject({
      data: { sourcePage: "/booking/:token/pay", attribution: { landingPage: "/booking/:token", referrer: null } },
    });
    expect(events[1]!.payload).toBe(untouched);
    const spam = await db.selectFrom("spam_submissions").select(["id", "fields_json"]).orderBy("id").execute();
    const spamAttribution = JSON.parse(String(JSON.parse(String(spam[0]!.fields_json)).attribution)) as unknown;
    expect(spamAttribution).toEqual({ l: "/booking/:token", r: null });
    expect(spam[1]!.fields_json).toBe(keptSpam);
    // Nowhere is the token left.
    for (const table of ["leads", "contact_enquiries", "audit_events", "webhook_events", "spam_submissions"]) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(token);
    }
  });
});
