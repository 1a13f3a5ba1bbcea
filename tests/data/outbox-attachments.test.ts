/**
 * Attachments the outbox makes as it sends (app/mail/types.ts `ref`), on
 * both databases: a course booking's invoice is queued by name, in the
 * booking's transaction, and rendered only when its e-mail goes out; a
 * worker that cannot make it, or a file that no longer exists, is a failed
 * attempt (retried), never a message sent without its attachment.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import type { OutgoingEmail } from "~/mail/types.ts";
import { silentLogger } from "~/observability/log.server.ts";
import { dialects } from "./databases.ts";
import { useTestDatabase, useScratchFolder } from "./fixtures.ts";

const T0 = new Date("2027-01-11T10:00:00.000Z");
const pdf = Buffer.from("%PDF-1.7 an invoice");

const message = (to: string, ref: string): OutgoingEmail => ({
  to,
  subject: "Your invoice",
  text: "Attached.",
  html: "<p>Attached.</p>",
  attachments: [
    { filename: "invoice-INV-000001.pdf", contentType: "application/pdf", content: "", encoding: "base64", ref },
  ],
});

describe.each(dialects)("attachments made as the outbox sends, on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const mailRoot = useScratchFolder("outbox-attachments-");

  const worker = (dataDir: string, attachments?: (ref: string) => Promise<string | null>) =>
    new OutboxWorker({
      db: t.handle.db,
      transport: createMailTransport({ from: "Site <no-reply@example.test>", dataDir }),
      maxRetryDelayMs: 60_000,
      clock: () => T0,
      log: silentLogger,
      ...(attachments ? { attachments } : {}),
    });
  const rowTo = (to: string) =>
    t.handle.db.selectFrom("outbox").selectAll().where("to_address", "=", to).executeTakeFirstOrThrow();

  it("stores the name only, and sends the file made from it", async () => {
    const to = `made-${dialect}@example.test`;
    await queueEmails(t.handle.db, { type: "course-booking", id: to }, [message(to, "vat-document:one")], T0);
    expect((await rowTo(to)).attachments_json).not.toContain(pdf.toString("base64"));
    const asked: string[] = [];
    const dataDir = mkdtempSync(path.join(mailRoot(), "sent-"));
    const sender = worker(dataDir, async (ref) => {
      asked.push(ref);
      return pdf.toString("base64");
    });
    expect(await sender.sendDue()).toBe(1);
    expect(asked).toEqual(["vat-document:one"]);
    const [file] = readdirSync(path.join(dataDir, "mail")).filter((name) => name.endsWith(".eml"));
    const delivered = await PostalMime.parse(readFileSync(path.join(dataDir, "mail", file!), "utf8"));
    expect(delivered.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ["invoice-INV-000001.pdf", "application/pdf"],
    ]);
    expect(Buffer.from(delivered.attachments[0]!.content as ArrayBuffer)).toEqual(pdf);
    expect((await rowTo(to)).sent_at).toBe(T0.toISOString());
  });

  it("is not sent by a worker that cannot make the file, nor when the file is gone: the attempt fails and is retried", async () => {
    for (const [name, maker] of [
      ["no-maker", undefined],
      ["gone", async () => null],
    ] as const) {
      const to = `${name}-${dialect}@example.test`;
      await queueEmails(t.handle.db, { type: "course-booking", id: to }, [message(to, `vat-document:${name}`)], T0);
      const dataDir = mkdtempSync(path.join(mailRoot(), `${name}-`));
      expect(await worker(dataDir, maker).sendDue()).toBe(1);
      const row = await rowTo(to);
      expect(row.sent_at).toBeNull();
      expect(row.dead_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(name === "gone" ? /no longer exists/ : /no one here makes the attachment/);
    }
  });
});
