/**
 * One-time links in e-mails (docs/decisions/033-secrets-at-rest.md), on
 * both databases: the outbox stores the message with a stand-in and the
 * token sealed apart; the worker puts the token in as it sends (here through
 * the real file transport); once sent, or given up, the row keeps no token
 * in any form, and a copy of the database holds none.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { invitationEmail } from "~/staff/invitation-email.server.ts";
import { dialects } from "./databases.ts";
import { testOutboxWorker, useTestDatabase, useScratchFolder } from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const T0 = new Date("2026-11-25T10:00:00.000Z");
const siteUrl = "https://www.example.test";

describe.each(dialects)("one-time links in the outbox on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const mailRoot = useScratchFolder("outbox-credentials-");

  const invitation = (to: string, token: string) =>
    invitationEmail({ to, name: "Nia New", invitedBy: "Ada Admin", siteUrl, token, expiresAt: "2026-11-28T10:00:00Z" });
  const rowTo = (to: string) =>
    t.handle.db.selectFrom("outbox").selectAll().where("to_address", "=", to).executeTakeFirstOrThrow();

  it("the stored message never holds the token; the sent one does; the sent row forgets it", async () => {
    const to = `invitee-${dialect}@example.test`;
    const token = `tok${dialect}`.padEnd(43, "Q");
    await queueEmails(t.handle.db, { type: "staff_invitation", id: to }, [invitation(to, token)], T0, keys);

    const queued = await rowTo(to);
    expect(JSON.stringify(queued)).not.toContain(token);
    expect(queued.text_body).toContain(`${siteUrl}/admin/setup/withheld-credential-setup`);
    expect(queued.secrets).toMatch(/^v1\./);

    const dataDir = mkdtempSync(path.join(mailRoot(), "sent-"));
    const transport = createMailTransport({ from: "Site <no-reply@example.test>", dataDir });
    const worker = testOutboxWorker({ db: t.handle.db, transport, clock: () => T0, keys });
    expect(await worker.sendDue()).toBe(1);

    const [file] = readdirSync(path.join(dataDir, "mail")).filter((name) => name.endsWith(".eml"));
    const delivered = await PostalMime.parse(readFileSync(path.join(dataDir, "mail", file!), "utf8"));
    expect(delivered.text).toContain(`${siteUrl}/admin/setup/${token}`);
    expect(delivered.html).toContain(`href="${siteUrl}/admin/setup/${token}"`);
    expect(`${delivered.text}${delivered.html}`).not.toContain("withheld-credential");

    const sent = await rowTo(to);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.secrets).toBeNull();
    const copy = JSON.stringify(await t.handle.db.selectFrom("outbox").selectAll().execute());
    expect(copy).not.toContain(token);
  });

  it("a message given up forgets its token too; a worker without the key cannot send it", async () => {
    const to = `given-up-${dialect}@example.test`;
    const token = `gone${dialect}`.padEnd(43, "Z");
    // Queued long ago: its first failure gives it up.
    await queueEmails(
      t.handle.db,
      { type: "staff_invitation", id: to },
      [invitation(to, token)],
      new Date(T0.getTime() - 73 * 3600_000),
      keys,
    );
    const transport = createMailTransport({
      from: "Site <no-reply@example.test>",
      dataDir: mkdtempSync(path.join(mailRoot(), "keyless-")),
    });
    const keyless = testOutboxWorker({ db: t.handle.db, transport, clock: () => T0 });
    expect(await keyless.sendDue()).toBe(1);
    const dead = await rowTo(to);
    expect(dead.sent_at).toBeNull();
    expect(dead.dead_at).toBe(T0.toISOString());
    expect(dead.last_error).toMatch(/no secrets key/);
    expect(dead.secrets).toBeNull();
  });

  it("a message with a credential cannot be queued without the key", async () => {
    const to = `no-key-${dialect}@example.test`;
    await expect(
      queueEmails(t.handle.db, { type: "staff_invitation", id: to }, [invitation(to, "x".repeat(43))], T0),
    ).rejects.toThrow(/needs the secrets key/);
  });
});
