/** Migration 033, shipped 2026-11-29: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A Stripe payment's client secret lets whoever holds it complete or
    // read the payment: it goes to the payer's browser and is never kept
    // (docs/decisions/075-payment-secrets-out-of-records.md). The ones kept
    // until now are removed; the columns stay, always empty, until the
    // release after this one drops them (an instance of the release
    // before, still serving during a rolling restart, writes them).
    const scrub = (table: string) =>
      (db as Kysely<Record<string, { client_secret: string | null }>>)
        .updateTable(table)
        .set({ client_secret: null })
        .where("client_secret", "is not", null)
        .execute();
    await scrub("bookings");
    await scrub("course_bookings");
  },
};
