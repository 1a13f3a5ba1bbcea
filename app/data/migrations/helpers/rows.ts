/**
 * Reading and writing rows of any table, for the migrations that move data
 * (006, 023, 027, 031). Frozen with the migrations (./index.ts).
 */
import type { Kysely } from "kysely";
import { searchText } from "./search-text.ts";

/** A row of any table, as a migration reads and writes it. */
export type Row = Record<string, string | number | null>;

/** A column's value as read (undefined: not selected). */
type Value = Row[string] | undefined;

/** A database of any tables of such rows. */
export const anyTables = (db: Kysely<unknown>) => db as Kysely<Record<string, Row>>;

/**
 * Every row of `table` in the order of its id, 500 at a time: the columns
 * named (and the id), or all of them; with `unerased`, only the rows
 * whose `erased_at` is null.
 */
export async function forEachBatch(
  db: Kysely<unknown>,
  table: string,
  { columns, unerased = false }: { columns?: readonly string[]; unerased?: boolean },
  each: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const from = anyTables(db).selectFrom(table);
  const query = (columns ? from.select(["id", ...columns]) : from.selectAll()) as ReturnType<typeof from.selectAll>;
  let after = "";
  for (;;) {
    const rows = await query
      .where("id", ">", after)
      .$if(unerased, (q) => q.where("erased_at", "is", null))
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    after = String(rows.at(-1)!.id);
    await each(rows);
  }
}

/**
 * A lead stored before the inbox listed its kind, as its inbox row: new,
 * no owner, no deadline, last changed when it was made.
 */
export function listedLead(
  row: Row,
  lead: {
    kind: string;
    sourcePage: Value;
    name: string;
    email: string;
    company: string;
    subject: Value;
    pillar: string | null;
    message: string;
  },
) {
  const { name, email, company } = lead;
  return {
    id: row.id,
    kind: lead.kind,
    created_at: row.created_at,
    is_test: row.is_test,
    source_page: lead.sourcePage,
    name,
    email,
    company,
    subject: lead.subject,
    pillar: lead.pillar,
    status: "new",
    owner_id: null,
    updated_at: row.created_at,
    deadline_at: null,
    search: searchText({ name, email, company, message: lead.message }),
  };
}
