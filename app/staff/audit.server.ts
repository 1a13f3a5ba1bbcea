/**
 * The audit log: who did what in the back office, when, from which address.
 * Written in the same request as the change it records; read by
 * administrators (/admin/audit); kept as long as the privacy notice says
 * (the retention job, rule audit_events). Never a lead's personal data: a
 * lead is named by its kind and id.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "~/data/db.server.ts";
import { keysetPage } from "~/data/cursor.ts";
import type { StaffUser } from "./accounts.server.ts";

export const auditActions = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in refused (wrong password or code)",
  "sign-in-throttled": "Sign-in refused (too many attempts)",
  "sign-in-disabled-account": "Sign-in refused (the account is disabled)",
  "access-refused":
    "Refused: a page or action the account may not open (administrators only, or a permission it lacks)",
  "csrf-refused": "Refused: a form without its security token (another site's, or an old page)",
  "sign-out": "Signed out",
  "user-invited": "Invited someone",
  "invitation-withdrawn": "Withdrew a set-up link (an invitation, or a new link for an account)",
  "user-activated": "Set up an account (or its sign-in again)",
  "user-disabled": "Disabled an account",
  "permissions-changed": "Changed what an account may do",
  "sessions-revoked": "Ended an account's sessions",
  "sign-in-reset": "Sent a new set-up link for an account",
  "passkey-added": "Added a passkey",
  "passkey-removed": "Removed a passkey",
  "password-changed": "Changed their password",
  "session-ended": "Ended one of their other sessions",
  "other-sessions-ended": "Ended all their other sessions",
  "proof-given": "Confirmed it is them (password or code)",
  "proof-failed": "Could not confirm it is them (wrong password or code)",
  "lead-updated": "Changed a lead's status or owner",
  export: "Downloaded a CSV export",
  "email-retried": "Asked for an e-mail to be sent again",
  "access-look-up": "Looked up what is held about an address",
  "access-request": "Downloaded everything held about an address",
  erasure: "Erased everything held about an address",
  "spam-released": "Released a form from the spam folder as a lead",
  "spam-deleted": "Deleted a form from the spam folder",
  "webhook-added": "Added a webhook endpoint",
  "webhook-changed": "Changed the events a webhook endpoint receives",
  "webhook-secret-rotated": "Made a new signing secret for a webhook endpoint",
  "webhook-disabled": "Disabled a webhook endpoint",
  "webhook-retried": "Asked for a given-up webhook delivery to be tried again",
  "webhook-replayed": "Sent a webhook event again",
  "content-added": "Added an item of the site's content (as a draft)",
  "content-duplicated": "Made a copy of an item of the site's content (as a draft)",
  "content-next-date-added": "Added the next date of a course from an existing one (as a draft)",
  "content-saved": "Saved a draft of the site's content",
  "content-published": "Published an item of the site's content",
  "content-scheduled": "Scheduled (or cancelled) the publishing of an item of the site's content",
  "content-unpublished": "Took an item of the site's content off the site",
  "content-restored": "Put an earlier revision of the site's content back on the site",
  "session-price-approved":
    "Published a course session's price that needs an administrator (below the floor, or changed while places are sold)",
  "content-address-changed": "Changed the address of an item of the site's content (the old one redirects)",
  "content-deleted": "Deleted an item of the site's content (never published, or unpublished)",
  "image-uploaded": "Uploaded an image to the site's image library",
  "image-deleted": "Deleted an image from the site's image library (nothing used it)",
  "course-booking-paid": "Marked a course booking's invoice paid",
  "course-booking-cancelled": "Cancelled a course booking (credit note issued)",
  "course-booking-place-named": "Named a place on a course booking, or passed it to a substitute",
  "course-booking-moved": "Moved a course booking to another date of its course",
  "course-session-cancelled": "Cancelled a course session and every booking on it",
  "waiting-list-moved": "Moved a request up or down a course date's waiting list",
  "waiting-list-removed": "Removed a request from a course date's waiting list",
  "business-settings-saved": "Saved the business settings (printed on every invoice issued from now on)",
} as const;

export type AuditAction = keyof typeof auditActions;

/** A stored detail ({"with":"passkey"}) as the log shows it: "with: passkey". */
export function readableDetail(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.entries(value)
        .map(([key, v]) => `${key}: ${String(v)}`)
        .join("; ");
    }
  } catch {
    // Not JSON: shown as it is.
  }
  return json;
}

export type AuditEntry = {
  actor: Pick<StaffUser, "id" | "email"> | { id: null; email: string | null } | null;
  action: AuditAction;
  target?: string | null;
  /** The client address; null from the command line. */
  ip: string | null;
  detail?: Record<string, string | number | boolean>;
};

export async function audit(db: Db, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      id: randomUUID(),
      at: now.toISOString(),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email?.slice(0, 320) ?? null,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}

export type AuditEvent = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  what: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
};

export const auditPageSize = 50;

/**
 * The newest events, a page at a time: `before` is the last event of the
 * previous page ("<at>_<id>"), so a page is found by index however long the log.
 */
export async function listAudit(db: Db, before?: string): Promise<{ events: AuditEvent[]; next: string | null }> {
  const [at, id] = before?.split("_") ?? [];
  const rows = await db
    .selectFrom("audit_events")
    .selectAll()
    .$if(Boolean(at && id), (qb) =>
      qb.where((eb) => eb.or([eb("at", "<", at!), eb.and([eb("at", "=", at!), eb("id", "<", id!)])])),
    )
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(auditPageSize + 1)
    .execute();
  const { page, next } = keysetPage(rows, auditPageSize, (last) => `${last.at}_${last.id}`);
  return {
    events: page.map((r) => ({
      id: r.id,
      at: r.at,
      actorEmail: r.actor_email,
      action: r.action,
      what: auditActions[r.action as AuditAction] ?? r.action,
      target: r.target,
      ip: r.ip,
      detail: r.detail && readableDetail(r.detail),
    })),
    next,
  };
}
