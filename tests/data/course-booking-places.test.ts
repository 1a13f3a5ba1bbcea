/**
 * Places on a course session and invoice numbers, on both databases
 * (issue 29, ADR 053): never oversold, and the committed invoice numbers
 * run 1, 2, 3… without a gap or a repeat, also under concurrent bookings.
 * On PostgreSQL the concurrent attempts come through 4 handles on the same
 * schema, each with its own pool, as separate instances of the site would;
 * on SQLite through the one handle a process has.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Db } from "~/data/db.server.ts";
import { nextNumber } from "~/orders/course-booking/invoice-numbers.server.ts";
import {
  placesLeft,
  releasePlaces,
  setCapacity,
  takePlaces,
  type TakeResult,
} from "~/orders/course-booking/places.server.ts";
import { dialects, openConcurrentTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";

const now = new Date("2026-12-01T10:00:00.000Z");
const later = new Date("2026-12-01T11:00:00.000Z");

describe.each(dialects)("course places and invoice numbers on %s", (dialect) => {
  let t: ConcurrentTestDatabase;
  /** Where concurrent attempts come from: 4 instances on PostgreSQL, the one handle on SQLite. */
  let handles: DatabaseHandle[];
  let db: Db;
  beforeAll(async () => {
    t = await openConcurrentTestDatabase(dialect, "places", { businessSettings: true });
    handles = t.handles;
    db = t.handle.db;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const row = (sessionKey: string) =>
    db
      .selectFrom("course_session_places")
      .select(["capacity", "taken", "updated_at"])
      .where("session_key", "=", sessionKey)
      .executeTakeFirst();
  const take = (sessionKey: string, places: number, at = now, on: Db = db) =>
    on.transaction().execute((trx) => takePlaces(trx, sessionKey, places, at));
  const release = (sessionKey: string, places: number, at = now) =>
    db.transaction().execute((trx) => releasePlaces(trx, sessionKey, places, at));

  describe("a session's capacity", () => {
    it("is set (none taken), changed, and refused below the places taken", async () => {
      expect(await setCapacity(db, "cap-1", 12, now)).toEqual({ ok: true });
      expect(await row("cap-1")).toEqual({ capacity: 12, taken: 0, updated_at: now.toISOString() });
      expect(await take("cap-1", 7)).toEqual({ ok: true, left: 5 });

      expect(await setCapacity(db, "cap-1", 8, later)).toEqual({ ok: true });
      expect(await row("cap-1")).toEqual({ capacity: 8, taken: 7, updated_at: later.toISOString() });
      expect(await setCapacity(db, "cap-1", 7, later)).toEqual({ ok: true });

      expect(await setCapacity(db, "cap-1", 6, new Date("2026-12-02T00:00:00.000Z"))).toEqual({
        ok: false,
        message: "This session already has 7 places sold or held: its capacity cannot be less than 7.",
      });
      expect(await row("cap-1")).toEqual({ capacity: 7, taken: 7, updated_at: later.toISOString() });

      expect(await setCapacity(db, "cap-1", 20, later)).toEqual({ ok: true });
      expect(await placesLeft(db, ["cap-1"])).toEqual(new Map([["cap-1", 13]]));
    });

    it("says one place in the singular, and refuses a capacity that is not a whole number from 0", async () => {
      await setCapacity(db, "cap-2", 1, now);
      await take("cap-2", 1);
      expect(await setCapacity(db, "cap-2", 0, now)).toEqual({
        ok: false,
        message: "This session already has 1 place sold or held: its capacity cannot be less than 1.",
      });
      await expect(setCapacity(db, "cap-2", -1, now)).rejects.toThrow(RangeError);
      await expect(setCapacity(db, "cap-2", 2.5, now)).rejects.toThrow(RangeError);
      expect(await setCapacity(db, "cap-3", 0, now)).toEqual({ ok: true });
      expect(await take("cap-3", 1)).toEqual({ ok: false, left: 0 });
    });

    it("is held by the table too: no write puts more taken than the capacity, or fewer than none", async () => {
      await setCapacity(db, "cap-4", 2, now);
      await expect(
        db.updateTable("course_session_places").set({ taken: 3 }).where("session_key", "=", "cap-4").execute(),
      ).rejects.toThrow();
      await expect(
        db.updateTable("course_session_places").set({ taken: -1 }).where("session_key", "=", "cap-4").execute(),
      ).rejects.toThrow();
      expect(await row("cap-4")).toMatchObject({ capacity: 2, taken: 0 });
    });
  });

  describe("taking and releasing places", () => {
    it("takes all the places asked for or none, and gives them back", async () => {
      await setCapacity(db, "take-1", 5, now);
      expect(await take("take-1", 3)).toEqual({ ok: true, left: 2 });
      expect(await take("take-1", 3)).toEqual({ ok: false, left: 2 });
      expect(await take("take-1", 2, later)).toEqual({ ok: true, left: 0 });
      expect(await row("take-1")).toEqual({ capacity: 5, taken: 5, updated_at: later.toISOString() });
      expect(await take("take-1", 1)).toEqual({ ok: false, left: 0 });

      expect(await release("take-1", 3)).toEqual({ left: 3 });
      expect(await row("take-1")).toEqual({ capacity: 5, taken: 2, updated_at: now.toISOString() });
      expect(await take("take-1", 3)).toEqual({ ok: true, left: 0 });
    });

    it("gives back places taken in a transaction that rolls back", async () => {
      await setCapacity(db, "take-2", 2, now);
      await expect(
        db.transaction().execute(async (trx) => {
          expect(await takePlaces(trx, "take-2", 2, now)).toEqual({ ok: true, left: 0 });
          throw new Error("the payment failed");
        }),
      ).rejects.toThrow("the payment failed");
      expect(await placesLeft(db, ["take-2"])).toEqual(new Map([["take-2", 2]]));
    });

    it("never releases below none: a RangeError, and nothing changes", async () => {
      await setCapacity(db, "release-1", 4, now);
      await take("release-1", 2);
      await expect(release("release-1", 3, later)).rejects.toThrow(RangeError);
      expect(await row("release-1")).toEqual({ capacity: 4, taken: 2, updated_at: now.toISOString() });
      await expect(release("unknown-session", 1)).rejects.toThrow(RangeError);
      await expect(release("release-1", 0)).rejects.toThrow(RangeError);
      expect(await release("release-1", 2)).toEqual({ left: 4 });
    });

    it("an unknown session has no places; a number of places must be a whole number from 1", async () => {
      expect(await take("unknown-session", 1)).toEqual({ ok: false, left: 0 });
      await setCapacity(db, "take-3", 5, now);
      await expect(take("take-3", 0)).rejects.toThrow(RangeError);
      await expect(take("take-3", -2)).rejects.toThrow(RangeError);
      await expect(take("take-3", 1.5)).rejects.toThrow(RangeError);
      expect(await placesLeft(db, ["take-3"])).toEqual(new Map([["take-3", 5]]));
    });

    it("what is left, for pages: sessions without a row are not in the map", async () => {
      await setCapacity(db, "left-1", 10, now);
      await setCapacity(db, "left-2", 3, now);
      await take("left-2", 3);
      expect(await placesLeft(db, ["left-1", "left-2", "left-none", "left-1"])).toEqual(
        new Map([
          ["left-1", 10],
          ["left-2", 0],
        ]),
      );
      expect(await placesLeft(db, [])).toEqual(new Map());
    });
  });

  describe("never oversold: 200 concurrent attempts for the last 3 places", () => {
    async function race(sessionKey: string, placesEach: number) {
      await setCapacity(db, sessionKey, 10, now);
      expect(await take(sessionKey, 7)).toEqual({ ok: true, left: 3 });
      const started = performance.now();
      const results: TakeResult[] = await Promise.all(
        Array.from({ length: 200 }, (_, i) => take(sessionKey, placesEach, now, handles[i % handles.length]!.db)),
      );
      const ms = Math.round(performance.now() - started);
      const sold = results.filter((r) => r.ok).length;
      const refused = results.filter((r) => !r.ok);
      console.log(
        `${dialect}: 200 concurrent attempts for ${placesEach} of the last 3 places over ${handles.length} handle(s): ` +
          `${sold} sold, ${refused.length} refused, ${ms} ms`,
      );
      return { sold, refused, results };
    }

    it("one place each: exactly 3 sell, 197 are told none is left", async () => {
      const { sold, refused } = await race("race-1", 1);
      expect(sold).toBe(3);
      expect(refused).toHaveLength(197);
      expect(refused.every((r) => r.left === 0)).toBe(true);
      expect(await row("race-1")).toMatchObject({ capacity: 10, taken: 10 });
    });

    it("two places each: exactly 1 sells, 199 are told only 1 is left", async () => {
      const { sold, refused, results } = await race("race-2", 2);
      expect(sold).toBe(1);
      expect(results.find((r) => r.ok)).toEqual({ ok: true, left: 1 });
      expect(refused).toHaveLength(199);
      expect(refused.every((r) => r.left === 1)).toBe(true);
      expect(await row("race-2")).toMatchObject({ capacity: 10, taken: 9 });
    });
  });

  describe("invoice numbers", () => {
    beforeAll(async () => {
      // What the test's bookings write in the transaction that takes the number.
      await sql`create table test_invoices (series text not null, number integer not null)`.execute(db);
    });

    const committed = async (series: string) =>
      (await sql<{ number: number }>`select number from test_invoices where series = ${series}`.execute(db)).rows
        .map((r) => Number(r.number))
        .sort((a, b) => a - b);

    it("start at 1 and count each series on its own", async () => {
      const number = (series: string) => db.transaction().execute((trx) => nextNumber(trx, series));
      expect(await number("ONE")).toBe(1);
      expect(await number("ONE")).toBe(2);
      expect(await number("TWO")).toBe(1);
      expect(await number("ONE")).toBe(3);
      await expect(number("inv")).rejects.toThrow(RangeError);
    });

    it("run 1…N without a gap or a repeat under 130 concurrent invoices and credit notes, every 7th rolled back", async () => {
      const attempts = Array.from({ length: 130 }, (_, i) => ({
        series: i % 13 < 10 ? "INV" : "CN",
        rollsBack: i % 7 === 6,
        on: handles[i % handles.length]!.db,
      }));
      const started = performance.now();
      const outcomes = await Promise.allSettled(
        attempts.map(({ series, rollsBack, on }) =>
          on.transaction().execute(async (trx) => {
            const number = await nextNumber(trx, series);
            await sql`insert into test_invoices (series, number) values (${series}, ${number})`.execute(trx);
            if (rollsBack) throw new Error("the booking failed after taking its number");
            return number;
          }),
        ),
      );
      const ms = Math.round(performance.now() - started);
      outcomes.forEach((outcome, i) => {
        expect(outcome.status).toBe(attempts[i]!.rollsBack ? "rejected" : "fulfilled");
      });
      for (const series of ["INV", "CN"]) {
        const expected = attempts.filter((a) => a.series === series && !a.rollsBack).length;
        const numbers = await committed(series);
        console.log(
          `${dialect}: ${series}: ${attempts.filter((a) => a.series === series).length} concurrent, ` +
            `${expected} committed → numbers ${numbers[0]}…${numbers.at(-1)} (${numbers.length}, ${new Set(numbers).size} distinct), ${ms} ms`,
        );
        expect(numbers).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
        const sequence = await db
          .selectFrom("invoice_sequences")
          .select("last_number")
          .where("series", "=", series)
          .executeTakeFirstOrThrow();
        expect(sequence.last_number).toBe(expected);
      }
    });
  });
});
