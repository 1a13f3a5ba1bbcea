/**
 * The team's daily digest on both databases (app/inbox/digest.server.ts):
 * the leads received since the previous working day's 08:30 by kind (test
 * submissions left out), the open enquiries near or past their deadline,
 * and the e-mail, which links each to the back office and names no one.
 */
import { describe, expect, it } from "vitest";
import { collectDigest, digestEmail, digestJob } from "~/inbox/digest.server.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { MailContext } from "~/mail/types.ts";
import { dialects } from "./databases.ts";
import { useTestDatabase } from "./fixtures.ts";

const mail: MailContext = {
  siteUrl: "https://training.example.com",
  teamEmail: "team@example.test",
  calendar: siteCalendar([]),
};

describe.each(dialects)("the daily digest on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;

  const lead = (
    id: string,
    createdAt: string,
    more: Partial<{
      kind: "contact" | "newsletter" | "guideRequest";
      status: "new" | "contacted";
      deadline: string | null;
      test: boolean;
    }> = {},
  ) => ({
    id: `${dialect}-${id}`,
    kind: more.kind ?? ("contact" as const),
    created_at: createdAt,
    updated_at: createdAt,
    name: `Person ${id}`,
    email: `${id}@visitor.example`,
    company: `Company ${id}`,
    subject: more.kind === "contact" || !more.kind ? "strategy" : "",
    pillar: null,
    source_page: "/contact",
    is_test: more.test ? 1 : 0,
    status: more.status ?? ("new" as const),
    owner_id: null,
    deadline_at: more.deadline === undefined ? null : more.deadline,
    search: "",
  });

  it("counts Monday's leads since Friday 08:30 and lists the enquiries due within 4 business hours or overdue", async () => {
    // Monday 18 January 2027, 08:30 (GMT): the digest covers Friday 08:30 to now.
    const slot = new Date("2027-01-18T08:30:00Z");
    await db()
      .insertInto("leads")
      .values([
        lead("before", "2027-01-15T08:29:59Z", { kind: "newsletter" }),
        lead("friday", "2027-01-15T08:30:00Z", { kind: "newsletter" }),
        lead("weekend", "2027-01-16T12:00:00Z", { kind: "guideRequest" }),
        lead("test", "2027-01-16T12:00:00Z", { kind: "guideRequest", test: true }),
        lead("after", "2027-01-18T08:30:00Z", { kind: "guideRequest" }),
        // Enquiries: overdue, due in 3 business hours, due in 5, answered, a test.
        lead("overdue", "2027-01-13T10:00:00Z", { deadline: "2027-01-15T10:00:00Z" }),
        lead("soon", "2027-01-14T11:00:00Z", { deadline: "2027-01-18T12:00:00Z" }),
        lead("later", "2027-01-14T11:00:00Z", { deadline: "2027-01-18T14:00:00Z" }),
        lead("answered", "2027-01-13T10:00:00Z", { deadline: "2027-01-15T10:00:00Z", status: "contacted" }),
        lead("test-due", "2027-01-13T10:00:00Z", { deadline: "2027-01-15T10:00:00Z", test: true }),
      ])
      .execute();

    const digest = await collectDigest(db(), slot, slot, mail);
    expect(digest.from).toBe("2027-01-15T08:30:00.000Z");
    expect(Object.fromEntries(digest.received.map((k) => [k.kind, k.count]))).toMatchObject({
      newsletter: 1,
      guideRequest: 1,
      contact: 0,
    });
    expect(digest.due.map((d) => [d.id, d.due.state])).toEqual([
      [`${dialect}-overdue`, "overdue"],
      [`${dialect}-soon`, "due-soon"],
    ]);
    // 09:00 to 12:00: 3 business hours left (the hour before 09:00 does not count).
    expect(digest.due[1]!.due.hours).toBe(3);

    const email = digestEmail(digest, mail);
    expect(email.to).toBe("team@example.test");
    expect(email.subject).toBe("Daily digest: 2 new leads, 2 enquiries due or overdue");
    expect(email.text).toContain(`https://training.example.com/admin/leads/${dialect}-overdue`);
    expect(email.text).toContain("Contact enquiry: Strategy & Execution");
    expect(email.text).toContain("overdue by");
    expect(email.html).toContain(`href="https://training.example.com/admin/leads/${dialect}-soon"`);
    // Nobody is named: no name, address or company of a lead.
    for (const part of ["Person", "visitor.example", "Company"]) {
      expect(email.text).not.toContain(part);
      expect(email.html).not.toContain(part);
    }
  });

  it("lists at most 100 enquiries, soonest deadline first, and counts the rest", async () => {
    const now = new Date("2027-02-01T08:30:00Z");
    await db()
      .insertInto("leads")
      .values(
        Array.from({ length: 101 }, (_, i) =>
          lead(`many-${String(i).padStart(3, "0")}`, "2027-01-20T10:00:00Z", {
            deadline: `2027-01-22T${String(9 + (i % 8)).padStart(2, "0")}:00:00Z`,
          }),
        ),
      )
      .execute();
    const { n } = await db()
      .selectFrom("leads")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("status", "=", "new")
      .where("is_test", "=", 0)
      .where("deadline_at", "<=", now.toISOString())
      .executeTakeFirstOrThrow();
    const digest = await collectDigest(db(), now, now, mail);
    expect(digest.due).toHaveLength(100);
    expect(digest.due.length + digest.moreDue).toBe(Number(n));
    const deadlines = digest.due.map((d) => d.deadlineAt);
    expect(deadlines).toEqual([...deadlines].sort());
    expect(digestEmail(digest, mail).text).toContain(`And ${digest.moreDue} more, in the inbox.`);
  });

  it("the job queues one digest to the team for its set time", async () => {
    let kicked = 0;
    const job = digestJob({ db: db(), mail, kickOutbox: () => (kicked += 1) });
    expect(job.at!(new Date("2027-01-23T12:00:00Z")).toISOString()).toBe("2027-01-22T08:30:00.000Z");
    const slot = new Date("2027-01-25T08:30:00Z");
    const result = await job.run({ now: slot, slot, signal: new AbortController().signal });
    const queued = await db()
      .selectFrom("outbox")
      .select(["to_address", "subject", "lead_type", "lead_id"])
      .where("lead_type", "=", "digest")
      .execute();
    expect(queued).toEqual([
      {
        to_address: "team@example.test",
        subject: expect.stringMatching(/^Daily digest: \d+ new leads?, \d+ enquir(y|ies) due or overdue$/),
        lead_type: "digest",
        lead_id: "2027-01-25T08:30:00.000Z",
      },
    ]);
    expect(result).toMatchObject({ leads: expect.any(Number), due: expect.any(Number) });
    expect(kicked).toBe(1);
  });
});
