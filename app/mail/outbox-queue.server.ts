/**
 * The e-mail outbox's queue: what a domain calls to send e-mail. A lead and
 * its e-mails are written in one transaction (queueEmails takes the
 * transaction), so a stored lead always has its e-mails and an e-mail never
 * exists without its lead. The worker that sends them is
 * ./outbox-worker.server.ts, which only the process's runner starts.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import { seal, type Keyring } from "../secrets/sealing.server.ts";
import type { OutgoingEmail } from "./types.ts";

export async function queueEmails(...queued: Parameters<typeof outboxInsert>): Promise<void> {
  await outboxInsert(...queued)?.execute();
}

/**
 * The insert of `emails` into the outbox (queueEmails'), to run with the
 * writes of what they are about (app/orders/store.server.ts: insertTogether);
 * none for no e-mail. Their credentials are sealed now.
 */
export function outboxInsert(
  trx: Transaction<Database> | Kysely<Database>,
  lead: { type: string; id: string },
  emails: readonly OutgoingEmail[],
  now: Date,
  /** Seals the messages' one-time credentials (required if any has some). */
  keys?: Keyring,
) {
  if (emails.length === 0) return null;
  const sealedSecrets = (email: OutgoingEmail) => {
    if (!email.secrets || Object.keys(email.secrets).length === 0) return null;
    if (!keys) throw new Error("queueEmails: a message with one-time credentials needs the secrets key");
    return seal(keys, JSON.stringify(email.secrets), "outbox");
  };
  return trx.insertInto("outbox").values(
    emails.map((email) => ({
      id: randomUUID(),
      created_at: now.toISOString(),
      lead_type: lead.type,
      lead_id: lead.id,
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      headers_json: JSON.stringify(email.headers ?? {}),
      attachments_json: email.attachments?.length ? JSON.stringify(email.attachments) : null,
      not_after: email.notAfter ?? null,
      secrets: sealedSecrets(email),
      next_attempt_at: now.toISOString(),
      locked_until: null,
      locked_by: null,
      sent_at: null,
      last_error: null,
      dead_at: null,
    })),
  );
}
