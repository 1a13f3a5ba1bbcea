/**
 * The inbox on both databases: every kind listed in the lead's own
 * transaction (through the lead service), filters, full-text search,
 * keyset pages, the deadline order, test submissions apart, and a lead's
 * listing gone when retention deletes the lead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactInput } from "~/leads/kinds/contact.ts";
import { noFilters, type InboxFilters } from "~/inbox/filters.ts";
import { inboxPageSize, listLeads } from "~/inbox/query.server.ts";
import { addLeadNote, testKeys, testMail } from "./fixtures.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";

const mail = testMail;
const meta = { sourcePage: "/contact", isTest: false };
const enquiry = (n: number, extra: Partial<ContactInput> = {}): ContactInput => ({
  name: `Person ${n}`,
  email: `person${n}@example.test`,
  phone: "020 7946 0000",
  company: `Company ${n}`,
  jobTitle: "CFO",
  serviceInterest: "strategy",
  message: `Enquiry number ${n} about a programme.`,
  preferredContact: "email",
  ...extra,
});

describe.each(dialects)("the inbox on %s", (dialect) => {
  let t: TestDatabase;
  let now = new Date("2026-11-23T09:00:00.000Z");
  const list = (filters: Partial<InboxFilters> = {}, after: string | null = null) =>
    listLeads(t.handle.db, { ...noFilters, ...filters }, "viewer", after);
  const service = () => createLeadService({ keys: testKeys, db: t.handle.db, mail, clock: () => now });

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    const s = service();
    // 120 enquiries a minute apart (Monday 23 November 2026 from 09:00 London), then one of each other kind.
    for (let n = 0; n < 120; n++) {
      now = new Date(Date.parse("2026-11-23T09:00:00.000Z") + n * 60_000);
      await s.submit(
        "contact",
        enquiry(
          n,
          n === 7 ? { name: "Zoë Brontë", company: "Acmé Widgets", message: "Risk training for our board" } : {},
        ),
        meta,
      );
    }
    now = new Date("2026-11-24T10:00:00.000Z");
    await s.submit(
      "guideRequest",
      {
        first_name: "Jo",
        last_name: "Bloggs",
        email: "Jo@Example.test",
        company: "Globex",
        guide_name: "sustainable-business-practices",
      },
      { sourcePage: "/get-guide", isTest: false },
    );
    await s.submit(
      "resourceDownload",
      { email: "res@example.test", resourceId: "finance-toolkit" },
      { sourcePage: "/", isTest: false },
    );
    await s.submit("newsletter", { email: "news@example.test" }, { sourcePage: "/", isTest: false });
    await s.submit(
      "webinarRegistration",
      { webinarId: "scope-3-supplier-data", name: "Sam Patel", email: "sam@example.test", company: "Initech" },
      { sourcePage: "/resources", isTest: false },
    );
    await s.submit("contact", enquiry(999, { name: "Test Person" }), { sourcePage: "/test-forms", isTest: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("lists every kind, newest first, 50 to a page, with a cursor to the next page", async () => {
    const first = await list();
    expect(first.rows).toHaveLength(inboxPageSize);
    expect(
      first.rows
        .slice(0, 4)
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["guideRequest", "newsletter", "resourceDownload", "webinarRegistration"]);
    const guide = first.rows.find((r) => r.kind === "guideRequest")!;
    expect(guide).toMatchObject({
      name: "Jo Bloggs",
      email: "jo@example.test",
      company: "Globex",
      subject: "sustainable-business-practices",
      pillar: "sustainability",
      status: "new",
      sourcePage: "/get-guide",
      deadlineAt: null,
    });
    const seen = [...first.rows];
    let next = first.next;
    while (next) {
      const page = await list({}, next);
      seen.push(...page.rows);
      next = page.next;
    }
    expect(seen).toHaveLength(124);
    expect(new Set(seen.map((r) => r.id)).size).toBe(124);
    const times = seen.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen.some((r) => r.name === "Test Person")).toBe(false);
  });

  it("keeps test submissions apart", async () => {
    const { rows } = await list({ test: true });
    expect(rows.map((r) => r.name)).toEqual(["Test Person"]);
  });

  it("filters by kind, status, owner, pillar and London dates", async () => {
    expect((await list({ kind: "webinarRegistration" })).rows.map((r) => r.name)).toEqual(["Sam Patel"]);
    expect((await list({ kind: "contact", status: "won" })).rows).toEqual([]);
    const sustainability = (await list({ pillar: "sustainability" })).rows;
    expect(sustainability.map((r) => r.kind)).toContain("guideRequest");
    expect(sustainability.every((r) => r.pillar === "sustainability")).toBe(true);
    expect((await list({ pillar: "strategy" })).rows.every((r) => r.kind === "contact")).toBe(true);
    expect((await list({ owner: "none", kind: "newsletter" })).rows).toHaveLength(1);
    expect((await list({ owner: "me" })).rows).toEqual([]);
    // 24 November in London: the four leads of that morning.
    expect((await list({ from: "2026-11-24", to: "2026-11-24" })).rows).toHaveLength(4);
    expect((await list({ to: "2026-11-23", kind: "contact" })).next).not.toBeNull();
  });

  it("searches names, addresses, companies and messages by the start of words, accents or not", async () => {
    const names = async (q: string) => (await list({ q })).rows.map((r) => r.name);
    expect(await names("zoe")).toEqual(["Zoë Brontë"]);
    expect(await names("Zoë bront")).toEqual(["Zoë Brontë"]);
    expect(await names("acme")).toEqual(["Zoë Brontë"]);
    expect(await names("board")).toEqual(["Zoë Brontë"]);
    // Each word matches the start of a word: person7 is also person70 to person79.
    expect(await names("person7@example.test")).toHaveLength(11);
    expect(await names("person7@example.test")).toContain("Zoë Brontë");
    expect(await names("globex")).toEqual(["Jo Bloggs"]);
    expect(await names("nobody-like-this")).toEqual([]);
    // Operators of either search syntax are only separators.
    expect(await names('zoe" OR * -x')).toEqual([]);
    expect(await names("zoe AND")).toEqual([]);
    // A search that matches every enquiry still pages by the keyset.
    const broad = await list({ q: "enquiry" });
    expect(broad.rows).toHaveLength(inboxPageSize);
    const more = await list({ q: "enquiry" }, broad.next);
    expect(more.rows).toHaveLength(inboxPageSize);
    const both = [...broad.rows, ...more.rows];
    expect(new Set(both.map((r) => r.id)).size).toBe(2 * inboxPageSize);
    const times = both.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // With the other filters too.
    expect((await list({ q: "enquiry", kind: "newsletter" })).rows).toEqual([]);
    expect((await list({ q: "programme", status: "new", owner: "none" })).rows).toHaveLength(inboxPageSize);
  });

  it("orders open enquiries by their deadline, 24 business hours after receipt", async () => {
    const first = await list({ sort: "deadline" });
    expect(first.rows.every((r) => r.kind === "contact")).toBe(true);
    // Received Monday 09:00 London: 8.5 business hours a day, so 24 of them end Wednesday at 16:00.
    expect(first.rows[0]).toMatchObject({ name: "Person 0", deadlineAt: "2026-11-25T16:00:00.000Z" });
    const deadlines = first.rows.map((r) => r.deadlineAt!);
    expect([...deadlines].sort()).toEqual(deadlines);
    const second = await list({ sort: "deadline" }, first.next);
    expect(second.rows[0]!.deadlineAt! >= deadlines.at(-1)!).toBe(true);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(100);
  });

  it("a lead deleted by retention leaves the inbox with its notes", async () => {
    const { rows } = await list({ q: "person0" });
    const id = rows[0]!.id;
    await addLeadNote(t.handle.db, { id: "ev-1", leadId: id, at: now, body: "Called" });
    // 24 months after the first enquiries, before the later ones' turn.
    await applyRetention({ db: t.handle.db }, new Date("2028-11-23T09:00:30.000Z"));
    expect((await list({ q: "person0" })).rows).toEqual([]);
    expect(await t.handle.db.selectFrom("lead_events").selectAll().where("lead_id", "=", id).execute()).toEqual([]);
    expect((await list({ q: "person1" })).rows.length).toBeGreaterThan(0);
  });
});
