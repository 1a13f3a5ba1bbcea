/**
 * A live online session's joining link changed after the joining
 * instructions went (issue 41, docs/decisions/085-joining-link-updates.md),
 * on both databases, through the course booking service, the joining job
 * and the outbox worker sending to a real SMTP server; the calendar files
 * read with a calendar library (ical.js):
 * - the instructions carry the invitation's update with the link (the next
 *   SEQUENCE);
 * - the link changed: each delegate sent the instructions gets one update
 *   (same UID, SEQUENCE risen, the new link in LOCATION and DESCRIPTION, the
 *   event's URL still the course's page) and an e-mail stating the link,
 *   however many instances ask at once; a delegate not yet sent their
 *   instructions gets nothing;
 * - no copy of either link anywhere in the database, before or after
 *   sending: the invitations keep a keyed fingerprint, the outbox the link
 *   sealed until it sends;
 * - a new secrets key (the old one still in the ring) sends nothing;
 * - the link withdrawn: an update without it; a link set once the course
 *   is over, nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, withCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import type { Db } from "~/data/db.server.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { sendJoiningEmails } from "~/orders/course-booking/joining.server.ts";
import { keyring, newKeyMaterial, seal } from "~/secrets/sealing.server.ts";
import { Mailbox } from "../../harness/mail.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import {
  createCourseSession,
  delegate,
  testBooker,
  testMail,
  createCourseBookingWithLink,
} from "../support/factories.ts";
import { testCourseBookingService, withSmtpSink } from "./fixtures.ts";
import { calendarsQueuedFor, readCalendarFile } from "../support/calendar-invitation.ts";

/** Live online, Monday 10 to Friday 14 May 2027: its instructions go 3 days before, on Friday 7 May. */
const sessionId = "risk-management-2027-05-online";
const coursePage = "https://site.example/courses/risk-management";
const booked = new Date("2027-01-10T10:00:00.000Z");
const instructionsRun = new Date("2027-05-06T23:05:00.000Z");
const oldLink = "https://meet.example/j/11111?pwd=first";
/** Commas and an ampersand: escaped in the calendar file and the HTML, as they must be. */
const newLink = "https://meet.example/j/98765?pwd=a1,b2&lang=en";

const material = newKeyMaterial();
const keys = keyring(material);

/** The release's catalogue, the session's joining link `link` (sealed, as the editor stores it), or none. */
function catalogueWith(link: string | null) {
  const sessions = (releaseContent.sessions as CourseSession[]).map((s) => {
    if (s.id !== sessionId) return s;
    const { joiningLink: _, ...rest } = s;
    return link ? { ...rest, joiningLink: seal(keys, link, "webinar-link") } : rest;
  });
  return buildCatalogue({ ...releaseContent, sessions });
}

/** Every row of every table, as text: what a copy of the database gives away. */
async function everything(db: Db): Promise<string> {
  const tables = await db.introspection.getTables();
  const rows = await Promise.all(
    tables.map(async (t) =>
      JSON.stringify(
        await db
          .selectFrom(t.name as never)
          .selectAll()
          .execute(),
      ),
    ),
  );
  return rows.join("\n");
}

describe.each(dialects)("joining link updates on %s", (dialect) => {
  let t: TestDatabase;
  let now = booked;
  const service = () => testCourseBookingService(t.handle.db, { clock: () => now, keys });

  beforeAll(async () => {
    t = await openTestDatabase(dialect, "joinlink", { businessSettings: true });
    await createCourseSession(t.handle.db, { ...bookable(sessionByKey(sessionId)!), capacity: 30, at: booked });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** An invoice booking of the named places, confirmed by its booker through its link at `at`. */
  async function confirmed(tag: string, emails: string[], at: Date) {
    now = at;
    const placed = await createCourseBookingWithLink(t.handle.db, {
      session: bookable(sessionByKey(sessionId)!),
      booker: testBooker(`booker-${tag}@example.com`),
      places: emails.map((email, i) => ({ ...delegate(i + 1), email })),
      now: at,
    });
    expect(await service().confirmByLink(placed.token)).toMatchObject({ ok: true });
    return placed.id;
  }

  /** The messages to `to` with a calendar part, oldest first: their subject, and the file as stored, read. */
  const calendarsTo = (to: string) => calendarsQueuedFor(t.handle.db, to);

  it("sends each delegate sent their instructions one update with the new link, and none of the links is kept readable", async () => {
    await withSmtpSink(
      { prefix: "joining-link-smtp-", from: "Meridian <bookings@example.test>" },
      async (transport, dir) => {
        const first = catalogueWith(oldLink);
        await withCatalogue(first, async () => {
          await confirmed("a", ["one@example.com", "two@example.com"], booked);
          // Friday 7 May: the instructions, each carrying the invitation's update with the link.
          const { sent } = await sendJoiningEmails(t.handle.db, { now: instructionsRun, mail: testMail, keys });
          expect(sent.map((s) => s.email).sort()).toEqual(["one@example.com", "two@example.com"]);
          // Booked afterwards: not yet sent their instructions (the job's next run would).
          await confirmed("b", ["late@example.com"], new Date("2027-05-07T09:00:00.000Z"));
          expect(await service().sendCalendarUpdates(new Date("2027-05-07T09:30:00.000Z"))).toBe(0);
        });
        const [invited, instructions] = await calendarsTo("one@example.com");
        expect(instructions).toMatchObject({
          subject: expect.stringMatching(/^Joining instructions: /),
          method: "REQUEST",
          uid: invited!.uid,
          sequence: 1,
          location: "withheld-credential-joining-link",
        });

        // The team changes the link; two instances see it at once.
        now = new Date("2027-05-08T10:00:00.000Z");
        const second = catalogueWith(newLink);
        const counts = await withCatalogue(second, () =>
          Promise.all([service().sendCalendarUpdates(now), service().sendCalendarUpdates(now)]),
        );
        expect(counts[0]! + counts[1]!).toBe(2);
        expect(await withCatalogue(second, () => service().sendCalendarUpdates(now))).toBe(0);
        for (const to of ["one@example.com", "two@example.com"]) {
          const calendars = await calendarsTo(to);
          expect(calendars.map((c) => [c.method, c.sequence])).toEqual([
            ["REQUEST", 0],
            ["REQUEST", 1],
            ["REQUEST", 2],
          ]);
          expect(calendars[2]).toMatchObject({
            subject: "New joining link: Enterprise Risk Management, 10–14 May 2027",
            uid: calendars[0]!.uid,
            url: coursePage,
          });
        }
        expect((await calendarsTo("late@example.com")).map((c) => c.sequence)).toEqual([0]);
        const said = await t.handle.db.selectFrom("course_invitations").select(["email", "sequence", "said"]).execute();
        expect(said.map((r) => [r.email, r.sequence]).sort()).toEqual([
          ["late@example.com", 0],
          ["one@example.com", 2],
          ["two@example.com", 2],
        ]);
        expect(JSON.parse(said.find((r) => r.email === "one@example.com")!.said)).toMatchObject({
          joiningLink: expect.stringMatching(new RegExp(`^${keys.current.id}\\.[A-Za-z0-9_-]{43}$`)),
        });
        const readable = (text: string) => [oldLink, newLink, "meet.example"].filter((l) => text.includes(l));
        expect(readable(await everything(t.handle.db))).toEqual([]);

        // Sent through a real SMTP server: the link put in the text, the HTML and the calendar file.
        const worker = new OutboxWorker({
          db: t.handle.db,
          transport,
          maxRetryDelayMs: 60_000,
          clock: () => now,
          keys,
        });
        await worker.sendDue();
        const received = (await new Mailbox(dir).to("one@example.com")).find((m) =>
          m.subject.startsWith("New joining link:"),
        )!;
        expect(received.text).toContain(`Join each day from this link, a few minutes before the start: ${newLink}`);
        expect(received.text).not.toContain(oldLink);
        expect(received.html).toContain(`href="https://meet.example/j/98765?pwd=a1,b2&amp;lang=en"`);
        const file = received.attachments.find((a) => a.mimeType.startsWith("text/calendar"))!;
        expect(readCalendarFile(file.content)).toMatchObject({
          method: "REQUEST",
          uid: instructions!.uid,
          sequence: 2,
          location: newLink,
          description: expect.stringContaining(`join each day from this link, a few minutes before the start`),
          url: coursePage,
        });
        expect(readCalendarFile(file.content).description).toContain(newLink);
        expect(file.content.split(/\r?\n/).filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
        const instructed = (await new Mailbox(dir).to("two@example.com")).find((m) =>
          m.subject.startsWith("Joining instructions:"),
        )!;
        expect(instructed.text).toContain(oldLink);
        // Sent: the sealed links forgotten, nothing readable left.
        expect(readable(await everything(t.handle.db))).toEqual([]);
      },
    );
  });

  it("a new secrets key, the old one still in the ring, sends nothing and keeps the fingerprints under the new key", async () => {
    const rotated = keyring(newKeyMaterial(), [material]);
    const after = testCourseBookingService(t.handle.db, { clock: () => now, keys: rotated });
    expect(await withCatalogue(catalogueWith(newLink), () => after.sendCalendarUpdates(now))).toBe(0);
    const rows = await t.handle.db.selectFrom("course_invitations").select(["email", "sequence", "said"]).execute();
    const one = rows.find((r) => r.email === "one@example.com")!;
    expect(one.sequence).toBe(2);
    expect((JSON.parse(one.said) as { joiningLink: string }).joiningLink.startsWith(`${rotated.current.id}.`)).toBe(
      true,
    );
    expect(await withCatalogue(catalogueWith(newLink), () => after.sendCalendarUpdates(now))).toBe(0);
  });

  it("the link withdrawn: an update without it, and the e-mail says a new one will follow; once the course is over, nothing", async () => {
    now = new Date("2027-05-08T12:00:00.000Z");
    expect(await withCatalogue(catalogueWith(null), () => service().sendCalendarUpdates(now))).toBe(2);
    const last = (await calendarsTo("two@example.com")).at(-1)!;
    expect(last).toMatchObject({
      subject: "Joining link withdrawn: Enterprise Risk Management, 10–14 May 2027",
      method: "REQUEST",
      sequence: 3,
      location: "Live online",
    });
    expect(last.text).toContain("We will e-mail you the new one before the first day.");
    expect((await calendarsTo("late@example.com")).map((c) => c.sequence)).toEqual([0]);
    // Once the course is over (Friday 14 May, 16:30 BST), a link set then sends nothing.
    now = new Date("2027-05-14T15:30:00.000Z");
    expect(await withCatalogue(catalogueWith(newLink), () => service().sendCalendarUpdates(now))).toBe(0);
  });
});
