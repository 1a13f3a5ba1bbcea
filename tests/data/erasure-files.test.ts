/**
 * An erasure leaves nothing to read back from the database's files, on both
 * databases (docs/decisions/034-erasure-leaves-nothing-to-read-back.md).
 *
 * One person leaves every kind of lead, a note, e-mails, webhook messages, a
 * form in the spam folder and two bookings among other people's records;
 * then they are erased and the files themselves are searched (case
 * ignored) for their address, for its words as the inbox's full-text index
 * stores them, and for their name, company and message:
 *
 * - SQLite: site.db, site.db-wal and site.db-shm as raw bytes. The only
 *   pages allowed to hold any of it are those of what the law keeps: the
 *   newsletter suppression list's (the address alone, unsubscribed) and the
 *   paid booking's (the name, without the address); the WAL and the -shm
 *   hold none of it.
 * - PostgreSQL keeps the bytes of deleted rows in its files until they are
 *   reused (docs/operations.md says so), so the test reads what PostgreSQL can still
 *   reach, page by page with pageinspect: no tuple, live or dead, of any
 *   table (and its TOAST table) and no B-tree index entry holds any of it,
 *   and every touched table was vacuumed. It runs in a database of its own:
 *   VACUUM removes only rows no transaction in the same database can still
 *   see, and other tests share the `test` database.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/data/db.server.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { erase } from "~/privacy/requests.server.ts";
import { keepSpam } from "~/spam/folder.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects, postgresUrl } from "./databases.ts";
import { createConsultation } from "../support/factories.ts";
import { addLeadNote, testKeys, testMail } from "./fixtures.ts";

const mail = testMail;
const meta = { sourcePage: "/contact", isTest: false };
const now = new Date("2026-11-25T10:00:00.000Z");

const subject = { name: "Quillonby Xyloprax", email: "Quillonby.Xyloprax@Vantorwick.test", company: "Brindlemoor Ltd" };
const message = "Please ring me about zanthoric audits.";
/**
 * What must not be read back. The words are searched without their first
 * two letters: the full-text index stores a word as the part that differs
 * from the word before it in its segment.
 */
const needles = [subject.email.toLowerCase(), "illonby", "loprax", "ntorwick", "indlemoor", "nthoric"];
/**
 * What the law keeps, by table: the address alone on the newsletter
 * suppression list (its words are in it), and the name on the paid booking.
 */
const kept: Record<string, string[]> = {
  newsletter_subscriptions: [subject.email.toLowerCase(), "illonby", "loprax", "ntorwick"],
  orders: ["illonby", "loprax"],
};
const isKept = (table: string, needle: string) => kept[table]?.includes(needle) ?? false;

/** The tables the person's data was in (what must have been vacuumed on PostgreSQL). */
const touched = [
  "contact_enquiries",
  "guide_requests",
  "resource_downloads",
  "newsletter_subscriptions",
  "webinar_registrations",
  "leads",
  "lead_events",
  "outbox",
  "webhook_events",
  "webhook_deliveries",
  "spam_submissions",
  "orders",
  "order_lines",
  "payments",
];

const others = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"];

async function storeEverything(db: DatabaseHandle["db"]) {
  await createEndpoint(db, { url: "https://crm.example.com/in", description: "CRM", events: ["lead.created"] }, now);
  const service = createLeadService({ keys: testKeys, db, mail, clock: () => now });
  const person = async (name: string, email: string, company: string, text: string) => {
    const [first, last] = name.split(" ") as [string, string];
    const contact = await service.submit(
      "contact",
      {
        name,
        email,
        phone: "020 7946 0000",
        company,
        jobTitle: "CFO",
        serviceInterest: "strategy",
        message: text,
        preferredContact: "email",
      },
      meta,
    );
    await addLeadNote(db, { id: `note-${email}`, leadId: contact.id, at: now, body: `Rang ${name}: ${text}` });
    await service.submit(
      "guideRequest",
      { first_name: first, last_name: last, email, company, guide_name: "sustainable-business-practices" },
      meta,
    );
    await service.submit("resourceDownload", { email, resourceId: "finance-toolkit" }, meta);
    await service.submit("newsletter", { email }, meta);
    await service.submit("webinarRegistration", { webinarId: "scope-3-supplier-data", name, email, company }, meta);
  };
  // Other people before and after: the erased rows share pages with rows that stay.
  for (const [i, name] of others.entries()) {
    await person(
      name,
      `${name.replace(" ", ".").toLowerCase()}${i}@example.test`,
      `Company ${i}`,
      `A question about audit ${i}.`,
    );
    if (i === 2) await person(subject.name, subject.email, subject.company, message);
  }
  const booking = (id: string, status: "paid" | "pending") =>
    createConsultation(db, { id, status, at: now.toISOString(), name: subject.name, email: subject.email });
  await booking("b-paid", "paid");
  await booking("b-pending", "pending");
  await queueEmails(
    db,
    { type: "booking", id: "b-pending" },
    [{ to: subject.email, subject: `Your consultation, ${subject.name}`, text: message, html: `<p>${message}</p>` }],
    now,
  );
  await keepSpam(
    db,
    {
      kind: "contact",
      reason: "honeypot",
      fields: { ...subject, message },
      clientAddress: "203.0.113.9",
      sourcePage: "/contact",
    },
    now,
  );
}

/** Every needle found in `bytes`, with the byte offset of each occurrence (case ignored). */
function occurrences(bytes: Buffer): { needle: string; at: number }[] {
  const text = bytes.toString("latin1").toLowerCase();
  const found: { needle: string; at: number }[] = [];
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push({ needle, at });
  }
  return found;
}

describe.each(dialects)("an erasure leaves nothing to read back on %s", (dialect) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let database = "";
  const admin = () => new pg.Client({ connectionString: postgresUrl });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "erasure-files-"));
    if (dialect === "sqlite") {
      handle = await openDatabase({ dataDir });
    } else {
      database = `erasure_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      const client = admin();
      await client.connect();
      await client.query(`create database ${database}`);
      await client.end();
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
      await sql`create extension pageinspect`.execute(handle.db);
    }
    await storeEverything(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    if (database) {
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("erases the person and clears the files of them", async () => {
    if (dialect === "sqlite") {
      // Before: the person is in the files (the search finds what it looks for).
      const before = readdirSync(dataDir).flatMap((name) => occurrences(readFileSync(path.join(dataDir, name))));
      expect(new Set(before.map((o) => o.needle))).toEqual(new Set(needles));
    }
    if (dialect === "postgres") {
      expect(new Set((await reachableOnPostgres(handle)).map((f) => f.needle))).toEqual(new Set(needles));
    }
    const vacuumsBefore = dialect === "postgres" ? await vacuumCounts(handle) : {};

    const counts = await erase(handle.db, subject.email, now);
    expect(counts).toMatchObject({
      leads: 4,
      notes: 1,
      webhooks: 5,
      spam: 1,
      bookingsDeleted: 1,
      bookingsKept: 1,
      suppressed: 1,
      wiped: true,
    });

    if (dialect === "sqlite") {
      const file = path.join(dataDir, "site.db");
      const pageSize = handle.sqlite!.pragma("page_size", { simple: true }) as number;
      // Each page's table (an index's page: its table's).
      const owners = new Map(
        (
          handle
            .sqlite!.prepare("select d.pageno, s.tbl_name as tbl from dbstat d join sqlite_schema s on s.name = d.name")
            .all() as {
            pageno: number;
            tbl: string;
          }[]
        ).map((p) => [p.pageno, p.tbl]),
      );
      const where = occurrences(readFileSync(file)).map(({ needle, at }) => {
        const page = Math.floor(at / pageSize) + 1;
        return { needle, page, owner: owners.get(page) ?? "a free page" };
      });
      // Only in what the law keeps, and the address is still on the suppression list.
      expect(where.filter((w) => !isKept(w.owner, w.needle))).toEqual([]);
      expect(where.map((w) => w.needle)).toContain(subject.email.toLowerCase());
      for (const name of readdirSync(dataDir).filter((n) => n !== "site.db")) {
        expect({ name, found: occurrences(readFileSync(path.join(dataDir, name))) }).toEqual({ name, found: [] });
      }
      return;
    }

    // PostgreSQL: each touched table was vacuumed after the erasure.
    const vacuumsAfter = await vacuumCounts(handle);
    for (const table of touched)
      expect({ table, vacuumed: vacuumsAfter[table]! > vacuumsBefore[table]! }).toEqual({ table, vacuumed: true });
    // No tuple, live or dead, and no B-tree entry holds any of it, but what the law keeps.
    expect((await reachableOnPostgres(handle)).filter((f) => !isKept(f.owner, f.needle))).toEqual([]);
  });
});

/** How many times each touched table was vacuumed by hand (not by autovacuum). */
async function vacuumCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const { rows } = await sql<{ table: string; n: string }>`
    select relname as table, vacuum_count as n from pg_stat_user_tables where schemaname = 'public'`.execute(handle.db);
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.n)]));
}

/** Every needle in a tuple (live or dead) of any table or TOAST table, or in a B-tree index entry, with its table. */
async function reachableOnPostgres(
  handle: DatabaseHandle,
): Promise<{ relation: string; owner: string; needle: string }[]> {
  const relations = await sql<{ relation: string; kind: string; owner: string }>`
    select c.oid::regclass::text as relation, c.relkind as kind, coalesce(t.relname, i.relname, c.relname) as owner
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname in ('public', 'pg_toast')
    left join pg_class t on t.reltoastrelid = c.oid
    left join pg_index x on x.indexrelid = c.oid
    left join pg_class i on i.oid = x.indrelid
    left join pg_am a on a.oid = c.relam
    where (c.relkind in ('r', 't') or (c.relkind = 'i' and a.amname = 'btree'))
      and (n.nspname = 'public' or t.oid is not null or i.oid is not null)`.execute(handle.db);
  const found: { relation: string; owner: string; needle: string }[] = [];
  for (const { relation, kind, owner } of relations.rows) {
    const items =
      kind === "i"
        ? sql<{ data: Buffer }>`select decode(replace(p.data, ' ', ''), 'hex') as data
            from generate_series(1, pg_relation_size(${relation}::regclass) / current_setting('block_size')::int - 1) as b,
            lateral bt_page_items(${relation}, b::int) p`
        : sql<{ data: Buffer }>`select h.t_data as data
            from generate_series(0, pg_relation_size(${relation}::regclass) / current_setting('block_size')::int - 1) as b,
            lateral heap_page_items(get_raw_page(${relation}, b::int)) h where h.t_data is not null`;
    for (const { data } of (await items.execute(handle.db)).rows) {
      for (const { needle } of occurrences(data)) {
        found.push({ relation, owner, needle });
      }
    }
  }
  return found;
}
