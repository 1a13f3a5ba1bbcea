/** Migration 005, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The back office's accounts, invitations, sessions and audit log
    // (docs/decisions/023-staff-accounts.md).
    await createTable(db, "staff_users", {
      id: "text primary key",
      email: "text not null unique",
      name: "text not null",
      role: "text not null",
      password_hash: "text not null",
      totp_secret: "text not null",
      totp_last_step: "integer not null default 0",
      created_at: "text not null",
      updated_at: "text not null",
      disabled_at: "text",
    });
    await createTable(db, "staff_invitations", {
      id: "text primary key",
      email: "text not null",
      name: "text not null",
      role: "text not null",
      totp_secret: "text not null",
      invited_by: "text",
      created_at: "text not null",
      expires_at: "text not null",
      accepted_at: "text",
    });
    await createIndexes(db, "staff_invitations", { staff_invitations_expires: "expires_at" });
    await createTable(db, "staff_sessions", {
      id: "text primary key",
      user_id: "text not null",
      stage: "text not null",
      created_at: "text not null",
      last_seen_at: "text not null",
      expires_at: "text not null",
      revoked_at: "text",
      ip: "text not null",
      user_agent: "text not null",
    });
    await createIndexes(db, "staff_sessions", { staff_sessions_user: "user_id", staff_sessions_expires: "expires_at" });
    await createTable(db, "audit_events", {
      id: "text primary key",
      at: "text not null",
      actor_id: "text",
      actor_email: "text",
      action: "text not null",
      target: "text",
      ip: "text",
      detail: "text",
    });
    await createIndexes(db, "audit_events", { audit_events_at: "at, id" });
  },
};
