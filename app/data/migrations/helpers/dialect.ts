/**
 * Which database a migration runs on, for the few statements that differ
 * (full-text search, binary columns, triggers). Frozen with the migrations
 * (./index.ts): a copy of app/data/dialect.ts as it was when they shipped.
 */
import { PostgresAdapter } from "kysely";

export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
