/**
 * Which database a Kysely instance (or transaction) talks to, for the few
 * queries that differ: row locks, SKIP LOCKED claims, full-text search,
 * migrations.
 */
import { PostgresAdapter } from "kysely";

export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
