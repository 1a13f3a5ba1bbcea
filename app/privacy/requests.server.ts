/**
 * Data-protection requests for one e-mail address (the privacy notice's
 * rights of access and erasure; docs/decisions/025-data-protection-requests.md):
 *
 * - `findEverything`: every record that holds the address, across every
 *   lead kind and order kind (bookings), the inbox (status, owner, notes),
 *   the outbox and e-mail files written to disk: what an access request
 *   hands over.
 * - `erase`: deletes all of it, in one transaction, except what the law
 *   makes us keep: a paid booking stays for the accounting period with the
 *   address removed (name, amount, dates and Stripe reference kept; each
 *   order kind's `erase`, app/orders/), and a newsletter address stays alone
 *   on the suppression list, so we never e-mail it again; back-office
 *   security records (a sign-in to the staff area with the address, or an
 *   attempt) stay their 12 months, to protect the accounts. E-mail files on disk that name the address are deleted.
 *   Then the database's files are cleared of the deleted rows (SQLite: the
 *   WAL checkpointed; PostgreSQL: the tables vacuumed; app/data/wipe.server.ts).
 *
 * Addresses are compared without case. Nothing here writes the address to
 * a log or the audit log (the audit records a hash of it).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "~/data/db.server.ts";
import { leaveNothingToReadBack } from "~/data/wipe.server.ts";
import { allLeadKinds } from "~/leads/kinds/index.server.ts";
import { likeLiteral, sameAddress } from "~/data/same-address.ts";
import { allOrderKinds } from "~/orders/index.server.ts";
import { spamHolding } from "~/spam/folder.server.ts";

type Row = Record<string, unknown>;

/**
 * The queued e-mails whose text names `address` (lower-case) as a whole
 * address, whoever they are to (a booker's confirmation lists its
 * delegates): the database finds the candidates, and a match inside a longer
 * address ("ann@" in "joann@") is not one. `settled`: only those sent or
 * given up.
 */
async function emailsNaming(db: Db, address: string, { settled = false } = {}): Promise<string[]> {
  const pattern = `%${likeLiteral(address)}%`;
  let query = db
    .selectFrom("outbox")
    .select(["id", "text_body"])
    .where(sql<boolean>`lower(text_body) like ${pattern} escape '\\'`);
  if (settled) query = query.where((eb) => eb.or([eb("sent_at", "is not", null), eb("dead_at", "is not", null)]));
  const whole = new RegExp(`(^|[^\\w.%+-])${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w.-]*\\w)`, "i");
  return (await query.execute()).filter((row) => whole.test(row.text_body)).map((row) => row.id);
}

export type Holdings = {
  address: string;
  /** Lead rows by kind label (every column, tokens left out). */
  leads: { kind: string; table: string; rows: Row[] }[];
  /** The inbox's rows for those leads (status, owner) and their notes and changes. */
  inbox: Row[];
  notes: Row[];
  /** E-mails to or about the address (their text included). */
  emails: Row[];
  /** Every order kind's rows (secrets left out), kind after kind. */
  bookings: Row[];
  /** Forms refused as automated (the spam folder). */
  spam: Row[];
  /** Messages forwarded to the team's webhook endpoints about the address (their body included). */
  webhooks: Row[];
  /**
   * Back-office security records naming the address (signing in to the staff
   * area, or trying to): kept through an erasure for their 12 months, as the
   * privacy notice says, to protect the accounts.
   */
  securityRecords: Row[];
  /** E-mail files under DATA_DIR/mail that name the address (no SMTP server set). */
  mailFiles: string[];
};

/** A row without the columns no one is handed (each lead kind and order kind names its own: a booking's is its payment's client secret). */
const withoutSecrets =
  (secretColumns: readonly string[]) =>
  (row: Row): Row =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !secretColumns.includes(column)));

export const normalAddress = (email: string) => email.trim().toLowerCase();

/** What the audit log records instead of the address. */
export const addressHash = (address: string) =>
  createHash("sha256").update(normalAddress(address)).digest("hex").slice(0, 16);

async function mailFilesNaming(mailDir: string | undefined, address: string): Promise<string[]> {
  if (!mailDir) return [];
  let names: string[];
  try {
    names = (await readdir(mailDir)).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names) {
    const text = await readFile(path.join(mailDir, name), "utf8").catch(() => "");
    if (text.toLowerCase().includes(address)) found.push(name);
  }
  return found;
}

export async function findEverything(db: Db, email: string, mailDir?: string): Promise<Holdings> {
  const address = normalAddress(email);
  const leads = [];
  const ids: string[] = [];
  for (const kind of allLeadKinds) {
    const rows = (await db
      .selectFrom(kind.table)
      .selectAll()
      .where(sameAddress("email", address))
      .orderBy("created_at")
      .execute()) as Row[];
    ids.push(...rows.map((r) => String(r.id)));
    if (rows.length > 0)
      leads.push({ kind: kind.label, table: kind.table, rows: rows.map(withoutSecrets(kind.secretColumns)) });
  }
  const none = ["-"];
  const inbox = (await db
    .selectFrom("leads")
    .select([
      "id",
      "kind",
      "created_at",
      "status",
      "owner_id",
      "updated_at",
      "deadline_at",
      "landing_page",
      "referrer",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])
    .where((eb) => eb.or([eb("email", "=", address), eb("id", "in", ids.length ? ids : none)]))
    .execute()) as Row[];
  // The inbox also lists what is not a lead kind's row (a course booking): its notes and e-mails are the address's too.
  for (const row of inbox) if (!ids.includes(String(row.id))) ids.push(String(row.id));
  const notes = (await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_id", "in", ids.length ? ids : none)
    .orderBy("at")
    .execute()) as Row[];
  const naming = await emailsNaming(db, address);
  const emails = (await db
    .selectFrom("outbox")
    .select(["id", "created_at", "to_address", "reply_to", "subject", "text_body", "sent_at", "dead_at", "last_error"])
    .where((eb) =>
      eb.or([
        sameAddress("to_address", address),
        sameAddress("reply_to", address),
        eb("lead_id", "in", ids.length ? ids : none),
        eb("id", "in", naming.length ? naming : none),
      ]),
    )
    .orderBy("created_at")
    .execute()) as Row[];
  const bookings: Row[] = [];
  for (const kind of allOrderKinds)
    bookings.push(...(await kind.findByAddress(db, address)).map(withoutSecrets(kind.secretColumns)));
  const spam = (await db
    .selectFrom("spam_submissions")
    .selectAll()
    .where(spamHolding(address))
    .orderBy("received_at")
    .execute()) as Row[];
  const webhooks = (await db
    .selectFrom("webhook_events")
    .select(["id", "type", "created_at", "payload"])
    .where("email", "=", address)
    .orderBy("created_at")
    .execute()) as Row[];
  const securityRecords = (await db
    .selectFrom("audit_events")
    .select(["id", "at", "action", "ip"])
    .where(sameAddress("actor_email", address))
    .orderBy("at")
    .execute()) as Row[];
  return {
    address,
    leads,
    inbox,
    notes,
    emails,
    bookings,
    spam,
    webhooks,
    securityRecords,
    mailFiles: await mailFilesNaming(mailDir, address),
  };
}

/** The access request's files: everything, as JSON, and the same flattened to CSV rows. */
export function holdingsAsRows(holdings: Holdings): [what: string, record: string, field: string, value: string][] {
  const rows: [string, string, string, string][] = [];
  const add = (what: string, records: Row[]) => {
    for (const record of records) {
      for (const [field, value] of Object.entries(record)) {
        if (value === null || value === "") continue;
        // A booking's places, timeline and documents: as JSON, not "[object Object]".
        const text = typeof value === "object" ? JSON.stringify(value) : String(value);
        rows.push([what, String(record.id ?? ""), field, text]);
      }
    }
  };
  for (const group of holdings.leads) add(group.kind, group.rows);
  add("Inbox (status and owner)", holdings.inbox);
  add("Team notes and changes", holdings.notes);
  add("E-mails", holdings.emails);
  add("Bookings", holdings.bookings);
  add("Forms refused as automated", holdings.spam);
  add("Messages to the team's business tools (webhooks)", holdings.webhooks);
  add("Back-office security records", holdings.securityRecords);
  for (const name of holdings.mailFiles) rows.push(["E-mail file", name, "file", name]);
  return rows;
}

export type ErasureCounts = {
  leads: number;
  notes: number;
  emails: number;
  bookingsDeleted: number;
  bookingsKept: number;
  suppressed: number;
  spam: number;
  webhooks: number;
  mailFiles: number;
  /** The database's files hold nothing of the deleted rows (false: an old SQLite reader kept the WAL; erase again). */
  wiped: boolean;
};

/** Every table an erasure deletes from or rewrites: what is cleared from the files afterwards. */
const erasedTables = [
  ...new Set([
    ...allLeadKinds.map((kind) => kind.table),
    "leads",
    "lead_events",
    "outbox",
    "webhook_deliveries",
    "webhook_events",
    "spam_submissions",
    ...allOrderKinds.flatMap((kind) => [kind.table, ...(kind.otherTables ?? [])]),
  ]),
];

/**
 * Erases everything about `email` but what the law keeps (see above).
 * Returns what it did, in counts (nothing about the address itself).
 */
export async function erase(db: Db, email: string, now: Date, mailDir?: string): Promise<ErasureCounts> {
  const address = normalAddress(email);
  const counts = await db.transaction().execute(async (trx) => {
    const counts: ErasureCounts = {
      leads: 0,
      notes: 0,
      emails: 0,
      bookingsDeleted: 0,
      bookingsKept: 0,
      suppressed: 0,
      spam: 0,
      webhooks: 0,
      mailFiles: 0,
      wiped: false,
    };
    const ids: string[] = [];
    for (const kind of allLeadKinds) {
      const rows = await trx.selectFrom(kind.table).select("id").where(sameAddress("email", address)).execute();
      ids.push(...rows.map((r) => r.id));
    }
    // And what else the inbox lists for the address (a course booking): its notes and e-mails go with its row.
    const listed = await trx.selectFrom("leads").select("id").where("email", "=", address).execute();
    for (const { id } of listed) if (!ids.includes(id)) ids.push(id);
    const none = ["-"];
    const leadIds = ids.length ? ids : none;
    counts.notes = Number(
      (await trx.deleteFrom("lead_events").where("lead_id", "in", leadIds).executeTakeFirst()).numDeletedRows,
    );
    await trx
      .deleteFrom("leads")
      .where((eb) => eb.or([eb("email", "=", address), eb("id", "in", leadIds)]))
      .execute();
    const naming = await emailsNaming(trx, address, { settled: true });
    counts.emails = Number(
      (
        await trx
          .deleteFrom("outbox")
          .where((eb) =>
            eb.or([
              sameAddress("to_address", address),
              sameAddress("reply_to", address),
              eb("lead_id", "in", leadIds),
              // Someone else's e-mail that names them (a booker's confirmation lists its delegates), once it has
              // gone or been given up: one still to be sent is its recipient's, and goes with the outbox's 90 days.
              eb("id", "in", naming.length ? naming : none),
            ]),
          )
          .executeTakeFirst()
      ).numDeletedRows,
    );
    for (const kind of allLeadKinds) {
      if (kind.erasure === "delete") {
        counts.leads += Number(
          (await trx.deleteFrom(kind.table).where(sameAddress("email", address)).executeTakeFirst()).numDeletedRows,
        );
      } else {
        counts.suppressed += await kind.erasure.suppress(trx, address, now);
      }
    }
    // Messages for the team's tools: the deliveries (pending ones never go), then the events.
    const events = trx.selectFrom("webhook_events").select("id").where("email", "=", address);
    await trx.deleteFrom("webhook_deliveries").where("event_id", "in", events).execute();
    counts.webhooks = Number(
      (await trx.deleteFrom("webhook_events").where("email", "=", address).executeTakeFirst()).numDeletedRows,
    );
    counts.spam = Number(
      (await trx.deleteFrom("spam_submissions").where(spamHolding(address)).executeTakeFirst()).numDeletedRows,
    );
    // Orders: each kind deletes what it may and keeps its accounting records without the address.
    for (const kind of allOrderKinds) {
      const { deleted, kept } = await kind.erase(trx, address, now);
      counts.bookingsDeleted += deleted;
      counts.bookingsKept += kept;
    }
    return counts;
  });
  counts.wiped = await leaveNothingToReadBack(db, erasedTables);
  for (const name of await mailFilesNaming(mailDir, address)) {
    await unlink(path.join(mailDir!, name)).catch(() => {});
    counts.mailFiles += 1;
  }
  return counts;
}
