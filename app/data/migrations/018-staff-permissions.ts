/** Migration 018, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A member's role is now the permissions they hold (`leads`, `site`,
    // `leads,site`; administrators stay `admin`): every member until now
    // worked leads (docs/decisions/044-permissions.md). Open invitations too.
    const staffDb = db as Kysely<Record<string, { role: string }>>;
    for (const table of ["staff_users", "staff_invitations"]) {
      await staffDb.updateTable(table).set({ role: "leads" }).where("role", "=", "staff").execute();
    }
  },
};
