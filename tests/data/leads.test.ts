/**
 * The lead service and the outbox on both databases: what is stored, what
 * is queued, duplicates, atomicity, newsletter double opt-in, downloads,
 * and the worker's retries against a real SMTP server that is stopped and
 * started.
 */
import { sql } from "kysely";
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SMTPServer } from "smtp-server";
import { migrate } from "~/data/db.server.ts";
import { leadKindTexts } from "~/leads/kinds/index.ts";
import { UnknownReferenceError } from "~/leads/errors.ts";
import { createLeadService, fingerprint } from "~/leads/service.server.ts";
import { confirmCredential, unsubscribeCredential } from "~/leads/kinds/newsletter.server.ts";
import { withheldCredential } from "~/mail/types.ts";
import type { MailTransport, OutboxWorker, OutboxWorkerOptions } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { processRuns } from "~/mail/outbox-owners.server.ts";
import { retryDelayMs } from "~/mail/outbox-rules.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { freePort } from "../../harness/ports.ts";
import { dialects } from "./databases.ts";
import {
  contactEnquiry,
  outboxSecrets,
  rowCount,
  sentText,
  testKeys,
  testMail,
  testOutboxWorker,
  useTestDatabase,
} from "./fixtures.ts";

const mail = testMail;
const meta = { sourcePage: "/contact", isTest: false };

const enquiry = contactEnquiry;

describe.each(dialects)("leads on %s", (dialect) => {
  let now: Date;
  const clock = () => now;
  let queued = 0;
  const service = () =>
    createLeadService({ keys: testKeys, db: t.handle.db, mail, clock, onEmailsQueued: () => (queued += 1) });

  const t = useTestDatabase(dialect);
  beforeEach(() => {
    now = new Date("2026-11-23T10:00:00.000Z");
    queued = 0;
  });

  const count = (table: "contact_enquiries" | "outbox" | "newsletter_subscriptions" | "submission_keys") =>
    rowCount(t.handle.db, table);
  const outboxFor = (leadId: string) =>
    t.handle.db.selectFrom("outbox").selectAll().where("lead_id", "=", leadId).orderBy("to_address").execute();
  /** An outbox worker on the test database and clock. */
  const outboxWorker = (transport: MailTransport, options: Partial<OutboxWorkerOptions> = {}) =>
    testOutboxWorker({ db: t.handle.db, transport, clock, ...options });

  it("runs its migrations once; running them again changes nothing", async () => {
    await migrate(t.handle);
    const tables = await t.handle.db.introspection.getTables();
    const names = tables.map((x) => x.name);
    for (const name of [
      "contact_enquiries",
      "guide_requests",
      "resource_downloads",
      "newsletter_subscriptions",
      "webinar_registrations",
      "outbox",
      "submission_keys",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("stores a contact enquiry with its consent text, page and time, and queues two e-mails with it", async () => {
    const { id, duplicate } = await service().submit("contact", enquiry("ann@example.test"), meta);
    expect(duplicate).toBe(false);
    const row = await t.handle.db
      .selectFrom("contact_enquiries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Ann Lee",
      email: "ann@example.test",
      job_title: "CFO",
      service_interest: "strategy",
      preferred_contact: "email",
      consent_text: leadKindTexts.contact.consentText,
      source_page: "/contact",
      created_at: "2026-11-23T10:00:00.000Z",
      is_test: 0,
    });
    const emails = await outboxFor(id);
    expect(emails.map((e) => e.to_address).sort()).toEqual(["ann@example.test", "team@example.test"]);
    expect(emails.every((e) => e.sent_at === null && e.attempts === 0)).toBe(true);
    const team = emails.find((e) => e.to_address === "team@example.test")!;
    expect(team.reply_to).toBe("ann@example.test");
    for (const value of ["Ann Lee", "020 7946 0000", "Acme Ltd", "CFO", "Please call me about a programme"]) {
      expect(team.text_body).toContain(value);
    }
    expect(queued).toBe(1);
  });

  it("stores a repeated submission once within the window, and again after it", async () => {
    const s = service();
    const before = await count("contact_enquiries");
    const first = await s.submit("contact", enquiry("dup@example.test"), meta);
    const second = await s.submit("contact", { ...enquiry("DUP@example.test"), name: "  Ann Lee " }, meta);
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(await count("contact_enquiries")).toBe(before + 1);
    expect(await outboxFor(first.id)).toHaveLength(2);
    now = new Date(now.getTime() + 11 * 60_000);
    const third = await s.submit("contact", enquiry("dup@example.test"), meta);
    expect(third.duplicate).toBe(false);
    expect(await count("contact_enquiries")).toBe(before + 2);
  });

  it("stores one record for ten identical submissions at once", async () => {
    const s = service();
    const before = await count("contact_enquiries");
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => s.submit("contact", enquiry("burst@example.test"), meta)),
    );
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(1);
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(await count("contact_enquiries")).toBe(before + 1);
  });

  it("stores nothing when its e-mails cannot be queued (one transaction)", async () => {
    const before = await count("contact_enquiries");
    const keysBefore = await count("submission_keys");
    await sql`ALTER TABLE outbox RENAME TO outbox_away`.execute(t.handle.db);
    try {
      await expect(service().submit("contact", enquiry("atomic@example.test"), meta)).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE outbox_away RENAME TO outbox`.execute(t.handle.db);
    }
    expect(await count("contact_enquiries")).toBe(before);
    const keysAfter = await count("submission_keys");
    expect(keysAfter).toBe(keysBefore);
    // And the visitor can simply send it again.
    expect((await service().submit("contact", enquiry("atomic@example.test"), meta)).duplicate).toBe(false);
  });

  it("marks test submissions and keeps them apart from real ones", async () => {
    const { id } = await service().submit("contact", enquiry("tester@example.test"), {
      sourcePage: "api",
      isTest: true,
    });
    const row = await t.handle.db
      .selectFrom("contact_enquiries")
      .select(["is_test", "source_page"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_test: 1, source_page: "api" });
    expect((await outboxFor(id)).every((e) => e.subject.startsWith("[TEST] "))).toBe(true);
    expect(fingerprint("contact", enquiry("x@y.z"), true)).not.toBe(fingerprint("contact", enquiry("x@y.z"), false));
  });

  it("guide requests and home downloads get a personal download link that finds the guide", async () => {
    const s = service();
    const g = await s.submit(
      "guideRequest",
      {
        first_name: "Jo",
        last_name: "Bloggs",
        email: "jo@example.test",
        company: "Acme",
        guide_name: "sustainable-business-practices",
      },
      { sourcePage: "/get-guide", isTest: false },
    );
    const r = await s.submit(
      "resourceDownload",
      { email: "jo@example.test", resourceId: "finance-toolkit" },
      { sourcePage: "/", isTest: false },
    );
    const gRow = await t.handle.db
      .selectFrom("guide_requests")
      .selectAll()
      .where("id", "=", g.id)
      .executeTakeFirstOrThrow();
    const rRow = await t.handle.db
      .selectFrom("resource_downloads")
      .selectAll()
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    // The tables keep each token's SHA-256 alone; the visitor's e-mail keeps it sealed until it is sent.
    expect(gRow.download_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(gRow.download_token_hash).not.toBe(rRow.download_token_hash);
    const tokenOf = async (id: string) => {
      const visitorMail = (await outboxFor(id)).find((e) => e.to_address === "jo@example.test")!;
      expect(visitorMail.text_body).toContain("https://site.example/downloads/withheld-credential-download-link");
      const token = outboxSecrets(visitorMail)["download-link"]!;
      expect(sentText(visitorMail)).toContain(`https://site.example/downloads/${token}`);
      expect(JSON.stringify(visitorMail)).not.toContain(token);
      return token;
    };
    const gToken = await tokenOf(g.id);
    const rToken = await tokenOf(r.id);
    expect(gToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(gRow.download_token_hash).toBe(createHash("sha256").update(gToken).digest("hex"));
    expect(await s.findDownload(gToken)).toBe("sustainability-guide");
    expect(await s.findDownload(rToken)).toBe("finance-toolkit");
    // What a copy of the database holds opens nothing.
    expect(await s.findDownload(gRow.download_token_hash)).toBeNull();
    expect(await s.findDownload("x".repeat(32))).toBeNull();
  });

  it("newsletter: double opt-in, confirm once, unsubscribe, sign up again", async () => {
    const s = service();
    const first = await s.submit("newsletter", { email: "News@Example.test" }, { sourcePage: "/", isTest: false });
    const sub = () =>
      t.handle.db
        .selectFrom("newsletter_subscriptions")
        .selectAll()
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow();
    let row = await sub();
    expect(row).toMatchObject({ email: "news@example.test", status: "pending", confirmed_at: null });
    let emails = await outboxFor(first.id);
    expect(emails).toHaveLength(1);
    const linksOf = (email: { text_body: string; headers_json: string; secrets: string | null }) => {
      const secrets = outboxSecrets(email);
      const confirm = secrets[confirmCredential]!;
      const unsubscribe = secrets[unsubscribeCredential]!;
      expect(sentText(email)).toContain(`/newsletter/confirm?token=${confirm}`);
      expect(sentText(email)).toContain(`/newsletter/unsubscribe?token=${unsubscribe}`);
      expect(JSON.parse(email.headers_json)["List-Unsubscribe"]).toContain(withheldCredential(unsubscribeCredential));
      expect(JSON.stringify(email)).not.toContain(confirm);
      expect(JSON.stringify(email)).not.toContain(unsubscribe);
      return { confirm, unsubscribe };
    };
    const firstLinks = linksOf(emails[0]!);
    // The row keeps the tokens' hashes alone.
    expect(row.confirm_token_hash).toBe(createHash("sha256").update(firstLinks.confirm).digest("hex"));
    expect(row.unsubscribe_token_hash).toBe(createHash("sha256").update(firstLinks.unsubscribe).digest("hex"));
    expect(await s.confirmNewsletter(row.confirm_token_hash)).toBe("unknown");

    // Signing up again while pending (after the duplicate window) re-sends the confirmation, one row,
    // with new links: the earlier e-mail's stop working.
    now = new Date(now.getTime() + 11 * 60_000);
    expect((await s.submit("newsletter", { email: "news@example.test" }, meta)).id).toBe(first.id);
    emails = await outboxFor(first.id);
    expect(emails).toHaveLength(2);
    const links = linksOf(emails.find((e) => outboxSecrets(e)[confirmCredential] !== firstLinks.confirm)!);
    expect(links.unsubscribe).not.toBe(firstLinks.unsubscribe);
    expect(await s.confirmNewsletter(firstLinks.confirm)).toBe("unknown");
    expect(await s.unsubscribeNewsletter(firstLinks.unsubscribe)).toBe("unknown");

    expect(await s.confirmNewsletter(links.confirm)).toBe("confirmed");
    expect(await s.confirmNewsletter(links.confirm)).toBe("already-confirmed");
    expect(await s.confirmNewsletter("no-such-token")).toBe("unknown");
    row = await sub();
    expect(row.status).toBe("confirmed");
    emails = await outboxFor(first.id);
    expect(emails.map((e) => e.to_address).sort()).toEqual([
      "news@example.test",
      "news@example.test",
      "news@example.test",
      "team@example.test",
    ]);
    // The welcome e-mail's unsubscribe link is the confirmation e-mail's.
    const welcome = emails.find((e) => e.subject.startsWith("Welcome"))!;
    expect(outboxSecrets(welcome)).toEqual({ [unsubscribeCredential]: links.unsubscribe });
    expect(sentText(welcome)).toContain(`/newsletter/unsubscribe?token=${links.unsubscribe}`);
    expect(JSON.parse(welcome.headers_json)["List-Unsubscribe"]).toContain(withheldCredential(unsubscribeCredential));

    // Confirmed: signing up again is harmless and sends nothing.
    now = new Date(now.getTime() + 11 * 60_000);
    await s.submit("newsletter", { email: "news@example.test" }, meta);
    expect(await outboxFor(first.id)).toHaveLength(4);
    expect(await count("newsletter_subscriptions")).toBeGreaterThanOrEqual(1);

    expect(await s.unsubscribeNewsletter(links.unsubscribe)).toBe("unsubscribed");
    expect(await s.unsubscribeNewsletter(links.unsubscribe)).toBe("already-unsubscribed");
    expect(await s.unsubscribeNewsletter("nope")).toBe("unknown");
    expect((await sub()).status).toBe("unsubscribed");
    // The retention job keeps only the address of an unsubscribed row (the suppression list).
    await t.handle.db
      .updateTable("newsletter_subscriptions")
      .set({ consent_text: "", source_page: "" })
      .where("id", "=", first.id)
      .execute();

    // Back again: pending, with a new confirmation link, and the consent text and page of this sign-up.
    now = new Date(now.getTime() + 11 * 60_000);
    await s.submit("newsletter", { email: "news@example.test" }, { sourcePage: "/newsletter", isTest: false });
    const again = await sub();
    expect(again.status).toBe("pending");
    expect(again.consent_text).toBe(leadKindTexts.newsletter.consentText);
    expect(again.source_page).toBe("/newsletter");
    expect(again.confirm_token_hash).not.toBe(row.confirm_token_hash);
    expect(await s.confirmNewsletter(links.confirm)).toBe("unknown");
  });

  it("webinar registrations: stored for a known webinar, refused for an unknown one", async () => {
    const s = service();
    const input = { webinarId: "scope-3-supplier-data", name: "Sam Patel", email: "sam@example.test", company: "Acme" };
    const { id } = await s.submit("webinarRegistration", input, { sourcePage: "/resources", isTest: false });
    const row = await t.handle.db
      .selectFrom("webinar_registrations")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.webinar_id).toBe("scope-3-supplier-data");
    expect((await outboxFor(id)).map((e) => e.to_address).sort()).toEqual(["sam@example.test", "team@example.test"]);
    await expect(s.submit("webinarRegistration", { ...input, webinarId: "nope" }, meta)).rejects.toBeInstanceOf(
      UnknownReferenceError,
    );
  });

  it("webinar registrations close when the webinar starts: a clear message, nothing stored or sent", async () => {
    const s = service();
    const input = {
      webinarId: "scope-3-supplier-data",
      name: "Late Comer",
      email: "late@example.test",
      company: "Acme",
    };
    const startsAt = Date.parse("2027-03-17T12:30:00+00:00");
    now = new Date(startsAt - 1000);
    await s.submit("webinarRegistration", input, { sourcePage: "/resources", isTest: false });
    const before = await count("outbox");
    now = new Date(startsAt);
    const refused = s.submit("webinarRegistration", { ...input, email: "later@example.test" }, meta);
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toThrow("Registration has closed: this webinar started on");
    const stored = await t.handle.db
      .selectFrom("webinar_registrations")
      .select("email")
      .where("email", "=", "later@example.test")
      .execute();
    expect(stored).toEqual([]);
    expect(await count("outbox")).toBe(before);
  });

  describe("outbox worker", () => {
    // Earlier tests queued e-mails: mark them handled so each test sees only its own.
    beforeEach(async () => {
      await t.handle.db
        .updateTable("outbox")
        .set({ sent_at: "2000-01-01T00:00:00.000Z" })
        .where("sent_at", "is", null)
        .execute();
    });

    it("a message past its not-after moment is given up, not sent; one still in time is sent", async () => {
      const about = { type: "webinarRegistration", id: `not-after-${dialect}` };
      const email = (to: string, notAfter: string) => ({
        to,
        subject: "In one hour",
        text: "x",
        html: "<p>x</p>",
        notAfter,
      });
      await queueEmails(
        t.handle.db,
        about,
        [
          email("late@example.test", new Date(now.getTime() - 1).toISOString()),
          email("in-time@example.test", new Date(now.getTime() + 60_000).toISOString()),
        ],
        now,
      );
      const sent: string[] = [];
      const transport: MailTransport = { send: async (message) => void sent.push(message.to) };
      await outboxWorker(transport).sendDue();
      expect(sent).toEqual(["in-time@example.test"]);
      const rows = await outboxFor(about.id);
      expect(rows.map((r) => [r.to_address, r.sent_at !== null, r.dead_at !== null])).toEqual([
        ["in-time@example.test", true, false],
        ["late@example.test", false, true],
      ]);
      expect(rows[1]!.last_error).toContain("no longer worth sending");
    });

    it("retries with backoff and sends each message once, even with two workers", async () => {
      const { id } = await service().submit("contact", enquiry("worker@example.test"), meta);
      const sent: string[] = [];
      let failuresLeft = 2;
      const flaky: MailTransport = {
        async send(message) {
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error("451 try again later");
          }
          await new Promise((r) => setTimeout(r, 20));
          sent.push(message.id);
        },
      };
      const workers = [1, 2].map(() => outboxWorker(flaky));
      await Promise.all(workers.map((w) => w.sendDue()));
      let rows = await outboxFor(id);
      const failed = rows.filter((r) => r.sent_at === null);
      expect(failed.length).toBeGreaterThan(0);
      for (const r of failed) {
        expect(r.attempts).toBe(1);
        expect(r.last_error).toContain("451");
        expect(r.next_attempt_at).toBe(new Date(now.getTime() + 2000).toISOString());
      }
      // Not due yet: nothing is tried.
      await workers[0]!.sendDue();
      expect((await outboxFor(id)).filter((r) => r.sent_at === null)).toHaveLength(failed.length);
      now = new Date(now.getTime() + 2000);
      while ((await outboxFor(id)).some((r) => r.sent_at === null)) {
        await Promise.all(workers.map((w) => w.sendDue()));
        now = new Date(now.getTime() + 60_000);
      }
      rows = await outboxFor(id);
      expect(rows.every((r) => r.sent_at !== null && r.locked_until === null)).toBe(true);
      const mine = sent.filter((s) => rows.some((r) => r.id === s));
      expect(mine.sort()).toEqual(rows.map((r) => r.id).sort());
    });

    it("backs off 2 s, 4 s, 8 s ... up to the cap", () => {
      expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 60_000))).toEqual([2000, 4000, 8000, 16_000, 60_000]);
    });

    it("keeps e-mails while the SMTP server is down and sends them once it is back", async () => {
      const received: string[] = [];
      // Free now, and nobody listens on it until the test starts its server.
      const port = await freePort();
      const smtp = () =>
        new SMTPServer({
          authOptional: true,
          disabledCommands: ["STARTTLS"],
          logger: false,
          onData(stream, session, cb) {
            let raw = "";
            stream.on("data", (c: Buffer) => (raw += c.toString()));
            stream.on("end", () => {
              received.push(`${session.envelope.rcptTo.map((r) => r.address).join(",")}\n${raw}`);
              cb();
            });
          },
        });
      const transport = createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "Site <no-reply@example.test>",
        dataDir: "/nonexistent",
      });
      const worker = outboxWorker(transport);
      const { id } = await service().submit("contact", enquiry("outage@example.test"), meta);
      await worker.sendDue(); // SMTP is down: connection refused
      let rows = await outboxFor(id);
      expect(
        rows.every((r) => r.sent_at === null && r.attempts === 1 && /ECONNREFUSED|connect/i.test(r.last_error ?? "")),
      ).toBe(true);

      const server = smtp();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      try {
        now = new Date(now.getTime() + 2000);
        await worker.sendDue();
        rows = await outboxFor(id);
        expect(rows.every((r) => r.sent_at !== null)).toBe(true);
        expect(received.filter((m) => m.includes("outage@example.test"))).toHaveLength(2);
        const team = received.find((m) => m.startsWith("team@example.test"))!;
        expect(team).toMatch(/^Reply-To: outage@example\.test/m);
        expect(team).toMatch(/Content-Type: multipart\/alternative/);
      } finally {
        transport.close?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    describe("lease owners", () => {
      /** A transport whose sends hang until released: the worker dies holding its leases. */
      const hanging = () => {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        const sent: string[] = [];
        const transport: MailTransport = {
          async send(message) {
            sent.push(message.id);
            await released;
          },
        };
        return { transport, sent, release };
      };
      const recorder = () => {
        const sent: string[] = [];
        return { sent, transport: { send: async (m: { id: string }) => void sent.push(m.id) } satisfies MailTransport };
      };
      const claimedBy = async (workerId: string) =>
        (
          await t.handle.db
            .selectFrom("outbox")
            .select("id")
            .where("locked_by", "=", workerId)
            .where("sent_at", "is", null)
            .execute()
        ).length;
      /** The pid of a process that has ended (a real one, started and gone). */
      const deadPid = async () => {
        const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
        await new Promise((resolve) => child.once("exit", resolve));
        expect(processRuns(child.pid!)).toBe(false);
        return child.pid!;
      };
      /** Worker A (the given identity) claims this lead's two e-mails and hangs sending them. */
      const claimAndHang = async (identity: ConstructorParameters<typeof OutboxWorker>[0]["identity"]) => {
        const { id } = await service().submit(
          "contact",
          enquiry(`owner-${Math.random().toString(36).slice(2)}@example.test`),
          meta,
        );
        const hang = hanging();
        // One send at a time: A holds one message and leaves the other due.
        const a = outboxWorker(hang.transport, { concurrency: 1, identity });
        await a.register();
        const sending = a.sendDue();
        await vi.waitFor(async () => expect(await claimedBy(a.identity.id)).toBe(1));
        return { leadId: id, a, hang, sending };
      };
      /** `other` sends all of the lead's messages; then A's hung send is let go and `other` stops. */
      const expectSendsEverything = async (other: OutboxWorker, claimed: Awaited<ReturnType<typeof claimAndHang>>) => {
        await other.sendDue();
        expect((await outboxFor(claimed.leadId)).every((r) => r.sent_at !== null)).toBe(true);
        claimed.hang.release();
        await claimed.sending;
        await other.stop();
      };

      it("a process restarted after a crash sends what its dead predecessor had claimed, without waiting for the lease", async () => {
        const pid = await deadPid();
        const { leadId, a, hang, sending } = await claimAndHang({ pid, processId: "crashed-process" });
        const b = recorder();
        const restarted = outboxWorker(b.transport);
        // Same clock: the 60 s lease has not run out.
        expect(await restarted.register()).toBe(1);
        await restarted.sendDue();
        await restarted.sendDue();
        const rows = await outboxFor(leadId);
        expect(rows.every((r) => r.sent_at !== null && r.locked_by === null)).toBe(true);
        expect(b.sent.sort()).toEqual(rows.map((r) => r.id).sort());
        const workers = await t.handle.db.selectFrom("outbox_workers").select("id").execute();
        expect(workers.map((w) => w.id)).not.toContain(a.identity.id);
        hang.release();
        await sending;
        await restarted.stop();
      });

      it("a restarted process that got its predecessor's pid (a container's pid 1) still takes its leases back", async () => {
        const claimed = await claimAndHang({ pid: process.pid, processId: "earlier-process-same-pid" });
        const b = recorder();
        const restarted = outboxWorker(b.transport);
        expect(await restarted.register()).toBe(1);
        await expectSendsEverything(restarted, claimed);
      });

      it("a live owner keeps its lease: another worker of the same process, or a running process on this host", async () => {
        const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
        try {
          for (const identity of [{}, { pid: sleeper.pid!, processId: "another-live-process" }]) {
            const { leadId, a, hang, sending } = await claimAndHang(identity);
            const b = recorder();
            const other = outboxWorker(b.transport);
            expect(await other.register()).toBe(0);
            await other.sendDue();
            // The message A is sending stays A's; only the one it had not claimed yet goes out.
            expect(hang.sent).toHaveLength(1);
            expect(b.sent).not.toContain(hang.sent[0]);
            expect(await claimedBy(a.identity.id)).toBe(1);
            hang.release();
            await sending;
            await a.sendDue();
            expect((await outboxFor(leadId)).every((r) => r.sent_at !== null)).toBe(true);
            await other.stop();
            await a.stop();
          }
        } finally {
          sleeper.kill("SIGKILL");
        }
      });

      it("an owner on another host is dead only once its heartbeat is three beats old", async () => {
        const claimed = await claimAndHang({ host: "another-host.internal", pid: 1 });
        const b = recorder();
        const other = outboxWorker(b.transport, { heartbeatMs: 10_000 });
        now = new Date(now.getTime() + 30_000);
        expect(await other.register()).toBe(0);
        now = new Date(now.getTime() + 1);
        expect(await other.register()).toBe(1);
        await expectSendsEverything(other, claimed);
      });

      it("a worker that stops deregisters and leaves no lease behind", async () => {
        const w = outboxWorker(recorder().transport, { pollMs: 60_000 });
        await w.start();
        expect(
          await t.handle.db.selectFrom("outbox_workers").select("id").where("id", "=", w.identity.id).execute(),
        ).toHaveLength(1);
        await w.stop();
        expect(
          await t.handle.db.selectFrom("outbox_workers").select("id").where("id", "=", w.identity.id).execute(),
        ).toHaveLength(0);
      });
    });
  });
});
