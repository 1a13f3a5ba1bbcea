/**
 * On PostgreSQL the migrator looks for its tables in the connection's own
 * schema only (app/data/current-schema-dialect.server.ts): another schema
 * of the database, which may be dropped while the look-up runs, is never
 * read, so a neighbour's DROP SCHEMA cannot fail a start-up.
 */
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "~/data/db.server.ts";
import { postgresAdmin } from "./databases.ts";
import { useTestDatabase } from "./fixtures.ts";

describe("the PostgreSQL introspector", () => {
  const t = useTestDatabase("postgres");
  const neighbour = `n_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  afterAll(() => postgresAdmin(`DROP SCHEMA IF EXISTS ${neighbour} CASCADE`));

  it("reads the tables of the connection's schema, and no other schema's", async () => {
    await postgresAdmin(
      `CREATE SCHEMA ${neighbour}; CREATE TABLE ${neighbour}.outbox (id serial primary key, note text)`,
    );
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.handle.db);
    const own = rows[0]!.schema;

    const tables = await t.handle.db.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
    expect(tables.map((table) => table.name)).toContain("outbox");
    expect(tables.map((table) => table.name)).not.toContain("kysely_migration");
    const outbox = tables.find((table) => table.name === "outbox")!;
    expect(outbox.columns.find((column) => column.name === "id")).toMatchObject({ isNullable: false });

    const withKysely = await t.handle.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((table) => table.name)).toEqual(
      expect.arrayContaining(["kysely_migration", "kysely_migration_lock"]),
    );
    expect(new Set(withKysely.map((table) => table.schema))).toEqual(new Set([own]));
  });

  it("migrates again (nothing to do) while neighbouring schemas come and go", async () => {
    const churn = (async () => {
      for (let i = 0; i < 5; i++) {
        await postgresAdmin(
          `CREATE SCHEMA ${neighbour}_${i}; CREATE TABLE ${neighbour}_${i}.t (id serial primary key)`,
        );
        await postgresAdmin(`DROP SCHEMA ${neighbour}_${i} CASCADE`);
      }
    })();
    for (let i = 0; i < 5; i++) await migrate(t.handle);
    await churn;
  });
});
