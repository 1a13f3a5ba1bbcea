/** Migration 008, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Passkeys (WebAuthn), the better second factor (app/staff/passkeys.server.ts):
    // each account's public-key credentials, and the one open challenge of a
    // session (a passkey's answer is checked against it once, then it is gone).
    await createTable(db, "staff_passkeys", {
      id: "text primary key",
      user_id: "text not null",
      name: "text not null",
      public_key: "text not null",
      counter: "bigint not null",
      transports: "text not null",
      backed_up: "integer not null",
      created_at: "text not null",
      last_used_at: "text",
    });
    await createIndexes(db, "staff_passkeys", { staff_passkeys_user: "user_id" });
    await addColumns(db, "staff_sessions", { challenge: "text", challenge_expires_at: "text" });
  },
};
