/**
 * After rows were deleted for good (an erasure), and their transaction has
 * committed: leave no copy of them in the database's files that a copy of
 * the files could read back
 * (docs/decisions/034-erasure-leaves-nothing-to-read-back.md).
 *
 * - SQLite: the connection zeroes what it deletes (`secure_delete`,
 *   app/data/db.server.ts) and the inbox's full-text index drops a deleted
 *   lead's words at once (its `secure-delete` option, a migration). What is
 *   left is the WAL, which still holds the pages as they were before the
 *   deletion: a TRUNCATE checkpoint copies the zeroed pages into site.db and
 *   empties the WAL file. It waits for readers up to the busy timeout; when
 *   one still holds an old snapshot the checkpoint is partial and this
 *   answers false (the next erasure, or repeating this one, finishes it).
 * - PostgreSQL: VACUUM of the tables, with index clean-up forced (by default
 *   it skips the indexes when few rows died): no tuple and no index entry
 *   points at the deleted rows any more. It cannot zero bytes: see the ADR
 *   and docs/operations.md ("What an erasure leaves") for what remains where.
 */
import { sql } from "kysely";
import type { Db } from "./db.server.ts";
import { isPostgres } from "./dialect.ts";

/** Returns whether the files hold nothing of the deleted rows (false: a reader kept the SQLite WAL). */
export async function leaveNothingToReadBack(db: Db, tables: readonly string[]): Promise<boolean> {
  if (isPostgres(db)) {
    // Outside any transaction (VACUUM refuses to run in one): one pooled connection, autocommit.
    await sql`vacuum (index_cleanup on) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    return true;
  }
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
  return rows[0]?.busy === 0;
}
