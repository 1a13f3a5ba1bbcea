/**
 * The back office's view of the outbox: messages waiting, failing or given
 * up, newest first, with their last error; and "retry", which makes one
 * unsent message due now (a given-up one gets one more attempt; if that
 * fails too it is given up again, since it is older than MAIL_GIVE_UP_HOURS).
 */
import type { Expression, SqlBool } from "kysely";

import type { Db } from "~/data/db.server.ts";

import type { OutboxState } from "./outbox-states.ts";

export const outboxPageSize = 50;

export type OutboxEntry = {
  id: string;
  createdAt: string;
  leadType: string;
  leadId: string;
  to: string;
  subject: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  deadAt: string | null;
};

export async function listOutbox(db: Db, state: OutboxState): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("outbox")
    .select([
      "id",
      "created_at",
      "lead_type",
      "lead_id",
      "to_address",
      "subject",
      "attempts",
      "next_attempt_at",
      "last_error",
      "dead_at",
    ])
    .where("sent_at", "is", null)
    .$if(state === "given-up", (q) => q.where("dead_at", "is not", null))
    .$if(state !== "given-up", (q) => q.where("dead_at", "is", null))
    .$if(state === "waiting", (q) => q.where("attempts", "=", 0))
    .$if(state === "failing", (q) => q.where("attempts", ">", 0))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(outboxPageSize)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    leadType: r.lead_type,
    leadId: r.lead_id,
    to: r.to_address,
    subject: r.subject,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    deadAt: r.dead_at,
  }));
}

/** Counts of unsent messages in each state. */
export async function outboxCounts(db: Db): Promise<Record<OutboxState, number>> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => {
      /** How many rows meet the condition. */
      const countWhere = (condition: Expression<SqlBool>) =>
        eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        countWhere(eb("dead_at", "is not", null)).as("given_up"),
        countWhere(eb.and([eb("dead_at", "is", null), eb("attempts", ">", 0)])).as("failing"),
        countWhere(eb.and([eb("dead_at", "is", null), eb("attempts", "=", 0)])).as("waiting"),
      ];
    })
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    waiting: Number(row.waiting ?? 0),
    failing: Number(row.failing ?? 0),
    "given-up": Number(row.given_up ?? 0),
  };
}

/** Makes an unsent message due now (and no longer given up); false if it is sent or unknown. */
export async function retryNow(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ dead_at: null, next_attempt_at: now.toISOString() })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A message the outbox holds for one lead or order, as its page lists it. */
export type SentFor = {
  id: string;
  to: string;
  subject: string;
  queuedAt: string;
  state: "sent" | "given-up" | "waiting";
  at: string | null;
  attempts: number;
  lastError: string | null;
};

/** The e-mails written for one lead or order (`type`: its kind; `id`: its id), oldest first, with their delivery. */
export async function emailsFor(db: Db, type: string, id: string): Promise<SentFor[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "to_address", "subject", "created_at", "sent_at", "dead_at", "attempts", "last_error"])
    .where("lead_type", "=", type)
    .where("lead_id", "=", id)
    .orderBy("created_at")
    .execute();
  return rows.map((e) => ({
    id: e.id,
    to: e.to_address,
    subject: e.subject,
    queuedAt: e.created_at,
    state: e.sent_at ? "sent" : e.dead_at ? "given-up" : "waiting",
    at: e.sent_at ?? e.dead_at,
    attempts: e.attempts,
    lastError: e.last_error,
  }));
}
