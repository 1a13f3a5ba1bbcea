/**
 * Versioned migrations, run at start-up in this order (Kysely's Migrator
 * records what ran in kysely_migration, by these names). The same
 * migrations serve SQLite and PostgreSQL: only portable types (text,
 * integer) and plain indexes. One file a migration, each frozen
 * (docs/decisions/070-frozen-migrations-and-split-modules.md): never edit
 * one that has shipped, add the next. A migration imports only from this
 * folder (and kysely): a value or rule it used is copied here as it was
 * when it shipped (./helpers), so a change to the app never changes what an
 * old migration writes (.dependency-cruiser.js: migrations-are-frozen).
 * Frozen is proved, not promised: tests/data/migration-sql.test.ts runs
 * them all on a fresh SQLite and PostgreSQL database and compares every
 * statement they send (SQL and parameters) with the committed snapshot
 * (tests/data/__snapshots__/migrations/): a rewrite of a shipped migration
 * may change how it reads, never a byte of what it sends.
 */
import type { Migration } from "kysely/migration";
import { migration as m001 } from "./001-leads-and-outbox.ts";
import { migration as m002 } from "./002-bookings.ts";
import { migration as m003 } from "./003-outbox-lease-owners.ts";
import { migration as m004 } from "./004-production.ts";
import { migration as m005 } from "./005-staff.ts";
import { migration as m006 } from "./006-lead-index.ts";
import { migration as m007 } from "./007-spam-folder.ts";
import { migration as m008 } from "./008-passkeys.ts";
import { migration as m009 } from "./009-sign-in-reset.ts";
import { migration as m010 } from "./010-webinar-reminders.ts";
import { migration as m011 } from "./011-outbox-attachments.ts";
import { migration as m012 } from "./012-outbox-not-after.ts";
import { migration as m013 } from "./013-webhooks.ts";
import { migration as m014 } from "./014-attribution-and-page-views.ts";
import { migration as m015 } from "./015-sealed-outbox-credentials.ts";
import { migration as m016 } from "./016-session-proof.ts";
import { migration as m017 } from "./017-search-index-secure-delete.ts";
import { migration as m018 } from "./018-staff-permissions.ts";
import { migration as m019 } from "./019-site-content.ts";
import { migration as m020 } from "./020-content-redirects.ts";
import { migration as m021 } from "./021-media.ts";
import { migration as m022 } from "./022-guide-files.ts";
import { migration as m023 } from "./023-content-rich-text.ts";
import { migration as m024 } from "./024-course-places-and-invoice-numbers.ts";
import { migration as m025 } from "./025-course-bookings.ts";
import { migration as m026 } from "./026-course-booking-links.ts";
import { migration as m027 } from "./027-course-bookings-in-the-inbox.ts";
import { migration as m031 } from "./031-credentials-out-of-records.ts";
import { migration as m032 } from "./032-business-settings.ts";
import { migration as m033 } from "./033-payment-secrets-out-of-records.ts";
import { migration as m034 } from "./034-orders.ts";
import { migration as m035 } from "./035-booking-terms-rules.ts";
import { migration as m036 } from "./036-calendar-invitations.ts";
import { migration as m037 } from "./037-joining-instructions.ts";
import { migration as m038 } from "./038-waiting-lists.ts";
import { migration as m039 } from "./039-paid-carried-to-a-new-invoice.ts";
import { migration as m040 } from "./040-spam-addresses-shortened.ts";
import { migration as m041 } from "./041-link-tokens-hashed.ts";
import { migration as m042 } from "./042-cancelled-sessions-closed.ts";
import { migration as m043 } from "./043-rescheduled-bookings.ts";

export const migrations: Record<string, Migration> = {
  "2026-11-21-001-leads-and-outbox": m001,
  "2026-11-21-002-bookings": m002,
  "2026-11-23-003-outbox-lease-owners": m003,
  "2026-11-23-004-production": m004,
  "2026-11-24-005-staff": m005,
  "2026-11-24-006-lead-index": m006,
  "2026-11-24-007-spam-folder": m007,
  "2026-11-24-008-passkeys": m008,
  "2026-11-24-009-sign-in-reset": m009,
  "2026-11-24-010-webinar-reminders": m010,
  "2026-11-24-011-outbox-attachments": m011,
  "2026-11-24-012-outbox-not-after": m012,
  "2026-11-24-013-webhooks": m013,
  "2026-11-24-014-attribution-and-page-views": m014,
  "2026-11-25-015-sealed-outbox-credentials": m015,
  "2026-11-25-016-session-proof": m016,
  "2026-11-25-017-search-index-secure-delete": m017,
  "2026-11-25-018-staff-permissions": m018,
  "2026-11-25-019-site-content": m019,
  "2026-11-25-020-content-redirects": m020,
  "2026-11-25-021-media": m021,
  "2026-11-25-022-guide-files": m022,
  "2026-11-25-023-content-rich-text": m023,
  "2026-11-27-024-course-places-and-invoice-numbers": m024,
  "2026-11-27-025-course-bookings": m025,
  "2026-11-27-026-course-booking-links": m026,
  "2026-11-27-027-course-bookings-in-the-inbox": m027,
  "2026-11-28-031-credentials-out-of-records": m031,
  "2026-11-29-032-business-settings": m032,
  "2026-11-29-033-payment-secrets-out-of-records": m033,
  "2026-11-29-034-orders": m034,
  "2026-11-29-035-booking-terms-rules": m035,
  "2026-11-29-036-calendar-invitations": m036,
  "2026-11-30-037-joining-instructions": m037,
  "2026-11-30-038-waiting-lists": m038,
  "2026-11-30-039-paid-carried-to-a-new-invoice": m039,
  "2026-12-03-040-spam-addresses-shortened": m040,
  "2026-12-03-041-link-tokens-hashed": m041,
  "2026-12-03-042-cancelled-sessions-closed": m042,
  "2026-12-03-043-rescheduled-bookings": m043,
};
