/**
 * The retention job: applies the rules of app/retention/rules.ts to the
 * database and the log files. Rows go in statements of at most `batchSize`
 * (a large backlog never holds a long lock; other queries run between
 * batches); each rule's count goes to the retention_records_total metric
 * and to one info line per run (counts only, never personal data).
 *
 * It runs once a day on one instance at a time (app/jobs/scheduler.server.ts):
 * startRetention() for the retention job alone, or retentionJob() in the
 * `jobs` list of startScheduler().
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { DeleteResult, Kysely, SelectQueryBuilder, Transaction } from "kysely";
import { sql } from "kysely";
import { londonDay } from "~/analytics/weeks.ts";
import { catalogue } from "~/content/index.server.ts";
import { keptRevisions } from "~/content/retention-periods.ts";
import { allLeadKinds } from "~/leads/kinds/index.server.ts";
import type { LeadRows, SweepContext } from "~/leads/kinds/kind.server.ts";
import { allOrderKinds } from "~/orders/index.server.ts";
import type { OrderSweepContext } from "~/orders/kind.server.ts";
import type { Database, LeadTable } from "~/data/schema.ts";
import type { Logger } from "~/observability/log.server.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import { startScheduler, type ScheduledJob, type Scheduler } from "~/jobs/scheduler.server.ts";
import {
  cutoffs,
  defaultBatchSize,
  expiredLogFiles,
  expiredMailFiles,
  logFilePattern,
  type RuleName,
} from "./rules.ts";

export type RetentionOptions = {
  db: Kysely<Database>;
  /** LOG_FILE: its daily files older than 30 days are deleted. Unset: no log files to sweep. */
  logFile?: string;
  /** DATA_DIR/mail: e-mails written as files (no SMTP_URL) older than 90 days are deleted. */
  mailDir?: string;
  /** The webinars and their dates (default: the site's content). */
  webinars?: readonly { id: string; startsAt: string }[];
  batchSize?: number;
  log?: Logger;
  metrics?: Pick<Metrics, "retentionDeleted">;
};

export type RetentionCounts = Record<RuleName, number>;

/** Who a deleted account's notes and changes are by, once its name is gone. */
export const formerTeamMember = "A former team member";

/** Runs `step` (one bounded statement) until it affects fewer rows than a batch; returns the total. */
async function inBatches(batchSize: number, signal: AbortSignal | undefined, step: () => Promise<number>) {
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const n = await step();
    total += n;
    if (n < batchSize) return total;
    await nextTurn(); // let waiting requests run between batches
  }
}

const deleted = (result: DeleteResult) => Number(result.numDeletedRows);

/** The tables the job deletes rows from. */
type SweptTable = Exclude<keyof Database, "outbox_workers" | "job_runs" | "page_views">;
/** The rows of `T` a rule picks: `selectFrom(T)` narrowed by its where clauses. */
type Rows<T extends SweptTable> = SelectQueryBuilder<Database, T, object>;
/**
 * The column naming a row of `table` (submission_keys are named by their
 * fingerprint; an order's lines by their order: they go together).
 */
const keyOf = (table: SweptTable) =>
  table === "submission_keys" ? "fingerprint" : table === "order_lines" ? "order_id" : "id";

/**
 * Applies every rule once at `now`. Returns how many records each rule
 * deleted or anonymised. Stops between batches when `signal` is aborted.
 */
export async function applyRetention(
  options: RetentionOptions,
  now: Date,
  signal?: AbortSignal,
): Promise<RetentionCounts> {
  const { db, logFile, mailDir, webinars = catalogue.webinars, batchSize = defaultBatchSize } = options;
  const cut = cutoffs(now);
  const batches = (step: () => Promise<number>) => inBatches(batchSize, signal, step);

  /**
   * Deletes the rows of `table` that `where` picks, a batch at a time: each
   * statement deletes at most `batchSize` of them, by key (see keyOf).
   * Returns how many went.
   */
  const deleteInBatches = <T extends SweptTable>(table: T, where: (rows: Rows<T>) => Rows<T>) => {
    // Kysely cannot follow a generic table through selectFrom: each rule's
    // where is checked against its own table (T) above, the statement here
    // against any swept table.
    const pick = where as unknown as (rows: Rows<SweptTable>) => Rows<SweptTable>;
    const key = keyOf(table);
    return batches(async () =>
      deleted(
        await db
          .deleteFrom(table as SweptTable)
          .where(
            key,
            "in",
            pick(db.selectFrom(table as SweptTable))
              .select(key)
              .limit(batchSize),
          )
          .executeTakeFirst(),
      ),
    );
  };

  /**
   * The same for a table of leads: each batch also deletes those leads' rows
   * in the inbox's index and their notes and changes (lead_events), in one
   * transaction, so nothing about a lead outlives it.
   */
  const deleteLeadsInBatches = <T extends LeadTable>(table: T, where: (rows: LeadRows<T>) => LeadRows<T>) => {
    const pick = where as unknown as (rows: LeadRows<LeadTable>) => LeadRows<LeadTable>;
    return batches(async () => {
      const ids = (
        await pick(db.selectFrom(table as LeadTable))
          .select("id")
          .limit(batchSize)
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        await forgetListing(trx, ids);
        return deleted(
          await trx
            .deleteFrom(table as LeadTable)
            .where("id", "in", ids)
            .executeTakeFirst(),
        );
      });
    });
  };

  const counts = {} as RetentionCounts;

  // Each lead kind cuts its own table, by its own rules (app/leads/kinds/).
  const sweep: SweepContext = {
    db,
    now,
    cutoff: (rule) => {
      const at = cut[rule as RuleName];
      if (at === undefined) throw new Error(`No retention rule ${rule}`);
      return at;
    },
    webinars,
    batchSize,
    batches,
    deleteLeads: deleteLeadsInBatches,
    forgetListing,
  };
  for (const kind of allLeadKinds) Object.assign(counts, await kind.sweep(sweep));

  // Each order kind cuts its own table, by its own rules (app/orders/).
  const orderSweep: OrderSweepContext = {
    cutoff: sweep.cutoff,
    deleteRows: deleteInBatches,
    // Columns emptied (a delegate's access and dietary needs), a batch at a time by id.
    emptyColumns: (table, columns, where) =>
      batches(async () => {
        const ids = (await where(db.selectFrom(table)).select("id").limit(batchSize).execute()).map((r) => r.id);
        if (ids.length === 0) return 0;
        await db
          .updateTable(table)
          .set(Object.fromEntries(columns.map((c) => [c, null])))
          .where("id", "in", ids)
          .execute();
        return ids.length;
      }),
    // The inbox's rows of a kind whose orders went, a batch at a time, with their notes and changes.
    forgetListings: (kind, table) =>
      batches(async () => {
        const ids = (
          await db
            .selectFrom("leads as l")
            .select("l.id")
            .where("l.kind", "=", kind)
            .where(sql<boolean>`not exists (select 1 from ${sql.table(table)} as o where o.id = l.id)`)
            .limit(batchSize)
            .execute()
        ).map((r) => r.id);
        if (ids.length === 0) return 0;
        await db.transaction().execute((trx) => forgetListing(trx, ids));
        return ids.length;
      }),
  };
  for (const kind of allOrderKinds) Object.assign(counts, await kind.sweep(orderSweep));

  // Outbox: copies of e-mails (personal data); sent or given up 90 days ago.
  // Unsent rows still waiting to be sent are never deleted here.
  counts.outbox =
    (await deleteInBatches("outbox", (rows) => rows.where("sent_at", "<", cut.outbox))) +
    (await deleteInBatches("outbox", (rows) =>
      rows
        .where("sent_at", "is", null)
        // dead_at is never before created_at: the created_at index narrows the search.
        .where("created_at", "<", cut.outbox)
        .where("dead_at", "<", cut.outbox),
    ));

  counts.submission_keys = await deleteInBatches("submission_keys", (rows) =>
    rows.where("expires_at", "<", cut.submission_keys),
  );

  counts.stripe_events = await deleteInBatches("stripe_events", (rows) =>
    rows.where("received_at", "<", cut.stripe_events),
  );

  // The back office: the audit log for 12 months; sessions and invitations
  // 30 days after they ended (kept that long to answer "who was signed in").
  counts.audit_events = await deleteInBatches("audit_events", (rows) => rows.where("at", "<", cut.audit_events));
  counts.staff_sessions = await deleteInBatches("staff_sessions", (rows) =>
    rows.where("expires_at", "<", cut.staff_sessions),
  );
  counts.staff_invitations = await deleteInBatches("staff_invitations", (rows) =>
    rows.where("expires_at", "<", cut.staff_invitations),
  );

  // A disabled account's name and address stay 12 months (who owned what,
  // who did what), then go; the leads it owned are left without an owner,
  // and its notes and changes on their timelines, and the site content it
  // published, are signed formerTeamMember (a schedule it set is cancelled);
  // the images it uploaded no longer name it.
  counts.staff_accounts_disabled = await batches(async () => {
    const gone = await db
      .selectFrom("staff_users")
      .select("id")
      .where("disabled_at", "<", cut.staff_accounts_disabled)
      .limit(batchSize)
      .execute();
    if (gone.length === 0) return 0;
    const ids = gone.map((u) => u.id);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("leads").set({ owner_id: null }).where("owner_id", "in", ids).execute();
      await trx.updateTable("lead_events").set({ actor_name: formerTeamMember }).where("actor_id", "in", ids).execute();
      await trx
        .updateTable("content_revisions")
        .set({ published_by: null, published_by_name: formerTeamMember })
        .where("published_by", "in", ids)
        .execute();
      await trx.updateTable("content_items").set({ draft_saved_by: null }).where("draft_saved_by", "in", ids).execute();
      await trx
        .updateTable("business_settings_revisions")
        .set({ saved_by: null, saved_by_name: formerTeamMember })
        .where("saved_by", "in", ids)
        .execute();
      await trx.updateTable("images").set({ uploaded_by: null }).where("uploaded_by", "in", ids).execute();
      await trx
        .updateTable("guide_files")
        .set({ uploaded_by: null, uploaded_by_name: formerTeamMember })
        .where("uploaded_by", "in", ids)
        .execute();
      await trx
        .updateTable("content_items")
        .set({ publish_at: null, publish_at_by: null })
        .where("publish_at_by", "in", ids)
        .execute();
      await trx.deleteFrom("staff_passkeys").where("user_id", "in", ids).execute();
      await trx.deleteFrom("staff_users").where("id", "in", ids).execute();
    });
    return ids.length;
  });

  counts.spam_submissions = await deleteInBatches("spam_submissions", (rows) =>
    rows.where("received_at", "<", cut.spam_submissions),
  );

  // Webhook messages: the deliveries first, then their events.
  await deleteInBatches("webhook_deliveries", (rows) =>
    rows.where(
      "event_id",
      "in",
      db.selectFrom("webhook_events").select("id").where("created_at", "<", cut.webhook_events),
    ),
  );
  counts.webhook_events = await deleteInBatches("webhook_events", (rows) =>
    rows.where("created_at", "<", cut.webhook_events),
  );

  // A day's count goes once the whole day is past the cutoff (its date is before the cutoff's London date).
  // (At most one row per page a day, a hundred or so: one statement.)
  counts.page_views = deleted(
    await db
      .deleteFrom("page_views")
      .where("day", "<", londonDay(new Date(cut.page_views)))
      .executeTakeFirst(),
  );

  // The site's content: versions published before the cutoff go, except each
  // item's live revision and its last keptRevisions (ADR 062); then the
  // guide PDFs that no draft and no remaining revision names, uploaded
  // before their cutoff. (Tens of rows a year: one statement each.)
  counts.content_revisions = Number(
    (
      await sql`delete from content_revisions
        where published_at < ${cut.content_revisions}
        and not exists (select 1 from content_items i
          where i.type = content_revisions.type and i.key = content_revisions.key
          and i.published_revision = content_revisions.revision)
        and (select count(*) from content_revisions n
          where n.type = content_revisions.type and n.key = content_revisions.key
          and n.revision > content_revisions.revision) >= ${keptRevisions}`.execute(db)
    ).numAffectedRows ?? 0n,
  );
  counts.guide_files = Number(
    (
      await sql`delete from guide_files
        where uploaded_at < ${cut.guide_files}
        and not exists (select 1 from content_items i
          where i.type = 'guide' and i.draft like ${"%"} || guide_files.id || ${"%"})
        and not exists (select 1 from content_revisions r
          where r.type = 'guide' and r.data like ${"%"} || guide_files.id || ${"%"})`.execute(db)
    ).numAffectedRows ?? 0n,
  );

  counts.mail_files = mailDir && !signal?.aborted ? await sweepMailFiles(mailDir, now) : 0;
  counts.log_files = logFile && !signal?.aborted ? await sweepLogFiles(path.resolve(logFile), now) : 0;
  return counts;
}

/** Name and last write of each plain file in `dir` (none if it does not exist). */
async function filesIn(dir: string): Promise<{ name: string; mtimeMs: number }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no folder yet
  }
  const files: { name: string; mtimeMs: number }[] = [];
  for (const name of names) {
    try {
      const info = await stat(path.join(dir, name));
      if (info.isFile()) files.push({ name, mtimeMs: info.mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  return files;
}

/** Deletes these files of `dir`; returns how many went. */
async function remove(dir: string, names: string[]): Promise<number> {
  let removed = 0;
  for (const name of names) {
    try {
      await unlink(path.join(dir, name));
      removed += 1;
    } catch {
      // gone meanwhile, or not ours to delete: the next run tries again
    }
  }
  return removed;
}

/** Deletes LOG_FILE's daily files past 30 days; returns how many. */
export async function sweepLogFiles(logFile: string, now: Date): Promise<number> {
  const { dir } = logFilePattern(logFile);
  return remove(dir, expiredLogFiles(logFile, await filesIn(dir), now));
}

/** Deletes the .eml files of `mailDir` written more than 90 days ago; returns how many. */
export async function sweepMailFiles(mailDir: string, now: Date): Promise<number> {
  return remove(mailDir, expiredMailFiles(await filesIn(mailDir), now));
}

/** Applies the rules, counts them in the metric and logs one line with the counts. */
export async function runRetention(
  options: RetentionOptions,
  now: Date,
  signal?: AbortSignal,
): Promise<RetentionCounts> {
  const started = Date.now();
  const counts = await applyRetention(options, now, signal);
  for (const [rule, n] of Object.entries(counts)) {
    if (n > 0) options.metrics?.retentionDeleted.inc({ rule }, n);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  options.log?.info(
    { job: "retention", counts, total, durationMs: Date.now() - started, stopped: !!signal?.aborted },
    `Retention: ${total} records deleted or anonymised`,
  );
  return counts;
}

export const retentionJobName = "retention";

/** The retention job for startScheduler(): due daily. */
export function retentionJob(options: RetentionOptions & { everyMs?: number }): ScheduledJob {
  return {
    name: retentionJobName,
    everyMs: options.everyMs ?? 24 * 60 * 60_000,
    run: ({ now, signal }) => runRetention(options, now, signal),
  };
}

/**
 * Starts the scheduler with the retention job alone: it runs at start-up if
 * due, then the scheduler looks hourly and runs it once a day. `stop()`
 * before closing the database.
 */
export function startRetention(
  options: RetentionOptions & { everyMs?: number; tickMs?: number; clock?: () => Date; owner?: string },
): Scheduler {
  return startScheduler({
    db: options.db,
    jobs: [retentionJob(options)],
    tickMs: options.tickMs,
    clock: options.clock,
    owner: options.owner,
    log: options.log,
  });
}

/** Removes leads from the inbox's index, with their notes and changes. */
async function forgetListing(trx: Transaction<Database>, ids: string[]): Promise<void> {
  await trx.deleteFrom("lead_events").where("lead_id", "in", ids).execute();
  await trx.deleteFrom("leads").where("id", "in", ids).execute();
}
