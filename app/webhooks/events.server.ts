/**
 * Writing webhook events (docs/decisions/030-outgoing-webhooks.md). An event
 * is written in the transaction of the change it reports, with one delivery
 * for each enabled endpoint that wants its type, so a committed change
 * always has its deliveries and a rolled-back one has none. With no endpoint
 * wanting it, nothing is written (no personal data kept for nobody).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { Attribution } from "~/forms/attribution.ts";
import type { FormKind } from "~/forms/schemas.ts";
import type { OrderKindName } from "~/orders/texts.ts";
import type { WebhookEventType } from "./event-types.ts";

export type WebhookEvent = {
  type: WebhookEventType;
  /** The event's data (the body's `data`). */
  data: Record<string, unknown>;
  /** The visitor's address it is about, for access and erasure requests. */
  email?: string | null;
};

/** A Standard Webhooks message id: "msg_" and a random UUID. */
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/** The body every event is sent with: { type, timestamp, data }. */
export function eventBody(event: WebhookEvent, now: Date): string {
  return JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
}

/** Writes the event and its deliveries; returns how many deliveries (0: nothing written). */
export async function emitEvent(
  trx: Transaction<Database> | Kysely<Database>,
  event: WebhookEvent,
  now: Date,
): Promise<number> {
  const endpoints = await trx
    .selectFrom("webhook_endpoints")
    .select(["id", "events_json"])
    .where("disabled_at", "is", null)
    .execute();
  const wanting = endpoints.filter((e) => (JSON.parse(e.events_json) as string[]).includes(event.type));
  if (wanting.length === 0) return 0;
  const id = newMessageId();
  const at = now.toISOString();
  await trx
    .insertInto("webhook_events")
    .values({
      id,
      type: event.type,
      created_at: at,
      payload: eventBody(event, now),
      email: event.email?.toLowerCase() ?? null,
    })
    .execute();
  await trx
    .insertInto("webhook_deliveries")
    .values(wanting.map((endpoint) => newDelivery(id, endpoint.id, now)))
    .execute();
  return wanting.length;
}

/** A delivery of an event to an endpoint, due now. */
export function newDelivery(eventId: string, endpointId: string, now: Date) {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    event_id: eventId,
    endpoint_id: endpointId,
    created_at: at,
    next_attempt_at: at,
    locked_until: null,
    locked_by: null,
    last_attempt_at: null,
    last_status: null,
    last_error: null,
    delivered_at: null,
    dead_at: null,
  };
}

/** What a `lead.created` message names as its `kind`: a lead kind, or an order kind (a checkout started). */
export type LeadCreatedKind = FormKind | OrderKindName;

/** `lead.created`: what the inbox lists for the lead, and the fields as the visitor sent them. */
export function leadCreated(lead: {
  kind: LeadCreatedKind;
  id: string;
  createdAt: string;
  sourcePage: string;
  isTest: boolean;
  listing: { name: string; email: string; company: string; subject: string; pillar: string | null };
  subjectLabel: string;
  fields: Record<string, unknown>;
  /** The visit that brought it (landing page, referring domain, campaign tags), if known. */
  attribution: Attribution | null;
  adminUrl: string;
}): WebhookEvent {
  const { listing } = lead;
  return {
    type: "lead.created",
    email: listing.email || null,
    data: {
      id: lead.id,
      kind: lead.kind,
      createdAt: lead.createdAt,
      test: lead.isTest,
      sourcePage: lead.sourcePage,
      name: listing.name || null,
      email: listing.email,
      company: listing.company || null,
      subject: listing.subject || null,
      subjectLabel: lead.subjectLabel || null,
      pillar: listing.pillar,
      fields: lead.fields,
      attribution: lead.attribution,
      url: lead.adminUrl,
    },
  };
}
