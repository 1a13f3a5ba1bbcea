/** Migration 009, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A set-up link can also set up an existing account's sign-in again
    // (a lost phone): the account it is for, null for a new account.
    await db.schema.alterTable("staff_invitations").addColumn("user_id", "text").execute();
  },
};
