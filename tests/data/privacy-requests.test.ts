/**
 * Access and erasure for one address on both databases: everything about it
 * found across every kind, the inbox, notes, the outbox, bookings and e-mail
 * files; then erased, and nothing about it left but the suppression list
 * and paid bookings without the address.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLeadService } from "~/leads/service.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { erase, findEverything, holdingsAsRows } from "~/privacy/requests.server.ts";
import { audit } from "~/staff/audit.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { consultationRow, createConsultation } from "../support/factories.ts";
import { addLeadNote, testKeys, testMail } from "./fixtures.ts";

const mail = testMail;
const meta = { sourcePage: "/contact", isTest: false };

describe.each(dialects)("access and erasure on %s", (dialect) => {
  let t: TestDatabase;
  let mailDir: string;
  const now = new Date("2026-11-24T10:00:00.000Z");
  const subject = "Erin.Erasure@Example.test";
  const other = "someone.else@example.test";

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    mailDir = mkdtempSync(path.join(tmpdir(), "privacy-mail-"));
    // A webhook endpoint: every lead's message to it holds the address too.
    await createEndpoint(
      t.handle.db,
      { url: "https://crm.example.com/in", description: "CRM", events: ["lead.created"] },
      now,
    );
    const s = createLeadService({ keys: testKeys, db: t.handle.db, mail, clock: () => now });
    for (const email of [subject, other]) {
      const contact = await s.submit(
        "contact",
        {
          name: "Erin Erasure",
          email,
          phone: "020 7946 0000",
          company: "Forget Me Ltd",
          jobTitle: "CFO",
          serviceInterest: "strategy",
          message: "Please call me.",
          preferredContact: "email",
        },
        meta,
      );
      await addLeadNote(t.handle.db, { id: `note-${email}`, leadId: contact.id, at: now, body: "Called Erin" });
      await s.submit(
        "guideRequest",
        {
          first_name: "Erin",
          last_name: "Erasure",
          email,
          company: "Forget Me Ltd",
          guide_name: "sustainable-business-practices",
        },
        meta,
      );
      await s.submit("newsletter", { email }, meta);
      await s.submit(
        "webinarRegistration",
        { webinarId: "scope-3-supplier-data", name: "Erin Erasure", email, company: "Forget Me Ltd" },
        meta,
      );
    }
    const booking = (id: string, email: string, status: "paid" | "pending") =>
      createConsultation(t.handle.db, {
        id,
        status,
        at: now.toISOString(),
        name: "Erin Erasure",
        email,
        quantity: 2,
        amountPence: 90000,
      });
    await booking("b-paid", subject.toLowerCase(), "paid");
    await booking("b-pending", subject, "pending");
    await booking("b-other", other, "paid");
    // An e-mail about a booking (not a lead): found and erased by its address.
    await queueEmails(
      t.handle.db,
      { type: "booking", id: "b-pending" },
      [{ to: subject, subject: "Your consultation", text: "Booked.", html: "<p>Booked.</p>" }],
      now,
    );
    // Someone tried to sign in to the staff area with the address: a security record, kept 12 months.
    await audit(t.handle.db, { actor: { id: null, email: subject }, action: "sign-in-failed", ip: "192.0.2.9" }, now);
    await audit(t.handle.db, { actor: { id: null, email: other }, action: "sign-in-failed", ip: "192.0.2.10" }, now);
    mkdirSync(mailDir, { recursive: true });
    writeFileSync(path.join(mailDir, "1-a.eml"), `To: ${subject.toLowerCase()}\r\n\r\nHello`);
    writeFileSync(path.join(mailDir, "2-b.eml"), `To: ${other}\r\n\r\nHello`);
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("finds everything about the address, whatever its case, and nothing of anyone else's", async () => {
    const held = await findEverything(t.handle.db, "  erin.erasure@EXAMPLE.test ", mailDir);
    expect(held.leads.map((g) => g.table).sort()).toEqual(
      ["contact_enquiries", "guide_requests", "newsletter_subscriptions", "webinar_registrations"].sort(),
    );
    expect(
      held.leads.flatMap((g) => g.rows).every((r) => String(r.email).toLowerCase() === subject.toLowerCase()),
    ).toBe(true);
    // Link tokens are secrets, not data about the person.
    expect(JSON.stringify(held)).not.toMatch(/download_token|confirm_token|unsubscribe_token|client_secret/);
    expect(held.inbox).toHaveLength(4);
    expect(held.notes.map((n) => n.body)).toEqual(["Called Erin"]);
    expect(held.emails.length).toBeGreaterThanOrEqual(6);
    expect(held.emails.some((e) => String(e.to_address) === mail.teamEmail)).toBe(true);
    expect(held.emails.some((e) => e.subject === "Your consultation")).toBe(true);
    expect(held.bookings.map((b) => b.id).sort()).toEqual(["b-paid", "b-pending"]);
    expect(held.mailFiles).toEqual(["1-a.eml"]);
    expect(held.webhooks.map((w) => w.type)).toEqual(Array(4).fill("lead.created"));
    expect(held.securityRecords).toEqual([
      { id: expect.any(String), at: now.toISOString(), action: "sign-in-failed", ip: "192.0.2.9" },
    ]);
    const rows = holdingsAsRows(held);
    expect(rows).toContainEqual(["Back-office security records", expect.any(String), "action", "sign-in-failed"]);
    expect(rows).toContainEqual(["Contact enquiry", expect.any(String), "message", "Please call me."]);
    expect(rows).toContainEqual(["E-mail file", "1-a.eml", "file", "1-a.eml"]);
  });

  it("erases all of it but the suppression list and the paid booking (without the address)", async () => {
    const counts = await erase(t.handle.db, subject, now, mailDir);
    expect(counts).toMatchObject({
      leads: 3,
      notes: 1,
      bookingsDeleted: 1,
      bookingsKept: 1,
      suppressed: 1,
      webhooks: 4,
      mailFiles: 1,
    });
    expect(counts.emails).toBeGreaterThanOrEqual(6);

    // Every text column of every table: the address is only on the suppression list.
    const address = subject.toLowerCase();
    const tables = await t.handle.db.introspection.getTables();
    // PostgreSQL lists every schema's tables: only this test's own schema counts (others come and go with other tests).
    const own =
      t.handle.dialect === "postgres"
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(t.handle.db)).rows[0]!.name
        : undefined;
    const found: string[] = [];
    for (const table of tables) {
      if (own !== undefined && table.schema !== own) continue;
      if (table.name.startsWith("leads_fts") || table.name.startsWith("kysely_")) continue;
      for (const column of table.columns) {
        const rows = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table.name)} where lower(cast(${sql.ref(column.name)} as text)) like ${`%${address}%`}`.execute(
          t.handle.db,
        );
        if (Number(rows.rows[0]!.n) > 0) found.push(`${table.name}.${column.name}`);
      }
    }
    // And the security record of the attempt to sign in with it, for its 12 months (as the notice says).
    expect(found).toEqual(["audit_events.actor_email", "newsletter_subscriptions.email"]);
    const suppressed = await t.handle.db
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    expect(suppressed).toMatchObject({ status: "unsubscribed", consent_text: "", source_page: "", confirmed_at: null });
    const kept = await consultationRow(t.handle.db, { id: "b-paid" });
    expect(kept).toMatchObject({
      customer_email: "erased",
      customer_name: "Erin Erasure",
      amount_pence: 90000,
      status: "paid",
    });
    expect(readdirSync(mailDir)).toEqual(["2-b.eml"]);

    // The other person's records are all there.
    const theirs = await findEverything(t.handle.db, other, mailDir);
    expect(theirs.leads).toHaveLength(4);
    expect(theirs.notes).toHaveLength(1);
    expect(theirs.bookings).toHaveLength(1);
    expect(theirs.mailFiles).toEqual(["2-b.eml"]);
    expect(theirs.webhooks).toHaveLength(4);

    // Asking again finds only the suppression entry.
    const again = await findEverything(t.handle.db, subject, mailDir);
    expect(again.leads.map((g) => g.table)).toEqual(["newsletter_subscriptions"]);
    expect([again.inbox, again.notes, again.emails, again.bookings, again.mailFiles].map((l) => l.length)).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it("finds the e-mails to someone else that name the address, and erases those sent, not one still to send", async () => {
    const delegate = `Dana.Delegate-${dialect}@Example.test`;
    const listing = (n: number, named: string) => ({
      to: `booker-${n}@example.test`,
      subject: `Your booking ${n}`,
      text: `Places:\n1. Dana Delegate <${named}>\n2. To follow`,
      html: "<p>Places</p>",
    });
    await queueEmails(t.handle.db, { type: "course-booking", id: `bk-${dialect}-1` }, [listing(1, delegate)], now);
    await queueEmails(t.handle.db, { type: "course-booking", id: `bk-${dialect}-2` }, [listing(2, delegate)], now);
    // Another person's address that holds this one's inside it.
    await queueEmails(
      t.handle.db,
      { type: "course-booking", id: `bk-${dialect}-3` },
      [listing(3, `jo${delegate.toLowerCase()}`)],
      now,
    );
    const bySubject = async (subject: string) =>
      t.handle.db.selectFrom("outbox").select(["id", "sent_at"]).where("subject", "=", subject).executeTakeFirst();
    await t.handle.db
      .updateTable("outbox")
      .set({ sent_at: now.toISOString() })
      .where("subject", "in", ["Your booking 1", "Your booking 3"])
      .execute();

    const held = await findEverything(t.handle.db, delegate, mailDir);
    expect(held.emails.map((e) => e.subject).sort()).toEqual(["Your booking 1", "Your booking 2"]);

    const counts = await erase(t.handle.db, delegate, now, mailDir);
    expect(counts.emails).toBe(1);
    expect(await bySubject("Your booking 1")).toBeUndefined();
    // Still to be sent: the booker's, delivered, then gone with the outbox's 90 days.
    expect(await bySubject("Your booking 2")).toMatchObject({ sent_at: null });
    expect(await bySubject("Your booking 3")).toMatchObject({ sent_at: now.toISOString() });
  });
});
