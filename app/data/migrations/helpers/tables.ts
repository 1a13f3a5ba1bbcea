/**
 * Tables, columns and indexes as the migrations declare them: a column as
 * SQL reads it (`email: "text not null unique"`), turned into the Kysely
 * schema-builder calls the migrations made one by one before (so what they
 * send is the same to the byte: tests/data/migration-sql.test.ts; Kysely
 * writes a column's modifiers in its own order, "default 0 not null"). Frozen
 * with the migrations (./index.ts): a later migration that needs a type or
 * modifier not listed here adds it, and changes none of those listed.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";

type ColumnType = "text" | "integer" | "bigint" | "blob" | "bytea";

/** What the migrations say of a column, each as Kysely's builder says it. */
const modifiers = {
  "": (c) => c,
  " primary key": (c) => c.primaryKey(),
  " unique": (c) => c.unique(),
  " not null": (c) => c.notNull(),
  " not null unique": (c) => c.notNull().unique(),
  " not null default 0": (c) => c.notNull().defaultTo(0),
} satisfies Record<string, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder>;

/** A column's type and modifiers: "text", "integer not null default 0", "text primary key". */
export type Column = `${ColumnType}${keyof typeof modifiers}`;

/** Columns by name, in the table's order. */
export type Columns = Record<string, Column>;

type Table = CreateTableBuilder<string, string>;

/** A column's type, and the builder callback of its modifiers. */
function parse(column: Column): [ColumnType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  const [, type, rest] = /^(\w+)(.*)$/.exec(column)!;
  return [type as ColumnType, modifiers[rest as keyof typeof modifiers]];
}

/** Creates table `name` with `columns`; `constraints` adds its table constraints (a composite key, a check). */
export async function createTable(
  db: Kysely<unknown>,
  name: string,
  columns: Columns,
  constraints: (table: Table) => Table = (table) => table,
): Promise<void> {
  let table = db.schema.createTable(name) as Table;
  for (const [column, definition] of Object.entries(columns)) table = table.addColumn(column, ...parse(definition));
  await constraints(table).execute();
}

/** Adds `columns` to table `name`, one statement each (SQLite's `alter table` adds one). */
export async function addColumns(db: Kysely<unknown>, name: string, columns: Columns): Promise<void> {
  for (const [column, definition] of Object.entries(columns)) {
    await db.schema
      .alterTable(name)
      .addColumn(column, ...parse(definition))
      .execute();
  }
}

/** Creates `table`'s `indexes` in order, each as SQL lists its columns: `{ leads_status: "status, updated_at" }`. */
export async function createIndexes(
  db: Kysely<unknown>,
  table: string,
  indexes: Record<string, string>,
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(columns.split(",").map((column) => column.trim()))
      .execute();
  }
}
