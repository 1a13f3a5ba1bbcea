/**
 * The e-mail outbox. A lead and its e-mails are written in one transaction
 * (queueEmails takes the transaction), so a stored lead always has its
 * e-mails and an e-mail never exists without its lead. The worker sends what
 * is due, with retries and exponential backoff, for as long as it takes:
 * nothing is dropped. Delivery is at least once: a process killed between
 * sending and recording the send sends that message again after restart
 * (with the same Message-ID, so mail clients show it once).
 *
 * Leases carry their owner. Each worker registers itself in outbox_workers
 * (host, pid, a per-process id) and keeps a heartbeat there. A worker that
 * starts, and every worker on each heartbeat, takes back the leases of
 * owners it can tell are dead: on its own host, a pid that no longer runs
 * (or its own pid under another process id: a restarted process); on any
 * host, a heartbeat older than three beats. So a process restarted after a
 * crash sends what its predecessor had claimed at once, not after the lease
 * (docs/decisions/009-outbox-lease-owners.md).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
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
        locked_by: null,
        sent_at: null,
        last_error: null,
        dead_at: null,
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
  /** How often the worker records that it is alive and looks for dead owners. */
  heartbeatMs?: number;
  clock?: () => Date;
  log?: (message: string) => void;
  /** Who this worker is; by default this process on this host. */
  identity?: Partial<WorkerIdentity>;
  /** Whether a process with this pid runs on this host. */
  processRuns?: (pid: number) => boolean;
};

export type WorkerIdentity = { id: string; host: string; pid: number; processId: string };

/** One per process: tells this process from an earlier one that had the same pid. */
const thisProcessId = randomUUID();

/** Signal 0 checks that a process exists without touching it (EPERM: it exists, not ours). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type WorkerRow = { id: string; host: string; pid: number; process_id: string; heartbeat_at: string };

/**
 * Whether a registered worker is certainly gone: silent for longer than
 * `staleMs`, or on this host and no longer running. Pure, for unit tests.
 */
export function ownerIsDead(
  owner: WorkerRow,
  me: WorkerIdentity,
  now: Date,
  staleMs: number,
  runs: (pid: number) => boolean,
): boolean {
  if (owner.id === me.id) return false;
  if (now.getTime() - Date.parse(owner.heartbeat_at) > staleMs) return true;
  if (owner.host !== me.host) return false;
  if (owner.process_id === me.processId) return false; // another worker of this process
  if (owner.pid === me.pid) return true; // this pid belonged to a process that has ended
  return !runs(Number(owner.pid));
}

export class OutboxWorker {
  private readonly options: Required<Omit<OutboxWorkerOptions, "identity">>;
  readonly identity: WorkerIdentity;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private registered: Promise<unknown> | null = null;
  private again = false;
  private stopped = true;

  constructor({ identity, ...options }: OutboxWorkerOptions) {
    this.options = {
      pollMs: 2000,
      leaseMs: 60_000,
      batchSize: 20,
      heartbeatMs: 10_000,
      clock: () => new Date(),
      log: (m) => console.error(m),
      processRuns,
      ...options,
    };
    this.identity = {
      id: randomUUID(),
      host: hostname(),
      pid: process.pid,
      processId: thisProcessId,
      ...identity,
    };
  }

  /** Registers, takes back dead owners' leases, then sends what is due. */
  async start(): Promise<void> {
    this.stopped = false;
    this.registered = this.register()
      .catch((error: unknown) => this.options.log(`Outbox: could not register the worker: ${(error as Error).message}`))
      .finally(() => this.kick());
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
    await this.registered;
  }

  /** Stops polling, waits for a send in progress to finish, and deregisters. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = null;
    this.heartbeat = null;
    await this.registered;
    await this.running;
    try {
      await this.options.db
        .updateTable("outbox")
        .set({ locked_until: null, locked_by: null })
        .where("locked_by", "=", this.identity.id)
        .where("sent_at", "is", null)
        .execute();
      await this.options.db.deleteFrom("outbox_workers").where("id", "=", this.identity.id).execute();
    } catch (error) {
      this.options.log(`Outbox: could not deregister the worker: ${(error as Error).message}`);
    }
  }

  /** Records this worker as alive (first time: registers it) and reaps dead owners. */
  async register() {
    const { db, clock } = this.options;
    const now = clock().toISOString();
    const { id, host, pid, processId } = this.identity;
    const updated = await db
      .updateTable("outbox_workers")
      .set({ heartbeat_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto("outbox_workers")
        .values({ id, host, pid, process_id: processId, started_at: now, heartbeat_at: now })
        .execute();
    }
    return this.reapDeadOwners();
  }

  private async beat() {
    try {
      const reaped = await this.register();
      if (reaped > 0) this.kick();
    } catch (error) {
      this.options.log(`Outbox: heartbeat failed: ${(error as Error).message}`);
    }
  }

  /**
   * Forgets the workers that are certainly dead and frees their leases;
   * returns how many messages were freed.
   */
  async reapDeadOwners(): Promise<number> {
    const { db, clock, heartbeatMs, processRuns: runs } = this.options;
    const now = clock();
    const workers = await db
      .selectFrom("outbox_workers")
      .select(["id", "host", "pid", "process_id", "heartbeat_at"])
      .execute();
    const dead = workers.filter((w) => ownerIsDead(w, this.identity, now, 3 * heartbeatMs, runs)).map((w) => w.id);
    if (dead.length === 0) return 0;
    const freed = await db
      .updateTable("outbox")
      .set({ locked_until: null, locked_by: null })
      .where("locked_by", "in", dead)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    await db.deleteFrom("outbox_workers").where("id", "in", dead).execute();
    const count = Number(freed.numUpdatedRows);
    if (count > 0)
      this.options.log(`Outbox: took back ${count} message(s) claimed by ${dead.length} stopped worker(s)`);
    return count;
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
        .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), locked_by: this.identity.id })
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
          .set({
            sent_at: clock().toISOString(),
            locked_until: null,
            locked_by: null,
            attempts: row.attempts + 1,
            last_error: null,
          })
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
            locked_by: null,
            next_attempt_at: new Date(clock().getTime() + retryDelayMs(failures, maxRetryDelayMs)).toISOString(),
          })
          .where("id", "=", row.id)
          .execute();
      }
    }
    return due.length;
  }
}
