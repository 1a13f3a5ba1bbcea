/**
 * Migration 041 on both databases: the guide and newsletter links' tokens,
 * kept whole before it, are kept as their SHA-256 after it, and every link
 * already sent still works (and the stored value no longer opens anything).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { migrations } from "~/data/migrations/index.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { dialects, openEmptyDatabase } from "./databases.ts";
import { newsletterTokensOf, testKeys, testMail } from "./fixtures.ts";

const at = "2026-12-01T09:00:00.000Z";
const tokens = {
  guide: "guideTOKEN_0123456789abcdefghij",
  resource: "resourceTOKEN_0123456789abcdefg",
  confirm: "confirmTOKEN_0123456789abcdefgh",
  unsubscribe: "unsubscribeTOKEN_0123456789abcd",
  confirmedUnsubscribe: "confirmedUNSUBSCRIBE_0123456789",
};

describe.each(dialects)("migration 041 on %s", (dialect) => {
  it("keeps the links' tokens as hashes, and the links already sent keep working", async () => {
    const { db, dispose } = await openEmptyDatabase(dialect);
    try {
      const names = Object.keys(migrations);
      const at041 = names.indexOf("2026-12-03-041-link-tokens-hashed");
      expect(at041).toBeGreaterThan(0);
      for (const name of names.slice(0, at041)) await migrations[name]!.up(db);
      // As the tables held them before: each token whole.
      const raw = db as unknown as Db;
      await sql`insert into guide_requests (id, created_at, consent_text, source_page, is_test, first_name, last_name, email, company, guide_name, download_token)
        values ('g1', ${at}, 'Consent', '/', 0, 'Ann', 'Lee', 'ann@example.test', 'Acme', 'sustainable-business-practices', ${tokens.guide})`.execute(
        raw,
      );
      await sql`insert into resource_downloads (id, created_at, consent_text, source_page, is_test, email, resource_id, download_token)
        values ('r1', ${at}, 'Consent', '/', 0, 'ann@example.test', 'finance-toolkit', ${tokens.resource})`.execute(
        raw,
      );
      await sql`insert into newsletter_subscriptions (id, created_at, consent_text, source_page, is_test, email, status, confirm_token, unsubscribe_token, updated_at, confirmed_at, unsubscribed_at)
        values ('n1', ${at}, 'Consent', '/', 0, 'news@example.test', 'pending', ${tokens.confirm}, ${tokens.unsubscribe}, ${at}, null, null),
               ('n2', ${at}, 'Consent', '/', 0, 'old@example.test', 'confirmed', 'confirmedCONFIRM_0123456789abcd', ${tokens.confirmedUnsubscribe}, ${at}, ${at}, null)`.execute(
        raw,
      );

      for (const name of names.slice(at041)) await migrations[name]!.up(db);

      const stored = JSON.stringify([
        await raw.selectFrom("guide_requests").selectAll().execute(),
        await raw.selectFrom("resource_downloads").selectAll().execute(),
        await raw.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ]);
      for (const token of Object.values(tokens)) expect(stored).not.toContain(token);
      const row = await raw.selectFrom("guide_requests").select("download_token_hash").executeTakeFirstOrThrow();
      expect(row.download_token_hash).toMatch(/^[0-9a-f]{64}$/);

      const service = createLeadService({ db: raw, mail: testMail, keys: testKeys, clock: () => new Date(at) });
      expect(await service.findDownload(tokens.guide)).toBe("sustainability-guide");
      expect(await service.findDownload(tokens.resource)).toBe("finance-toolkit");
      expect(await service.findDownload(row.download_token_hash)).toBeNull();
      // A subscriber's unsubscribe link, from their welcome e-mail, still works.
      expect(await service.unsubscribeNewsletter(tokens.confirmedUnsubscribe)).toBe("unsubscribed");
      // A sign-up waiting for its confirmation: the link confirms it, and the welcome e-mail's unsubscribe link works.
      expect(await service.confirmNewsletter(tokens.confirm)).toBe("confirmed");
      const welcome = await newsletterTokensOf(raw, "n1");
      expect(await service.unsubscribeNewsletter(welcome.unsubscribe)).toBe("unsubscribed");
    } finally {
      await dispose();
    }
  });
});
