/**
 * The e-mail outbox. A lead and its e-mails are written in one transaction
 * (queueEmails takes the transaction), so a stored lead always has its
 * e-mails and an e-mail never exists without its lead. The worker sends what
 * is due, with retries and exponential backoff, for as long as it takes:
 * nothing is dropped. Delivery is at least once: a process killed between
 * sending and recording the send sends that message again after restart
 * (with the same Message-ID, so mail clients show it once).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { OutgoingEmail } from "./types.ts";

export type MailTransport = {
  /** Sends one message; throws when it could not be handed over. */
  send(message: OutgoingEmail & { id: string }): Promise<void>;
  close?(): void;
};

export function queueEmails(
  trx: Transaction<Database> | Kysely<Database>,
  lead: { type: string; id: string },
  emails: OutgoingEmail[],
  now: Date,
) {
  if (emails.length === 0) return Promise.resolve();
  return trx
    .insertInto("outbox")
    .values(
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
        next_attempt_at: now.toISOString(),
        locked_until: null,
        sent_at: null,
        last_error: null,
      })),
    )
    .execute();
}

/** Delay before attempt n+1 after n failures: 2 s, 4 s, 8 s ... capped. */
export function retryDelayMs(failures: number, maxMs: number): number {
  return Math.min(maxMs, 2000 * 2 ** Math.max(0, failures - 1));
}

export type OutboxWorkerOptions = {
  db: Kysely<Database>;
  transport: MailTransport;
  /** Longest wait between two attempts at one message. */
  maxRetryDelayMs: number;
  /** How often to look for due messages when nothing kicks the worker. */
  pollMs?: number;
  /** How long a claimed message stays claimed (another worker may take it after). */
  leaseMs?: number;
  batchSize?: number;
  clock?: () => Date;
  log?: (message: string) => void;
};

export class OutboxWorker {
  private readonly options: Required<OutboxWorkerOptions>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(options: OutboxWorkerOptions) {
    this.options = {
      pollMs: 2000,
      leaseMs: 60_000,
      batchSize: 20,
      clock: () => new Date(),
      log: (m) => console.error(m),
      ...options,
    };
  }

  start() {
    this.stopped = false;
    this.kick();
  }

  /** Stops polling and waits for a send in progress to finish. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Look for due messages now (after a lead was stored). */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
      } else {
        this.timer = setTimeout(() => this.kick(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  private async loop() {
    try {
      // Keep going while full batches come back.
      while (!this.stopped && (await this.sendDue()) === this.options.batchSize);
    } catch (error) {
      this.options.log(`Outbox: ${(error as Error).message}`);
    }
  }

  /** Sends the messages that are due now; returns how many it tried. */
  async sendDue(): Promise<number> {
    const { db, transport, clock, leaseMs, batchSize, maxRetryDelayMs } = this.options;
    const now = clock();
    const nowIso = now.toISOString();
    const due = await db
      .selectFrom("outbox")
      .selectAll()
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(batchSize)
      .execute();
    for (const row of due) {
      // Claim it: only one worker (or process) sends a message at a time.
      const claimed = await db
        .updateTable("outbox")
        .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        await transport.send({
          id: row.id,
          to: row.to_address,
          replyTo: row.reply_to ?? undefined,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          headers: JSON.parse(row.headers_json) as Record<string, string>,
        });
        await db
          .updateTable("outbox")
          .set({ sent_at: clock().toISOString(), locked_until: null, attempts: row.attempts + 1, last_error: null })
          .where("id", "=", row.id)
          .execute();
      } catch (error) {
        const failures = row.attempts + 1;
        const message = (error as Error).message ?? String(error);
        this.options.log(`Outbox: sending ${row.id} to ${row.to_address} failed (attempt ${failures}): ${message}`);
        await db
          .updateTable("outbox")
          .set({
            attempts: failures,
            last_error: message.slice(0, 1000),
            locked_until: null,
            next_attempt_at: new Date(clock().getTime() + retryDelayMs(failures, maxRetryDelayMs)).toISOString(),
          })
          .where("id", "=", row.id)
          .execute();
      }
    }
    return due.length;
  }
}
