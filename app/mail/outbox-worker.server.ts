/**
 * The e-mail outbox's worker: it sends what domains queued
 * (./outbox-queue.server.ts). Only the process's runner (server/services.ts)
 * starts one.
 *
 * The worker (docs/decisions/011-outbox-claims.md) keeps up to
 * `concurrency` sends in flight. Whenever a slot is free it claims that many
 * due messages in ONE atomic statement that reads the clock at the claim
 * (PostgreSQL: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED);
 * SQLite: the same UPDATE, which SQLite runs alone), and starts sending each
 * claimed message at once. Every send settles within the transport's
 * `sendTimeoutMs`, and the lease is at least twice that (checked when the
 * worker is built), so a message is never claimed by two workers while it is
 * being sent.
 *
 * A failed send is retried after 2 s, 4 s, 8 s … up to `maxRetryDelayMs`;
 * a message still failing `giveUpMs` after it was queued is given up
 * (`dead_at`), logged at error level and counted, and never tried again.
 *
 * Delivery is exactly once in practice and at least once in the worst case:
 * a process killed after the mail server accepted a message but before the
 * row was marked sent sends it again after a restart, with the same
 * Message-ID (the transport derives it from the row id), so it can be
 * recognised as the same message.
 *
 * Leases carry their owner. Each worker registers itself in outbox_workers
 * (host, pid, a per-process id) and keeps a heartbeat there. A worker that
 * starts, and every worker on each heartbeat, takes back the leases of
 * owners it can tell are dead: on its own host, a pid that no longer runs
 * (or its own pid under another process id: a restarted process); on any
 * host, a heartbeat older than three beats. So a process restarted after a
 * crash sends what its predecessor had claimed at once, not after the lease
 * (docs/decisions/009-outbox-lease-owners.md).
 *
 * Logs carry outbox row ids, never addresses: error texts from mail servers
 * often quote the recipient, so they are redacted before they are logged or
 * stored (redactAddresses).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql, type ExpressionBuilder, type Kysely, type QueryCreator, type Selectable, type SqlBool } from "kysely";
import pino, { type Logger } from "pino";
import { isPostgres } from "../data/dialect.ts";
import type { Database } from "~/data/schema.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import { unseal, type Keyring } from "../secrets/sealing.server.ts";
import { redactAddresses } from "../observability/redact.ts";
import { PollTimer } from "../jobs/poll-timer.ts";
import type { Attachment, AttachmentMaker, OutgoingEmail } from "./types.ts";
import {
  failureOutcome,
  withCredentials,
  withCredentialsInCalendar,
  withCredentialsInHeaders,
  withCredentialsInHtml,
} from "./outbox-rules.ts";
import { ownerIsDead, processRuns, thisProcessId, type WorkerIdentity } from "./outbox-owners.server.ts";

export type MailTransport = {
  /** Sends one message; throws when it could not be handed over. */
  send(message: OutgoingEmail & { id: string }): Promise<void>;
  /**
   * Every send settles (resolves or rejects) within this many milliseconds.
   * The worker's lease must be at least twice as long.
   */
  readonly sendTimeoutMs?: number;
  close?(): void;
};

export type OutboxRow = Selectable<Database["outbox"]>;

/** The error's text for logs and last_error: addresses removed, at most 1000 characters. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return redactAddresses(message).slice(0, 1000);
}

export type OutboxLog = Pick<Logger, "info" | "warn" | "error">;

export type OutboxWorkerOptions = {
  db: Kysely<Database>;
  transport: MailTransport;
  /** Longest wait between two attempts at one message (MAIL_RETRY_MAX_SECONDS). */
  maxRetryDelayMs: number;
  /** Sends in flight at once (MAIL_CONCURRENCY); default 8. */
  concurrency?: number;
  /** A message still failing this long after it was queued is given up (MAIL_GIVE_UP_HOURS); default 72 h. */
  giveUpMs?: number;
  /** How often to look for due messages when nothing kicks the worker; default 2 s. */
  pollMs?: number;
  /**
   * How long a claimed message stays claimed (another worker may take it
   * after); default 60 s, and at least twice the transport's sendTimeoutMs.
   */
  leaseMs?: number;
  /** How often the worker records that it is alive and looks for dead owners; default 10 s. */
  heartbeatMs?: number;
  clock?: () => Date;
  /** Default: pino at level info on standard error (name "outbox"). */
  log?: OutboxLog;
  metrics?: Partial<Pick<Metrics, "outboxSent" | "outboxFailed" | "outboxDead">>;
  /** Who this worker is; by default this process on this host. */
  identity?: Partial<WorkerIdentity>;
  /** Whether a process with this pid runs on this host. */
  processRuns?: (pid: number) => boolean;
  /** Opens the one-time credentials of messages that carry them (queued with the same key). */
  keys?: Keyring;
  /** Makes the files attachments name by `ref` (types.ts), as each message is sent. */
  attachments?: AttachmentMaker;
};

const DEFAULT_LEASE_MS = 60_000;

/** The default log: not silent, so a worker nobody wired still reports failures and give-ups. */
let defaultLog: OutboxLog | null = null;
const fallbackLog = () => (defaultLog ??= pino({ name: "outbox", level: "info" }, pino.destination(2)));

export class OutboxWorker {
  private readonly db: Kysely<Database>;
  private readonly transport: MailTransport;
  private readonly maxRetryDelayMs: number;
  private readonly concurrency: number;
  private readonly giveUpMs: number;
  private readonly poll: PollTimer;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly clock: () => Date;
  private readonly log: OutboxLog;
  private readonly metrics: NonNullable<OutboxWorkerOptions["metrics"]>;
  private readonly processRuns: (pid: number) => boolean;
  private readonly postgres: boolean;
  private readonly keys: Keyring | undefined;
  private readonly makeAttachment: AttachmentMaker | undefined;
  readonly identity: WorkerIdentity;

  /** Sends in flight, by outbox row id. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Claims run one after another (each sees the slots the previous one filled). */
  private claimChain: Promise<unknown> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | null = null;
  private registered: Promise<unknown> | null = null;
  private pumping = false;
  private pumpAgain = false;
  /** Not started (or stopped): no polling, no claims after a slot frees. sendDue still works. */
  private stopped = true;
  /** stop() was called: no new claims at all. */
  private closing = false;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.maxRetryDelayMs = options.maxRetryDelayMs;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
    this.giveUpMs = options.giveUpMs ?? 72 * 3600_000;
    this.poll = new PollTimer(options.pollMs ?? 2000, () => this.kick());
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? fallbackLog();
    this.metrics = options.metrics ?? {};
    this.processRuns = options.processRuns ?? processRuns;
    this.keys = options.keys;
    this.makeAttachment = options.attachments;
    const sendTimeoutMs = this.transport.sendTimeoutMs;
    this.leaseMs = options.leaseMs ?? Math.max(DEFAULT_LEASE_MS, 2 * (sendTimeoutMs ?? 0));
    if (sendTimeoutMs !== undefined && this.leaseMs < 2 * sendTimeoutMs) {
      throw new Error(
        `Outbox: the lease (${this.leaseMs} ms) must be at least twice the transport's send timeout (${sendTimeoutMs} ms), ` +
          "or a slow send could outlive its claim and the message go out twice",
      );
    }
    // Dialect decides the claim statement (docs/decisions/011-outbox-claims.md).
    this.postgres = isPostgres(this.db);
    this.identity = {
      id: randomUUID(),
      host: hostname(),
      pid: process.pid,
      processId: thisProcessId,
      ...options.identity,
    };
  }

  /** Registers, takes back dead owners' leases, then sends what is due. */
  async start(): Promise<void> {
    this.stopped = false;
    this.closing = false;
    this.registered = this.register()
      .catch((error: unknown) =>
        this.log.error(
          { workerId: this.identity.id, error: errorText(error) },
          "Outbox: could not register the worker",
        ),
      )
      .finally(() => this.kick());
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    await this.registered;
  }

  /**
   * Stops claiming and polling, waits for the sends in flight to settle
   * (each within the transport's send timeout), frees what it still holds
   * and deregisters.
   */
  async stop() {
    this.stopped = true;
    this.closing = true;
    this.poll.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.registered;
    await this.claimChain;
    await Promise.allSettled([...this.inFlight.values()]);
    try {
      await this.db
        .updateTable("outbox")
        .set({ locked_until: null, locked_by: null })
        .where("locked_by", "=", this.identity.id)
        .where("sent_at", "is", null)
        .execute();
      await this.db.deleteFrom("outbox_workers").where("id", "=", this.identity.id).execute();
    } catch (error) {
      this.log.warn({ workerId: this.identity.id, error: errorText(error) }, "Outbox: could not deregister the worker");
    }
  }

  /** Records this worker as alive (first time: registers it) and reaps dead owners. */
  async register() {
    const now = this.clock().toISOString();
    const { id, host, pid, processId } = this.identity;
    const updated = await this.db
      .updateTable("outbox_workers")
      .set({ heartbeat_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db
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
      this.log.warn({ workerId: this.identity.id, error: errorText(error) }, "Outbox: heartbeat failed");
    }
  }

  /**
   * Forgets the workers that are certainly dead and frees their leases;
   * returns how many messages were freed.
   */
  async reapDeadOwners(): Promise<number> {
    const now = this.clock();
    const workers = await this.db
      .selectFrom("outbox_workers")
      .select(["id", "host", "pid", "process_id", "heartbeat_at"])
      .execute();
    const dead = workers
      .filter((w) => ownerIsDead(w, this.identity, now, 3 * this.heartbeatMs, this.processRuns))
      .map((w) => w.id);
    if (dead.length === 0) return 0;
    const freed = await this.db
      .updateTable("outbox")
      .set({ locked_until: null, locked_by: null })
      .where("locked_by", "in", dead)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    // Webhook deliveries are leased under the same identity (app/webhooks/dispatcher.server.ts).
    await this.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: null, locked_by: null })
      .where("locked_by", "in", dead)
      .where("delivered_at", "is", null)
      .execute();
    await this.db.deleteFrom("outbox_workers").where("id", "in", dead).execute();
    const count = Number(freed.numUpdatedRows);
    if (count > 0)
      this.log.info({ freed: count, workers: dead.length }, "Outbox: took back messages claimed by stopped workers");
    return count;
  }

  /** Look for due messages now (after a lead was stored). */
  kick() {
    if (this.stopped) return;
    this.poll.clear();
    void this.pump();
  }

  /** Claims for the free slots until they are full or nothing more is due; then polls if a slot is free. */
  private async pump() {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        await this.claimFree();
      } while (this.pumpAgain && !this.stopped);
    } catch (error) {
      this.log.error({ workerId: this.identity.id, error: errorText(error) }, "Outbox: could not claim messages");
    } finally {
      this.pumping = false;
      this.armPoll();
    }
  }

  /** Polls later while a slot is free (a full pool claims again as each send settles). */
  private armPoll() {
    if (this.stopped || this.inFlight.size >= this.concurrency) return;
    this.poll.arm();
  }

  /**
   * Claims as many due messages as there are free slots and starts sending
   * each at once; returns how many it claimed.
   */
  private claimFree(): Promise<number> {
    const run = this.claimChain.then(async () => {
      const free = this.concurrency - this.inFlight.size;
      if (free <= 0 || this.closing) return 0;
      const rows = await this.claim(free);
      for (const row of rows) {
        const sending = this.send(row).finally(() => {
          this.inFlight.delete(row.id);
          // A slot is free: claim more (the started worker; sendDue refills itself).
          if (!this.stopped) this.kick();
        });
        this.inFlight.set(row.id, sending);
      }
      return rows.length;
    });
    this.claimChain = run.catch(() => {});
    return run;
  }

  /**
   * One atomic claim of up to `limit` due messages, with the time read now
   * (docs/decisions/011-outbox-claims.md).
   *
   * SQLite runs one writer at a time, so a single UPDATE … WHERE id IN
   * (SELECT … LIMIT n) RETURNING * is atomic.
   *
   * PostgreSQL picks the rows in a MATERIALIZED CTE with FOR UPDATE SKIP
   * LOCKED: the CTE runs exactly once. (Written as `id IN (SELECT … LIMIT n
   * FOR UPDATE SKIP LOCKED)`, the planner may put the subquery on the inner
   * side of a nested-loop semi join and run it again for every outer row,
   * claiming more than n rows: seen here with n = 1.)
   *
   * On both, the UPDATE repeats the conditions: on PostgreSQL a row that
   * another transaction claimed after this statement's snapshot is checked
   * again against them, so it is never claimed twice.
   */
  private async claim(limit: number): Promise<OutboxRow[]> {
    const now = this.clock();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const lease = { locked_until: until, locked_by: this.identity.id };
    // Not sent, not given up, and nobody's (never claimed, or the lease has run out).
    // `outer`: in SQLite's outer UPDATE, `+sent_at` keeps the planner off the sent_at
    // indexes, so it finds the picked rows by id; planned on sent_at it would read every
    // waiting message on every claim, and draining a backlog would take quadratic time
    // (docs/decisions/016-lead-path-throughput.md, tests/data/outbox-claim-plan.test.ts).
    const free = (eb: ExpressionBuilder<Database, "outbox">, outer = false) =>
      eb.and([
        outer && !this.postgres ? sql<SqlBool>`+${sql.ref("sent_at")} is null` : eb("sent_at", "is", null),
        eb("dead_at", "is", null),
        eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]),
      ]);
    const pick = (db: QueryCreator<Database>) =>
      db
        .selectFrom("outbox")
        .select("id")
        .where(free)
        .where("next_attempt_at", "<=", nowIso)
        .orderBy("next_attempt_at")
        .limit(limit);
    const claimed = this.postgres
      ? this.db
          .with(
            (cte) => cte("due").materialized(),
            (db) => pick(db).forUpdate().skipLocked(),
          )
          .updateTable("outbox")
          .set(lease)
          .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
          .where(free)
      : this.db
          .updateTable("outbox")
          .set(lease)
          .where("id", "in", pick(this.db))
          .where((eb) => free(eb, true));
    const rows = await claimed.returningAll().execute();
    return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at));
  }

  /**
   * Sends the messages that are due now, up to `concurrency` at a time,
   * until nothing more is due; returns how many it tried. (The started
   * worker does the same on its own; this is for tests and scripts.)
   */
  async sendDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await this.claimFree();
      tried += claimed;
      if (this.inFlight.size === 0) {
        if (claimed === 0 || this.closing) return tried;
        continue;
      }
      await Promise.race(this.inFlight.values());
    }
  }

  private async send(row: OutboxRow) {
    try {
      if (row.not_after !== null && this.clock().getTime() >= Date.parse(row.not_after)) {
        throw new Error(`Not sent: no longer worth sending after ${row.not_after}`);
      }
      const secrets = this.openSecrets(row);
      await this.transport.send({
        id: row.id,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: withCredentials(row.text_body, secrets),
        html: withCredentialsInHtml(row.html_body, secrets),
        headers: withCredentialsInHeaders(JSON.parse(row.headers_json) as Record<string, string>, secrets),
        attachments: row.attachments_json
          ? await this.madeAttachments(JSON.parse(row.attachments_json) as Attachment[], secrets)
          : undefined,
      });
    } catch (error) {
      await this.recordFailure(row, error).catch((e: unknown) =>
        this.log.error(
          { outboxId: row.id, error: errorText(e) },
          "Outbox: could not record a failed attempt (the message is retried once its lease runs out)",
        ),
      );
      return;
    }
    this.metrics.outboxSent?.inc();
    await this.recordSent(row).catch((e: unknown) =>
      this.log.error(
        { outboxId: row.id, error: errorText(e) },
        "Outbox: sent, but could not record it; it will be sent again (same Message-ID) once its lease runs out",
      ),
    );
  }

  /**
   * The attachments, those named by `ref` made now (a failure is a failed
   * attempt: retried, as a refused send is), a calendar file's one-time
   * credentials put in (a joining link in an invitation).
   */
  private async madeAttachments(
    attachments: Attachment[],
    secrets: Readonly<Record<string, string>>,
  ): Promise<Attachment[]> {
    return Promise.all(
      attachments.map(async ({ ref, ...attachment }) => {
        if (ref === undefined) {
          return attachment.calendarMethod
            ? { ...attachment, content: withCredentialsInCalendar(attachment.content, secrets) }
            : attachment;
        }
        if (!this.makeAttachment) throw new Error(`Not sent: no one here makes the attachment ${ref}`);
        const content = await this.makeAttachment(ref);
        if (content === null) throw new Error(`Not sent: the attachment ${ref} no longer exists`);
        return { ...attachment, content, encoding: "base64" as const };
      }),
    );
  }

  /** The message's one-time credentials, opened for this attempt only (never logged, never stored open). */
  private openSecrets(row: OutboxRow): Record<string, string> {
    if (row.secrets === null) return {};
    if (!this.keys)
      throw new Error("Not sent: the message carries sealed credentials and this worker has no secrets key");
    return JSON.parse(unseal(this.keys, row.secrets, "outbox")) as Record<string, string>;
  }

  /**
   * Marks a sent message. Normally this worker still holds it. If it does
   * not (the lease ran out, or a reaper took this worker for dead), the
   * message was sent all the same: record that too, so nobody sends it a
   * third time, and say so.
   */
  private async recordSent(row: OutboxRow) {
    const sent = {
      sent_at: this.clock().toISOString(),
      // Delivered: the one-time credentials are the recipient's alone now.
      secrets: null,
      locked_until: null,
      locked_by: null,
      last_error: null,
    };
    const held = await this.db
      .updateTable("outbox")
      .set((eb) => ({ ...sent, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", row.id)
      .where("locked_by", "=", this.identity.id)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 1) return;
    const anyway = await this.db
      .updateTable("outbox")
      .set((eb) => ({ ...sent, dead_at: null, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    if (Number(anyway.numUpdatedRows) === 1) {
      this.log.warn(
        { outboxId: row.id },
        "Outbox: sent after losing the claim; recorded as sent (another worker may send it too, with the same Message-ID)",
      );
    } else {
      this.log.warn(
        { outboxId: row.id },
        "Outbox: sent a message another worker had already sent (a second copy, same Message-ID)",
      );
    }
  }

  /** Records a failed attempt on a message this worker holds: retry later, or give up. */
  private async recordFailure(row: OutboxRow, error: unknown) {
    this.metrics.outboxFailed?.inc();
    const now = this.clock();
    const failures = row.attempts + 1;
    const lastError = errorText(error);
    const outcome = failureOutcome({
      createdAt: row.created_at,
      failures,
      now,
      giveUpMs: this.giveUpMs,
      maxRetryDelayMs: this.maxRetryDelayMs,
      notAfter: row.not_after,
    });
    const result = await this.db
      .updateTable("outbox")
      .set({
        attempts: failures,
        last_error: lastError,
        locked_until: null,
        locked_by: null,
        ...(outcome.giveUp
          ? { dead_at: now.toISOString(), secrets: null }
          : { next_attempt_at: outcome.nextAttemptAt.toISOString() }),
      })
      .where("id", "=", row.id)
      .where("locked_by", "=", this.identity.id)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      // Another worker holds it now (or has sent it): its attempt decides.
      this.log.warn(
        { outboxId: row.id, attempts: failures, error: lastError },
        "Outbox: sending failed after losing the claim; left to the worker that holds it now",
      );
      return;
    }
    if (outcome.giveUp) {
      this.metrics.outboxDead?.inc();
      this.log.error(
        { outboxId: row.id, attempts: failures, error: lastError, queuedAt: row.created_at },
        "Outbox: gave up on a message (still failing after MAIL_GIVE_UP_HOURS, or past the time it was worth sending); it will not be tried again",
      );
    } else {
      this.log.warn(
        { outboxId: row.id, attempts: failures, error: lastError, nextAttemptAt: outcome.nextAttemptAt.toISOString() },
        "Outbox: sending failed; will retry",
      );
    }
  }
}
