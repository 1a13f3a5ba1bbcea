/** Migration 008, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Passkeys (WebAuthn), the better second factor (app/staff/passkeys.server.ts):
    // each account's public-key credentials, and the one open challenge of a
    // session (a passkey's answer is checked against it once, then it is gone).
    await db.schema
      .createTable("staff_passkeys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull())
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("backed_up", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("staff_passkeys_user").on("staff_passkeys").column("user_id").execute();
    await db.schema.alterTable("staff_sessions").addColumn("challenge", "text").execute();
    await db.schema.alterTable("staff_sessions").addColumn("challenge_expires_at", "text").execute();
  },
};
