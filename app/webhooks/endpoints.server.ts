/**
 * The team's webhook endpoints and their deliveries, as the back office
 * manages them (administrators only; docs/decisions/030-outgoing-webhooks.md).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "~/data/db.server.ts";
import type { DeliveryState, WebhookEventType } from "./event-types.ts";
import { newDelivery } from "./events.server.ts";
import { deliveryState, rotationOverlapMs } from "./rules.ts";

/** A new signing secret: "whsec_" and 32 random bytes in base64, as Standard Webhooks libraries expect. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export type EndpointSummary = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  createdAt: string;
  disabledAt: string | null;
  /** When the rotated-out secret stops signing, while it still does. */
  previousSecretUntil: string | null;
  counts: Record<DeliveryState, number>;
};

function summary(
  row: {
    id: string;
    url: string;
    description: string;
    events_json: string;
    created_at: string;
    disabled_at: string | null;
    previous_secret_until: string | null;
  },
  now: Date,
  counts: Record<DeliveryState, number>,
): EndpointSummary {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events_json) as WebhookEventType[],
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    previousSecretUntil:
      row.previous_secret_until && Date.parse(row.previous_secret_until) > now.getTime()
        ? row.previous_secret_until
        : null,
    counts,
  };
}

async function deliveryCounts(db: Db, endpointId: string): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as("all"),
      eb.fn.count<number | string | bigint>("delivered_at").as("delivered"),
      eb.fn.count<number | string | bigint>("dead_at").as("dead"),
      eb.fn
        .count<number | string | bigint>(
          eb
            .case()
            .when(eb.and([eb("attempts", ">", 0), eb("delivered_at", "is", null), eb("dead_at", "is", null)]))
            .then(1)
            .end(),
        )
        .as("failing"),
    ])
    .where("endpoint_id", "=", endpointId)
    .executeTakeFirstOrThrow();
  const delivered = Number(rows.delivered);
  const dead = Number(rows.dead);
  const failing = Number(rows.failing);
  return { delivered, dead, failing, pending: Number(rows.all) - delivered - dead - failing };
}

export async function listEndpoints(db: Db, now: Date): Promise<EndpointSummary[]> {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").execute();
  return Promise.all(rows.map(async (row) => summary(row, now, await deliveryCounts(db, row.id))));
}

export async function getEndpoint(db: Db, id: string, now: Date): Promise<EndpointSummary | null> {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? summary(row, now, await deliveryCounts(db, row.id)) : null;
}

/** Adds an endpoint; returns its id and its secret (shown to the administrator this once). */
export async function createEndpoint(
  db: Db,
  endpoint: { url: string; description: string; events: WebhookEventType[] },
  now: Date,
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newSecret();
  const at = now.toISOString();
  await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      url: endpoint.url,
      description: endpoint.description,
      events_json: JSON.stringify(endpoint.events),
      secret,
      previous_secret: null,
      previous_secret_until: null,
      created_at: at,
      updated_at: at,
      disabled_at: null,
    })
    .execute();
  return { id, secret };
}

/** Changes what an enabled endpoint receives; false if there is no such enabled endpoint. */
export async function updateEndpointEvents(
  db: Db,
  id: string,
  events: WebhookEventType[],
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ events_json: JSON.stringify(events), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new secret; the old one keeps signing beside it for a day, so the
 * receiver can be switched over without losing a message. Returns the new
 * secret (shown once), or null if there is no such enabled endpoint.
 */
export async function rotateSecret(
  db: Db,
  id: string,
  now: Date,
): Promise<{ secret: string; oldUntil: string } | null> {
  const secret = newSecret();
  const oldUntil = new Date(now.getTime() + rotationOverlapMs).toISOString();
  const result = await db
    .updateTable("webhook_endpoints")
    .set((eb) => ({
      previous_secret: eb.ref("secret"),
      previous_secret_until: oldUntil,
      secret,
      updated_at: now.toISOString(),
    }))
    .where("id", "=", id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { secret, oldUntil } : null;
}

/**
 * Stops sending to an endpoint: its secrets are deleted and its waiting
 * deliveries given up; what was delivered stays listed until it expires.
 */
export async function disableEndpoint(db: Db, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("webhook_endpoints")
      .set({ disabled_at: at, updated_at: at, secret: "", previous_secret: null, previous_secret_until: null })
      .where("id", "=", id)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("webhook_deliveries")
      .set({ dead_at: at, last_error: "The endpoint was disabled." })
      .where("endpoint_id", "=", id)
      .where("delivered_at", "is", null)
      .where("dead_at", "is", null)
      .execute();
    return true;
  });
}

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  eventAt: string;
  state: DeliveryState;
  attempts: number;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

/** An endpoint's most recent deliveries, newest first. */
export async function listDeliveries(db: Db, endpointId: string, limit = 50): Promise<DeliveryView[]> {
  const rows = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as e", "e.id", "d.event_id")
    .select([
      "d.id",
      "d.event_id",
      "e.type",
      "e.created_at as event_at",
      "d.attempts",
      "d.last_attempt_at",
      "d.last_status",
      "d.last_error",
      "d.next_attempt_at",
      "d.delivered_at",
      "d.dead_at",
    ])
    .where("d.endpoint_id", "=", endpointId)
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const state = deliveryState(r);
    return {
      id: r.id,
      eventId: r.event_id,
      eventType: r.type,
      eventAt: r.event_at,
      state,
      attempts: r.attempts,
      lastAttemptAt: r.last_attempt_at,
      lastStatus: r.last_status,
      lastError: r.last_error,
      nextAttemptAt: state === "pending" || state === "failing" ? r.next_attempt_at : null,
      deliveredAt: r.delivered_at,
    };
  });
}

/** Tries a given-up delivery again now, with a fresh three days; false if it is not given up or the endpoint is disabled. */
export async function retryDelivery(db: Db, endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ dead_at: null, created_at: at, next_attempt_at: at, attempts: 0, locked_until: null, locked_by: null })
    .where("id", "=", deliveryId)
    .where("endpoint_id", "=", endpointId)
    .where("dead_at", "is not", null)
    .where("delivered_at", "is", null)
    .where("endpoint_id", "in", (eb) =>
      eb.selectFrom("webhook_endpoints").select("id").where("disabled_at", "is", null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sends an event to an endpoint again, as a new delivery with the event's
 * own webhook-id (receivers that keep ids take it for the same message);
 * false if the event or the enabled endpoint is not there.
 */
export async function replayEvent(db: Db, endpointId: string, eventId: string, now: Date): Promise<boolean> {
  const [event, endpoint] = await Promise.all([
    db.selectFrom("webhook_events").select("id").where("id", "=", eventId).executeTakeFirst(),
    db
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("id", "=", endpointId)
      .where("disabled_at", "is", null)
      .executeTakeFirst(),
  ]);
  if (!event || !endpoint) return false;
  await db
    .insertInto("webhook_deliveries")
    .values(newDelivery(eventId, endpointId, now))
    .execute();
  return true;
}
