/** The spam folder on both databases: what is kept, the caps, retention, and access and erasure. */
import { describe, expect, it } from "vitest";
import { migrations } from "~/data/migrations/index.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { keepSpam, listSpam, spamCaps, takeSpam } from "~/spam/folder.server.ts";
import { dialects } from "./databases.ts";
import { testKeys, testMail, useTestDatabase } from "./fixtures.ts";

const mail = testMail;

describe.each(dialects)("the spam folder on %s", (dialect) => {
  const now = new Date("2026-11-24T10:00:00.000Z");
  const t = useTestDatabase(dialect);
  const spam = (n: number, clientAddress: string) => ({
    kind: "contact" as const,
    reason: "honeypot" as const,
    fields: { name: `Bot ${n}`, email: `Bot${n}@Example.test`, website: "http://spam.example", nested: { x: 1 } },
    clientAddress,
    sourcePage: "/contact",
  });

  it("keeps what was submitted and why, through the lead service too", async () => {
    const service = createLeadService({ keys: testKeys, db: t.handle.db, mail, clock: () => now });
    expect(await service.keepRefused(spam(1, "203.0.113.1"))).toBe(true);
    const [entry] = await listSpam(t.handle.db);
    expect(entry).toMatchObject({
      kind: "contact",
      reason: "honeypot",
      receivedAt: now.toISOString(),
      sourcePage: "/contact",
      fields: { name: "Bot 1", email: "Bot1@Example.test", website: "http://spam.example" },
    });
    // Only plain values are kept.
    expect(entry!.fields).not.toHaveProperty("nested");
    expect((await takeSpam(t.handle.db, entry!.id))?.id).toBe(entry!.id);
    expect(await takeSpam(t.handle.db, entry!.id)).toBeNull();
  });

  it("keeps the attribution's landing page as its route's pattern, never a booking link (ADR 061)", async () => {
    const token = "Qw3-booking_TOKEN_abcdefghijklmnopqrstuvwxyz01";
    const fields = {
      name: "Bot",
      email: "bot@example.test",
      attribution: JSON.stringify({ l: `/Booking/${token}`, r: null }),
    };
    expect(await keepSpam(t.handle.db, { ...spam(300, "192.0.2.77"), fields }, now)).toBe(true);
    const entry = (await listSpam(t.handle.db)).find(
      (kept) => kept.fields.name === "Bot" && kept.fields.email === "bot@example.test",
    );
    expect(JSON.parse(String(entry!.fields.attribution))).toEqual({ l: "/booking/:token", r: null });
    const rows = await t.handle.db.selectFrom("spam_submissions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    await takeSpam(t.handle.db, entry!.id);
  });

  it("keeps at most 20 a day from one address (an IPv6 /64 is one address), then none", async () => {
    for (let n = 0; n < spamCaps.perAddressPerDay; n++) {
      expect(await keepSpam(t.handle.db, spam(n, `2001:db8:1:2::${n + 1}`), now)).toBe(true);
    }
    expect(await keepSpam(t.handle.db, spam(99, "2001:db8:1:2::ffff"), now)).toBe(false);
    // Another address, or the next day, is kept again.
    expect(await keepSpam(t.handle.db, spam(100, "198.51.100.7"), now)).toBe(true);
    expect(await keepSpam(t.handle.db, spam(101, "2001:db8:1:2::1"), new Date(now.getTime() + 86_400_001))).toBe(true);
  });

  it("keeps an IPv4 address shortened to its /24 network, and counts its cap so; migration 040 shortens those kept whole", async () => {
    const day = new Date(now.getTime() + 7 * 86_400_000);
    expect(await keepSpam(t.handle.db, spam(200, "203.0.113.77"), day)).toBe(true);
    const keys = async () =>
      (
        await t.handle.db
          .selectFrom("spam_submissions")
          .select("client_key")
          .where("received_at", "=", day.toISOString())
          .orderBy("client_key")
          .execute()
      ).map((row) => row.client_key);
    expect(await keys()).toEqual(["203.0.113.0/24"]);
    for (let n = 1; n < spamCaps.perAddressPerDay; n++) {
      expect(await keepSpam(t.handle.db, spam(200 + n, `203.0.113.${n}`), day)).toBe(true);
    }
    // The next address of the same /24 is the same visitor's network: over its cap.
    expect(await keepSpam(t.handle.db, spam(299, "203.0.113.250"), day)).toBe(false);

    // As the folder held them before: the whole address.
    await t.handle.db
      .updateTable("spam_submissions")
      .set({ client_key: "198.51.100.23" })
      .where("received_at", "=", day.toISOString())
      .execute();
    await migrations["2026-12-03-040-spam-addresses-shortened"]!.up(t.handle.db as never);
    await migrations["2026-12-03-040-spam-addresses-shortened"]!.up(t.handle.db as never);
    expect(new Set(await keys())).toEqual(new Set(["198.51.100.0/24"]));
    const all = await t.handle.db.selectFrom("spam_submissions").select("client_key").execute();
    expect(all.filter((row) => /^\d+\.\d+\.\d+\.\d+$/.test(row.client_key))).toEqual([]);
  });

  it("keeps none once the folder holds its total", async () => {
    const existing = Number(
      (
        await t.handle.db
          .selectFrom("spam_submissions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows = Array.from({ length: spamCaps.total - existing }, (_, i) => ({
      id: `filler-${i}`,
      kind: "contact" as const,
      received_at: "2026-11-20T10:00:00.000Z",
      reason: "too-fast" as const,
      fields_json: "{}",
      email: "",
      client_key: `filler-${i}`,
      source_page: "/",
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.handle.db
        .insertInto("spam_submissions")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    expect(await keepSpam(t.handle.db, spam(200, "192.0.2.200"), now)).toBe(false);
  });

  it("is emptied after 30 days, and is part of access and erasure", async () => {
    await applyRetention({ db: t.handle.db }, new Date("2026-12-20T10:00:01.000Z"));
    const left = await listSpam(t.handle.db);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((e) => e.receivedAt >= "2026-11-20T10:00:01.000Z")).toBe(true);
    const held = await findEverything(t.handle.db, "bot100@example.test");
    expect(held.spam).toHaveLength(1);
    const counts = await erase(t.handle.db, "BOT100@example.test", now);
    expect(counts.spam).toBe(1);
    expect((await findEverything(t.handle.db, "bot100@example.test")).spam).toEqual([]);
  });

  it("keeps a refused course booking under the booker's address; access and erasure find it by any address it holds", async () => {
    const later = new Date("2026-11-25T10:00:00.000Z");
    const booking = {
      kind: "course-booking" as const,
      reason: "too-fast" as const,
      fields: {
        bookerName: "Bea Booker",
        bookerEmail: "Bea@Example.test",
        places: "2",
        "delegate-0-name": "Dan Delegate",
        "delegate-0-email": "Dan_D@Example.test",
        "delegate-1-name": "Eve",
        "delegate-1-email": "eve@example.test",
      },
      clientAddress: "192.0.2.77",
      sourcePage: "/courses/c/book/s",
    };
    expect(await keepSpam(t.handle.db, booking, later)).toBe(true);
    // Someone else's, with an address "dan_d" would match were "_" a wildcard.
    const other = {
      ...booking,
      fields: { bookerName: "Olga", bookerEmail: "olga@example.test", "delegate-0-email": "danxd@example.test" },
    };
    expect(await keepSpam(t.handle.db, other, later)).toBe(true);
    const [entry] = (await listSpam(t.handle.db)).filter((e) => e.fields.bookerEmail === "Bea@Example.test");
    expect(entry).toMatchObject({ kind: "course-booking", reason: "too-fast", fields: booking.fields });
    expect((await findEverything(t.handle.db, "bea@example.test")).spam).toHaveLength(1);
    expect((await findEverything(t.handle.db, "dan_d@example.test")).spam).toHaveLength(1);
    // Another address is not found by a like-looking one: "_" is no wildcard, a part is not the whole.
    expect((await findEverything(t.handle.db, "dan_d@example.test")).spam.map((r) => r.email)).toEqual([
      "bea@example.test",
    ]);
    expect((await findEverything(t.handle.db, "ve@example.test")).spam).toEqual([]);
    expect((await erase(t.handle.db, "ve@example.test", later)).spam).toBe(0);
    expect((await erase(t.handle.db, "EVE@example.test", later)).spam).toBe(1);
    expect(
      (await listSpam(t.handle.db)).filter((e) => e.kind === "course-booking").map((e) => e.fields.bookerEmail),
    ).toEqual(["olga@example.test"]);
  });
});
