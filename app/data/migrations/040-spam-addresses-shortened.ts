/** Migration 040, shipped: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** An IPv4 client key as the spam folder kept it whole, before this migration. */
const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/;

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The spam folder kept an IPv4 visitor's whole address, where the privacy
    // notice says a shortened form: from now on it keeps the /24 network (an
    // IPv6 /64 as before), and the refusals already kept are shortened so.
    // The folder holds at most 10,000 rows; a key is read once however many
    // rows share it.
    const { rows } = await sql<{ client_key: string }>`select distinct client_key from spam_submissions`.execute(db);
    for (const { client_key: whole } of rows) {
      const four = ipv4.exec(whole);
      if (!four) continue;
      const shortened = `${four[1]}.${four[2]}.${four[3]}.0/24`;
      await sql`update spam_submissions set client_key = ${shortened} where client_key = ${whole}`.execute(db);
    }
  },
};
