/**
 * One lead with everything the back office shows about it: its listing,
 * every field of its kind's row, the e-mails sent for it with their delivery
 * state, and its timeline (received, status and owner changes, notes); and
 * the changes the team makes (status, owner, notes), each recorded with who
 * and when.
 */
import { randomUUID } from "node:crypto";
import { emitEvent } from "~/webhooks/events.server.ts";
import type { Selectable } from "kysely";
import { isPostgres } from "~/data/dialect.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import type { ListedDetails } from "~/data/inbox-index.server.ts";
import { inboxKinds } from "./kinds.server.ts";
import { emailsFor, type SentFor } from "~/mail/outbox-view.server.ts";
import type { StaffUser } from "~/staff/accounts.server.ts";
import { statusLabels, type LeadStatus } from "~/data/lead-statuses.ts";

export type LeadEvent = { id: string; at: string; actorName: string; type: "status" | "owner" | "note"; body: string };

export type LeadDetail = {
  listing: Selectable<Database["leads"]> & { ownerName: string | null };
  kindLabel: string;
  subjectLabel: string;
  fields: ListedDetails["fields"];
  agreed: ListedDetails["agreed"];
  /** The record's own back-office page (a course booking's). */
  page: ListedDetails["page"] | null;
  emails: SentFor[];
  events: LeadEvent[];
};

export async function findLead(db: Db, id: string): Promise<LeadDetail | null> {
  const listing = await db
    .selectFrom("leads as l")
    .leftJoin("staff_users as u", "u.id", "l.owner_id")
    .selectAll("l")
    .select("u.name as ownerName")
    .where("l.id", "=", id)
    .executeTakeFirst();
  if (!listing) return null;
  const kind = inboxKinds[listing.kind];
  const details = await kind.details(db, id);
  const emails = await emailsFor(db, listing.kind, id);
  const events = await db
    .selectFrom("lead_events")
    .select(["id", "at", "actor_name", "type", "body"])
    .where("lead_id", "=", id)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return {
    listing,
    kindLabel: kind.label,
    subjectLabel: kind.subjectLabel(listing.subject),
    fields: details?.fields ?? [],
    agreed: details?.agreed ?? { heading: "What they agreed to", text: "" },
    page: details?.page ?? null,
    emails,
    events: events.map((e) => ({ id: e.id, at: e.at, actorName: e.actor_name, type: e.type, body: e.body })),
  };
}

/**
 * Sets a lead's status and owner; each change is a timeline event. Returns
 * what changed (empty when nothing did), or null for an unknown lead.
 */
export async function updateLead(
  db: Db,
  id: string,
  change: { status: LeadStatus; owner: StaffUser | null },
  actor: StaffUser,
  now: Date,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("leads as l")
      .leftJoin("staff_users as u", "u.id", "l.owner_id")
      .select(["l.kind", "l.email", "l.status", "l.owner_id", "u.name as owner_name"])
      .where("l.id", "=", id)
      // Two changes at once: the second waits and sees the first (SQLite's transactions begin with the lock).
      .$if(isPostgres(trx), (q) => q.forUpdate("l"))
      .executeTakeFirst();
    if (!current) return null;
    const changes: { type: "status" | "owner"; body: string }[] = [];
    if (current.status !== change.status) {
      changes.push({ type: "status", body: `${statusLabels[current.status]} → ${statusLabels[change.status]}` });
    }
    if ((current.owner_id ?? null) !== (change.owner?.id ?? null)) {
      changes.push({
        type: "owner",
        body: `${current.owner_name ?? "Nobody"} → ${change.owner?.name ?? "Nobody"}`,
      });
    }
    if (changes.length === 0) return [];
    await trx
      .updateTable("leads")
      .set({ status: change.status, owner_id: change.owner?.id ?? null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await trx
      .insertInto("lead_events")
      .values(
        changes.map((c) => ({
          id: randomUUID(),
          lead_id: id,
          at: now.toISOString(),
          actor_id: actor.id,
          actor_name: actor.name,
          type: c.type,
          body: c.body,
        })),
      )
      .execute();
    await emitEvent(
      trx,
      {
        type: "lead.updated",
        email: current.email,
        data: {
          id,
          kind: current.kind,
          status: change.status,
          owner: change.owner ? { name: change.owner.name, email: change.owner.email } : null,
          changed: changes.map((c) => c.type),
          changedBy: actor.name,
          updatedAt: now.toISOString(),
        },
      },
      now,
    );
    return changes.map((c) => `${c.type === "status" ? "Status" : "Owner"}: ${c.body}`);
  });
}

/** Adds a note to a lead's timeline; false for an unknown lead. */
export async function addNote(db: Db, id: string, body: string, actor: StaffUser, now: Date): Promise<boolean> {
  const exists = await db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) return false;
  await db
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_id: id,
      at: now.toISOString(),
      actor_id: actor.id,
      actor_name: actor.name,
      type: "note",
      body,
    })
    .execute();
  return true;
}
