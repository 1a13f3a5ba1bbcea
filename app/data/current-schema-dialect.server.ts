/**
 * PostgreSQL, with the tables looked up in the connection's own schema only.
 *
 * Kysely's migrator asks the dialect's introspector whether its tables exist,
 * and Kysely's PostgreSQL introspector reads every table of every schema in
 * the database, resolving each by name (`pg_get_serial_sequence`). When
 * another schema is dropped while that query runs (another application's,
 * another test run's), the name no longer resolves and the query fails with
 * "schema … does not exist": a start-up could fail for a neighbour's reason.
 * This introspector reads the catalogue of `current_schema()` alone.
 */
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";

/** Kysely's own tables (the migrations and their lock). */
const KYSELY_TABLES = /^kysely_migration(_lock)?$/;

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      table_type: string;
      column: string;
      data_type: string;
      nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`
      select t.table_schema as schema, t.table_name as "table", t.table_type,
             c.column_name as "column", c.udt_name as data_type, c.is_nullable as nullable,
             c.column_default, c.is_identity
      from information_schema.tables t
      join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.test(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === "VIEW",
          isForeign: row.table_type === "FOREIGN",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        isNullable: row.nullable === "YES",
        hasDefaultValue: row.column_default !== null || row.is_identity === "YES",
        isAutoIncrementing: row.is_identity === "YES" || /^nextval\(/.test(row.column_default ?? ""),
      });
    }
    return [...tables.values()];
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
