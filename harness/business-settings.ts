/**
 * The business settings of the tests' sites and databases (issue 39, ADR 066):
 * the release ships none, and no invoice is issued without them, so every
 * site and database a test makes for bookings has them written first,
 * through the same module the back office saves with (never a test branch
 * in the site). Non-sample values, so invoices print as real ones.
 */
import type { Kysely } from "kysely";
import { openDatabase } from "../app/data/db.server.ts";
import type { Database } from "../app/data/schema.ts";
import type { BusinessSettings } from "../app/settings/business-settings.ts";
import { currentBusinessSettings, saveBusinessSettings } from "../app/settings/business-settings.server.ts";

export const testBusinessSettings: BusinessSettings = {
  legalName: "Meridian Executive Training Ltd",
  registeredAddress: ["Meridian House", "12 Finsbury Square", "London EC2A 1AS", "United Kingdom"],
  companyNumber: "15873204",
  vatNumber: "GB 123 4567 82",
  bank: { accountName: "Meridian Executive Training Ltd", sortCode: "20-00-00", accountNumber: "12345678" },
  paymentTermsDays: 30,
  bookingsEmail: "bookings@meridian-executive.co.uk",
};

/** Writes the tests' business settings (as the command line would: no account) unless some are saved already. */
export async function ensureBusinessSettings(db: Kysely<Database>, settings = testBusinessSettings): Promise<void> {
  if (await currentBusinessSettings(db)) return;
  await saveBusinessSettings(db, settings, { by: { id: null, name: "Test set-up" }, now: new Date() });
}

/**
 * ensureBusinessSettings in a running site's database (its DATA_DIR's SQLite,
 * or its DATABASE_URL), opened for it and closed again.
 */
export async function ensureSiteBusinessSettings(site: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<void> {
  const handle = await openDatabase({ dataDir: site.dataDir, databaseUrl: site.databaseUrl });
  try {
    await ensureBusinessSettings(handle.db);
  } finally {
    await handle.close();
  }
}
