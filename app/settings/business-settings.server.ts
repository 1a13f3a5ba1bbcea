/**
 * The business settings in the database (docs/decisions/066-business-settings.md):
 * every save a numbered revision (who, when), never changed afterwards; the
 * highest revision is in force. Read fresh on each use (one small row by its
 * key): every instance sees a save at once, with nothing to invalidate.
 *
 * An invoice takes a frozen copy of the revision in force when it is issued
 * (`supplierOf`), so a later save never changes an issued invoice; with no
 * settings saved, no invoice is issued (`BusinessSettingsMissing`).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { VatSupplier } from "~/pdf/vat-invoice.server.ts";
import { registeredIn, type BusinessSettings } from "./business-settings.ts";

type Reader = Kysely<Database> | Transaction<Database>;

export type SettingsRevision = {
  revision: number;
  settings: BusinessSettings;
  savedAt: string;
  savedBy: string | null;
  savedByName: string;
  sample: boolean;
};

type Row = Database["business_settings_revisions"];

const fromRow = (row: Row): SettingsRevision => ({
  revision: row.revision,
  settings: JSON.parse(row.settings) as BusinessSettings,
  savedAt: row.saved_at,
  savedBy: row.saved_by,
  savedByName: row.saved_by_name,
  sample: row.sample === 1,
});

/** The settings in force (the highest revision), or null while none were ever saved. */
export async function currentBusinessSettings(db: Reader): Promise<SettingsRevision | null> {
  const row = await db
    .selectFrom("business_settings_revisions")
    .selectAll()
    .orderBy("revision", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Every revision, newest first (the page lists them). */
export async function listBusinessSettingsRevisions(db: Reader, limit = 50): Promise<SettingsRevision[]> {
  const rows = await db
    .selectFrom("business_settings_revisions")
    .selectAll()
    .orderBy("revision", "desc")
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

/**
 * Saves `settings` as the next revision, by `by` (a staff account, or the
 * command line's / sample data's name): its number. Two saves at once: one
 * takes the next number, the other fails on the primary key and is tried
 * again with the number after (a save is never lost, never overwritten).
 */
export async function saveBusinessSettings(
  db: Kysely<Database>,
  settings: BusinessSettings,
  { by, now, sample = false }: { by: { id: string | null; name: string }; now: Date; sample?: boolean },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom("business_settings_revisions")
          .select((eb) => eb.fn.max("revision").as("n"))
          .executeTakeFirst();
        const revision = Number(last?.n ?? 0) + 1;
        await trx
          .insertInto("business_settings_revisions")
          .values({
            revision,
            settings: JSON.stringify(settings),
            saved_at: now.toISOString(),
            saved_by: by.id,
            saved_by_name: by.name.slice(0, 200),
            sample: sample ? 1 : 0,
          })
          .execute();
        return revision;
      });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** No business settings are saved: no invoice can be issued (the caller refuses, 4xx, taking no number). */
export class BusinessSettingsMissing extends Error {
  constructor() {
    super("No business settings are saved: an invoice cannot be issued until an administrator sets them");
  }
}

/** The supplier an invoice prints: a frozen copy of `current`. */
export function supplierOf(current: SettingsRevision): VatSupplier {
  const s = current.settings;
  return {
    legalName: s.legalName,
    registeredAddress: [...s.registeredAddress],
    companyNumber: s.companyNumber,
    registeredIn: registeredIn(s.companyNumber),
    vatNumber: s.vatNumber,
    bank: { ...s.bank },
    email: s.bookingsEmail,
    settingsRevision: current.revision,
    ...(current.sample ? { sample: true } : {}),
  };
}

/** The settings in force for an invoice issued in `trx`: its supplier and payment terms; throws BusinessSettingsMissing. */
export async function settingsForInvoice(trx: Reader): Promise<{ supplier: VatSupplier; paymentTermsDays: number }> {
  const current = await currentBusinessSettings(trx);
  if (!current) throw new BusinessSettingsMissing();
  return { supplier: supplierOf(current), paymentTermsDays: current.settings.paymentTermsDays };
}

/**
 * Sample values for a demonstration site (never the release's default):
 * obviously fictional, and marked as samples, so every invoice issued with
 * them says it is not a valid VAT invoice.
 */
export const sampleBusinessSettings: BusinessSettings = {
  legalName: "Sample Training Company Ltd",
  registeredAddress: ["1 Sample Street", "London EC1A 1AA", "United Kingdom"],
  companyNumber: "00000000",
  vatNumber: "GB 999 9999 73",
  bank: { accountName: "Sample Training Company Ltd", sortCode: "00-00-00", accountNumber: "00000000" },
  paymentTermsDays: 30,
  bookingsEmail: "bookings@example.com",
};
