/** Migration 014, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The visit that brought each lead (app/forms/attribution.ts), and page
    // views counted per page and London day, with no visitor identifier
    // (app/analytics, docs/decisions/031-attribution-and-page-views.md).
    await addColumns(db, "leads", {
      landing_page: "text",
      referrer: "text",
      utm_source: "text",
      utm_medium: "text",
      utm_campaign: "text",
    });
    await createTable(
      db,
      "page_views",
      { day: "text not null", path: "text not null", views: "integer not null" },
      (t) => t.addPrimaryKeyConstraint("page_views_pk", ["day", "path"]),
    );
  },
};
