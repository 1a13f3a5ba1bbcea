/**
 * Delivers webhook events (docs/decisions/030-outgoing-webhooks.md), from the
 * database like the e-mail outbox: each delivery is claimed with a lease in
 * one atomic statement (FOR UPDATE SKIP LOCKED on PostgreSQL), sent, and its
 * outcome recorded; a failure is retried with backoff for about three days,
 * then given up. At least once: a process killed after the endpoint answered
 * but before the outcome was recorded sends it again, with the same
 * webhook-id, which receivers use to tell a repeat.
 *
 * Leases carry the outbox worker's identity, so the outbox's reaper (ADR
 * 009) frees a dead process's claims here too: a restarted process delivers
 * what its predecessor held at once. A lease lasts three times the request
 * timeout, so it cannot run out while its request is in flight; an outcome
 * is recorded only by the dispatcher that holds the delivery (a delivery
 * made after losing the claim is still recorded as delivered).
 *
 * A slow or failing endpoint never holds up the site or another endpoint:
 * deliveries run in the background, at most `perEndpoint` at a time for one
 * endpoint and `concurrency` in all, each within `timeoutMs`, reading at most
 * `maxResponseBytes` of the answer. Requests go out through agents that
 * refuse private, loopback, link-local and reserved addresses after the name
 * is resolved (request-filtering-agent), so a public name pointing inside
 * cannot be used to reach the site's own network; redirects are not
 * followed.
 */
import http from "node:http";
import https from "node:https";
import { type ExpressionBuilder, type Kysely, type QueryCreator, type Selectable } from "kysely";
import { isPostgres } from "../data/dialect.ts";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import type { Database } from "~/data/schema.ts";
import type { Logger } from "~/observability/log.server.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import { redactAddresses } from "../observability/redact.ts";
import { PollTimer } from "../jobs/poll-timer.ts";
import { attemptOutcome, signingSecrets } from "./rules.ts";

type DeliveryRow = Selectable<Database["webhook_deliveries"]>;

export type DispatcherOptions = {
  db: Kysely<Database>;
  /** Who holds the leases: the outbox worker's id (its heartbeat keeps them alive, its reaper frees them). */
  workerId: string;
  /** Also deliver to this machine's loopback (WEBHOOK_LOCAL_RECEIVERS=on). */
  allowLocal: boolean;
  concurrency?: number;
  perEndpoint?: number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  pollMs?: number;
  clock?: () => Date;
  log?: Pick<Logger, "info" | "warn" | "error">;
  metrics?: Pick<Metrics, "webhookAttempts">;
  userAgent?: string;
};

export type AttemptResult = { status: number | null; error: string | null };

export class WebhookDispatcher {
  private readonly db: Kysely<Database>;
  private readonly workerId: string;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly poll: PollTimer;
  private readonly leaseMs: number;
  private readonly clock: () => Date;
  private readonly log: DispatcherOptions["log"];
  private readonly metrics: DispatcherOptions["metrics"];
  private readonly userAgent: string;
  private readonly postgres: boolean;
  private readonly agents: { http: http.Agent; https: https.Agent };
  /** Deliveries in flight, by id, with their endpoint. */
  private readonly inFlight = new Map<string, { endpointId: string; done: Promise<void> }>();
  private claiming: Promise<unknown> = Promise.resolve();
  /** How many deliveries have ended (deliverDue looks again when one ends while it claims). */
  private ended = 0;
  private stopped = true;

  constructor(options: DispatcherOptions) {
    this.db = options.db;
    this.workerId = options.workerId;
    this.concurrency = options.concurrency ?? 8;
    this.perEndpoint = options.perEndpoint ?? 2;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
    this.poll = new PollTimer(options.pollMs ?? 2000, () => this.kick());
    this.leaseMs = 3 * this.timeoutMs;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log;
    this.metrics = options.metrics;
    this.userAgent = options.userAgent ?? "lead-webhooks/1";
    this.postgres = isPostgres(this.db);
    const filter = options.allowLocal ? { allowIPAddressList: ["127.0.0.1", "::1"] } : {};
    this.agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  }

  start() {
    this.stopped = false;
    this.kick();
  }

  /** Stops claiming, waits for the deliveries in flight (each within the timeout) and frees what it holds. */
  async stop() {
    this.stopped = true;
    this.poll.clear();
    await this.claiming;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    await this.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: null, locked_by: null })
      .where("locked_by", "=", this.workerId)
      .where("delivered_at", "is", null)
      .execute()
      .catch(() => {});
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Look for due deliveries now (an event was just committed). */
  kick() {
    if (this.stopped) return;
    this.poll.clear();
    void this.fill().finally(() => {
      if (!this.stopped) this.poll.arm();
    });
  }

  /** Claims due deliveries until the slots are full or none is due; starts each at once. */
  private fill(): Promise<number> {
    const run = this.claiming.then(async () => {
      let started = 0;
      try {
        while (this.inFlight.size < this.concurrency) {
          const row = await this.claimOne();
          if (!row) break;
          started++;
          const done = this.deliver(row).finally(() => {
            this.inFlight.delete(row.id);
            this.ended++;
            if (!this.stopped) this.kick();
          });
          this.inFlight.set(row.id, { endpointId: row.endpoint_id, done });
        }
      } catch (error) {
        this.log?.error({ err: error }, "Webhooks: could not claim deliveries");
      }
      return started;
    });
    this.claiming = run.catch(() => {});
    return run;
  }

  /**
   * Delivers what is due now, until nothing more is (tests and scripts; the
   * started dispatcher does the same on its own). Returns how many it tried.
   */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const endedBefore = this.ended;
      tried += await this.fill();
      // A delivery that ended while this round claimed may have left out its endpoint as busy:
      // look again (its end is not among those awaited below, and nothing else would wake this).
      if (this.ended !== endedBefore) continue;
      if (this.inFlight.size === 0) return tried;
      await Promise.race([...this.inFlight.values()].map((f) => f.done));
    }
  }

  /** One atomic claim of the next due delivery of an endpoint that has a free slot here. */
  private async claimOne(): Promise<DeliveryRow | null> {
    const now = this.clock();
    const nowIso = now.toISOString();
    const lease = { locked_until: new Date(now.getTime() + this.leaseMs).toISOString(), locked_by: this.workerId };
    const counts = new Map<string, number>();
    for (const { endpointId } of this.inFlight.values()) counts.set(endpointId, (counts.get(endpointId) ?? 0) + 1);
    const busy = [...counts].filter(([, n]) => n >= this.perEndpoint).map(([id]) => id);
    const free = (eb: ExpressionBuilder<Database, "webhook_deliveries">) =>
      eb.and([
        eb("delivered_at", "is", null),
        eb("dead_at", "is", null),
        eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]),
      ]);
    const pick = (db: QueryCreator<Database>) => {
      let query = db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where(free)
        .where("next_attempt_at", "<=", nowIso)
        .orderBy("next_attempt_at")
        .limit(1);
      if (busy.length > 0) query = query.where("endpoint_id", "not in", busy);
      return query;
    };
    const claimed = this.postgres
      ? this.db
          .with(
            (cte) => cte("due").materialized(),
            (db) => pick(db).forUpdate().skipLocked(),
          )
          .updateTable("webhook_deliveries")
          .set(lease)
          .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
          .where(free)
      : this.db.updateTable("webhook_deliveries").set(lease).where("id", "in", pick(this.db)).where(free);
    return (await claimed.returningAll().executeTakeFirst()) ?? null;
  }

  private async deliver(row: DeliveryRow) {
    try {
      const [event, endpoint] = await Promise.all([
        this.db.selectFrom("webhook_events").selectAll().where("id", "=", row.event_id).executeTakeFirst(),
        this.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", row.endpoint_id).executeTakeFirst(),
      ]);
      let result: AttemptResult;
      if (!event || !endpoint || endpoint.disabled_at) {
        result = {
          status: null,
          error: !event ? "The event no longer exists (erased or expired)." : "The endpoint is disabled.",
        };
        await this.record(row, result, true);
        return;
      }
      const now = this.clock();
      const secrets = signingSecrets(
        {
          secret: endpoint.secret,
          previousSecret: endpoint.previous_secret,
          previousSecretUntil: endpoint.previous_secret_until,
        },
        now,
      );
      const signature = secrets.map((secret) => new Webhook(secret).sign(event.id, now, event.payload)).join(" ");
      result = await this.post(endpoint.url, event.payload, {
        "webhook-id": event.id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signature,
      });
      await this.record(row, result, false);
    } catch (error) {
      this.log?.error(
        { deliveryId: row.id, err: error },
        "Webhooks: a delivery failed unexpectedly; retried once its lease runs out",
      );
    }
  }

  /** POSTs the body; resolves with the status (null: no answer) and an error text, never rejects. */
  post(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
    return new Promise((resolve) => {
      const target = new URL(url);
      const client = target.protocol === "https:" ? https : http;
      const agent = target.protocol === "https:" ? this.agents.https : this.agents.http;
      let settled = false;
      /** The status, once the answer's head has arrived: a slow body does not undo a 2xx. */
      let answered: number | null = null;
      const finish = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve(result);
      };
      const request = client.request(target, {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": this.userAgent,
        },
      });
      const timer = setTimeout(
        () =>
          finish({
            status: answered,
            error:
              answered === null
                ? `No answer within ${this.timeoutMs / 1000} s.`
                : `The answer's body did not end within ${this.timeoutMs / 1000} s.`,
          }),
        this.timeoutMs,
      );
      request.on("response", (response) => {
        const status = response.statusCode ?? null;
        answered = status;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > this.maxResponseBytes) {
            finish({
              status,
              error: `The answer was longer than ${this.maxResponseBytes / 1024} KB; the rest was not read.`,
            });
          }
        });
        response.on("end", () => finish({ status, error: null }));
        response.on("error", (error) => finish({ status, error: error.message }));
      });
      request.on("error", (error) => finish({ status: null, error: error.message.slice(0, 500) }));
      request.end(body);
    });
  }

  /** Records an attempt's outcome on a delivery this dispatcher holds. */
  private async record(row: DeliveryRow, result: AttemptResult, giveUp: boolean) {
    const now = this.clock();
    const attempts = row.attempts + 1;
    const outcome = giveUp
      ? ({ state: "dead" } as const)
      : attemptOutcome({ status: result.status, failures: attempts, queuedAt: row.created_at, now });
    // An endpoint's or the network's error text is a third party's: masked before it is stored or logged.
    const error =
      outcome.state === "delivered"
        ? null
        : redactAddresses(
            result.error ?? (result.status !== null ? `The endpoint answered ${result.status}.` : "No answer."),
          );
    const at = now.toISOString();
    const recorded = await this.db
      .updateTable("webhook_deliveries")
      .set({
        attempts,
        last_attempt_at: at,
        last_status: result.status,
        last_error: error,
        locked_until: null,
        locked_by: null,
        ...(outcome.state === "delivered"
          ? { delivered_at: at }
          : outcome.state === "dead"
            ? { dead_at: at }
            : { next_attempt_at: outcome.nextAttemptAt.toISOString() }),
      })
      .where("id", "=", row.id)
      .where("locked_by", "=", this.workerId)
      .where("delivered_at", "is", null)
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) !== 1) {
      // Another dispatcher holds it now (this one was taken for dead): its attempt decides,
      // unless this one delivered it, which is recorded so that nobody sends it a third time.
      if (outcome.state === "delivered") {
        await this.db
          .updateTable("webhook_deliveries")
          .set({ delivered_at: at, last_attempt_at: at, last_status: result.status, last_error: null, dead_at: null })
          .where("id", "=", row.id)
          .where("delivered_at", "is", null)
          .execute();
      }
      this.log?.warn({ deliveryId: row.id }, "Webhooks: an attempt ended after its claim was taken back");
      return;
    }
    const metric = outcome.state === "delivered" ? "delivered" : outcome.state === "dead" ? "dead" : "failed";
    this.metrics?.webhookAttempts.inc({ outcome: metric });
    if (outcome.state === "failing") {
      this.log?.warn(
        { deliveryId: row.id, endpointId: row.endpoint_id, status: result.status, error, attempts },
        "Webhooks: delivery failed; will retry",
      );
    } else if (outcome.state === "dead") {
      this.log?.error(
        { deliveryId: row.id, endpointId: row.endpoint_id, status: result.status, error, attempts },
        "Webhooks: gave up on a delivery; it can be retried from the back office",
      );
    }
  }
}
