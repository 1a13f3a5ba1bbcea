/** Migration 031, shipped 2026-11-28: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { anyTables, forEachBatch, type Row } from "./helpers/rows.ts";
import { attributionField, attributionWithoutCredentials, withoutCredentials } from "./helpers/credentials.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Tokens stay out of every record (docs/decisions/061): a lead's
    // landing and source pages, the pages payments and spam came from,
    // the paths of refusals in the audit log and the lead.created
    // messages kept for webhooks held a booking, download or set-up link
    // as sent; each is kept as its route's pattern from now on
    // (app/addresses/credential-routes.ts), and so are those kept before.
    // Every row is read (a credential's address may be spelt in any case
    // or encoding), a few hundred at a time; only changed ones are written.
    const scrub = async (table: string, columns: string[], clean: (column: string, value: string) => string) =>
      forEachBatch(db, table, { columns }, async (rows) => {
        for (const row of rows) {
          const changed: Row = {};
          for (const column of columns) {
            const value = row[column];
            if (typeof value !== "string") continue;
            const cleaned = clean(column, value);
            if (cleaned !== value) changed[column] = cleaned;
          }
          if (Object.keys(changed).length > 0) {
            await anyTables(db).updateTable(table).set(changed).where("id", "=", String(row.id)).execute();
          }
        }
      });
    const page = (_: string, value: string) => (value.startsWith("/") ? withoutCredentials(value) : value);
    await scrub("leads", ["landing_page", "source_page"], page);
    for (const table of [
      "contact_enquiries",
      "guide_requests",
      "resource_downloads",
      "newsletter_subscriptions",
      "webinar_registrations",
      "bookings",
      "spam_submissions",
    ]) {
      await scrub(table, ["source_page"], page);
    }
    // A refused post's fields, as posted: the page script's attribution names the landing page.
    await scrub("spam_submissions", ["fields_json"], (_, json) => {
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(json) as Record<string, unknown>;
      } catch {
        return json;
      }
      const raw = fields[attributionField];
      if (typeof raw !== "string") return json;
      const cleaned = attributionWithoutCredentials(raw);
      return cleaned === raw ? json : JSON.stringify({ ...fields, [attributionField]: cleaned });
    });
    await scrub("audit_events", ["target"], (_, target) =>
      target.startsWith("path:") ? `path:${withoutCredentials(target.slice("path:".length))}` : target,
    );
    await scrub("webhook_events", ["payload"], (_, payload) => {
      let value: { data?: { sourcePage?: unknown; attribution?: { landingPage?: unknown } | null } };
      try {
        value = JSON.parse(payload) as typeof value;
      } catch {
        return payload;
      }
      const data = value.data;
      if (!data) return payload;
      const before = JSON.stringify(value);
      if (typeof data.sourcePage === "string") data.sourcePage = page("", data.sourcePage);
      if (data.attribution && typeof data.attribution.landingPage === "string") {
        data.attribution.landingPage = page("", data.attribution.landingPage);
      }
      const after = JSON.stringify(value);
      return after === before ? payload : after;
    });
  },
};
