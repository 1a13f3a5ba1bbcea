/** Migration 014, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The visit that brought each lead (app/forms/attribution.ts), and page
    // views counted per page and London day, with no visitor identifier
    // (app/analytics, docs/decisions/031-attribution-and-page-views.md).
    for (const column of ["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign"]) {
      await db.schema.alterTable("leads").addColumn(column, "text").execute();
    }
    await db.schema
      .createTable("page_views")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
      .execute();
  },
};
