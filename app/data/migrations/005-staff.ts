/** Migration 005, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The back office's accounts, invitations, sessions and audit log
    // (docs/decisions/023-staff-accounts.md).
    await db.schema
      .createTable("staff_users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("totp_secret", "text", (c) => c.notNull())
      .addColumn("totp_last_step", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("disabled_at", "text")
      .execute();
    await db.schema
      .createTable("staff_invitations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("totp_secret", "text", (c) => c.notNull())
      .addColumn("invited_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("accepted_at", "text")
      .execute();
    await db.schema.createIndex("staff_invitations_expires").on("staff_invitations").column("expires_at").execute();
    await db.schema
      .createTable("staff_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("stage", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .addColumn("ip", "text", (c) => c.notNull())
      .addColumn("user_agent", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_sessions_user").on("staff_sessions").column("user_id").execute();
    await db.schema.createIndex("staff_sessions_expires").on("staff_sessions").column("expires_at").execute();
    await db.schema
      .createTable("audit_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target", "text")
      .addColumn("ip", "text")
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("audit_events_at").on("audit_events").columns(["at", "id"]).execute();
  },
};
