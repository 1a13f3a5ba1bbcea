/**
 * Every lead kind in the registry, walked through everything that reads it
 * (docs/decisions/041-a-lead-kind-declares-itself.md): the privacy notice
 * shows its row, the retention rules hold its rules and the job cuts its
 * table, an access request returns its rows without its secrets, erasure
 * deletes them or keeps the address alone as it declares, and the inbox's
 * export, the digest, the webhook message and the lead's page name it. A
 * new kind needs a sample below (a type error until it has one) and then
 * fails here for whatever of these does not know it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import { collectDigest } from "~/inbox/digest.server.ts";
import { leadRows } from "~/inbox/export.server.ts";
import { noFilters } from "~/inbox/filters.ts";
import { findLead } from "~/inbox/lead.server.ts";
import { allLeadKinds, leadKinds } from "~/leads/kinds/index.server.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { expectNoticeAndRules, expectSecretsDeclared } from "./kept-kinds.ts";
import { testKeys, testMail } from "./fixtures.ts";

/** A valid submission of each kind (a new kind is a type error here until it has one). */
const samples: { [K in FormKind]: (email: string) => FormInput<K> } = {
  contact: (email) => ({
    name: "Kim Kind",
    email,
    phone: "020 7946 0000",
    company: "Kinds Ltd",
    jobTitle: "",
    serviceInterest: "strategy",
    message: "Please call me.",
    preferredContact: "email",
  }),
  guideRequest: (email) => ({
    first_name: "Kim",
    last_name: "Kind",
    email,
    company: "Kinds Ltd",
    guide_name: "sustainable-business-practices",
  }),
  resourceDownload: (email) => ({ email, resourceId: "finance-toolkit" }),
  newsletter: (email) => ({ email }),
  webinarRegistration: (email) => ({
    webinarId: "scope-3-supplier-data",
    name: "Kim Kind",
    email,
    company: "Kinds Ltd",
  }),
};

/** A Tuesday, working hours; the digest of the next morning counts what came in on it. */
const now = new Date("2026-11-24T10:00:00.000Z");
const nextDigest = new Date("2026-11-25T08:30:00.000Z");
const meta = { sourcePage: "/kinds", isTest: false };

describe.each(dialects)("every lead kind, on %s", (dialect) => {
  let t: TestDatabase;
  const db = () => t.handle.db;
  const submit = <K extends FormKind>(kind: K, email: string, at = now) =>
    createLeadService({ keys: testKeys, db: db(), mail: testMail, clock: () => at }).submit(
      kind,
      samples[kind](email),
      meta,
    );
  const rowsOf = (table: (typeof allLeadKinds)[number]["table"], email: string) =>
    db().selectFrom(table).selectAll().where("email", "=", email).execute() as Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    await createEndpoint(
      db(),
      { url: "https://crm.example.com/in", description: "CRM", events: ["lead.created"] },
      now,
    );
  });
  afterAll(() => t.dispose());

  it.each(allLeadKinds.map((kind) => [kind.kind, kind] as const))("%s", async (name, kind) => {
    expectNoticeAndRules(kind);

    // Submitted: the inbox's export, the digest and the webhook message name it.
    const email = `${name.toLowerCase()}@kinds.example`;
    const { id } = await submit(kind.kind, email);
    const exported = [];
    for await (const rows of leadRows(db(), noFilters, "nobody")) exported.push(...rows);
    expect(exported.find((row) => row.at(-1) === id)?.[1]).toBe(kind.label);
    const digest = await collectDigest(db(), nextDigest, nextDigest, testMail);
    expect(digest.received).toContainEqual({ kind: kind.kind, label: kind.label, count: 1 });
    const message = await db().selectFrom("webhook_events").select("payload").where("email", "=", email).execute();
    expect(message.map((m) => (JSON.parse(m.payload) as { data: { kind: string } }).data.kind)).toEqual([kind.kind]);

    // Its secrets: every token or secret column of its table is declared, and no one is shown or handed it.
    const [stored] = await rowsOf(kind.table, email);
    expectSecretsDeclared(kind, stored!);
    const shown = await findLead(db(), id);
    expect(shown?.kindLabel).toBe(kind.label);
    const labels = shown!.fields.map(([label]) => label.toLowerCase().replace(/ /g, "_"));
    for (const secret of kind.secretColumns) expect(labels).not.toContain(secret);

    // An access request returns its rows, without the secrets.
    const holdings = await findEverything(db(), email.toUpperCase());
    expect(holdings.leads.map((group) => [group.kind, group.table, group.rows.length])).toEqual([
      [kind.label, kind.table, 1],
    ]);
    const handed = holdings.leads[0]!.rows[0]!;
    expect(handed.id).toBe(id);
    for (const secret of kind.secretColumns) expect(handed).not.toHaveProperty(secret);

    // Erasure deletes its rows, or keeps the address alone as it declares.
    const erased = await erase(db(), email, now);
    const left = await rowsOf(kind.table, email);
    if (kind.erasure === "delete") {
      expect([erased.leads, erased.suppressed, left.length]).toEqual([1, 0, 0]);
    } else {
      expect([erased.leads, erased.suppressed, left.length]).toEqual([0, 1, 1]);
      expect(left[0]).toMatchObject({ email, consent_text: "", source_page: "" });
    }
    expect(await db().selectFrom("leads").select("id").where("id", "=", id).execute()).toEqual([]);

    // The retention job applies its rules: a lead made long before every period's cutoff is gone.
    const old = `old-${email}`;
    await submit(kind.kind, old, new Date("2026-11-23T10:00:00.000Z"));
    const counts = await applyRetention({ db: db() }, new Date("2046-11-24T10:00:00.000Z"));
    for (const rule of kind.retention) expect(counts).toHaveProperty(rule.rule);
    expect(await rowsOf(kind.table, old)).toEqual([]);
    expect(leadKinds[kind.kind]).toBe(kind);
  });
});
