/** The back office's outbox view on both databases: states, counts, and "send again now". */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox, outboxCounts, retryNow } from "~/mail/outbox-view.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";

describe.each(dialects)("the outbox view on %s", (dialect) => {
  let t: TestDatabase;
  const now = new Date("2026-11-24T10:00:00.000Z");
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    const row = (name: string, extra: Record<string, unknown>) => {
      ids[name] = randomUUID();
      return {
        id: ids[name]!,
        created_at: "2026-11-20T10:00:00.000Z",
        lead_type: "contact",
        lead_id: "lead-1",
        to_address: `${name}@example.test`,
        reply_to: null,
        subject: `Subject ${name}`,
        text_body: "x",
        html_body: "<p>x</p>",
        headers_json: "{}",
        attempts: 0,
        next_attempt_at: "2026-11-24T10:00:00.000Z",
        locked_until: null,
        locked_by: null,
        sent_at: null,
        last_error: null,
        dead_at: null,
        ...extra,
      };
    };
    await t.handle.db
      .insertInto("outbox")
      .values([
        row("waiting", {}),
        row("failing", { attempts: 3, last_error: "421 try later" }),
        row("dead", { attempts: 9, last_error: "550 no such user", dead_at: "2026-11-23T10:00:00.000Z" }),
        row("sent", { attempts: 1, sent_at: "2026-11-20T10:00:01.000Z" }),
        row("inflight", { attempts: 1, locked_until: "2026-11-24T10:01:00.000Z", locked_by: "w1" }),
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("lists unsent messages by state, with counts", async () => {
    const to = async (state: "waiting" | "failing" | "given-up") =>
      (await listOutbox(t.handle.db, state)).map((m) => m.to).sort();
    expect(await to("waiting")).toEqual(["waiting@example.test"]);
    expect(await to("failing")).toEqual(["failing@example.test", "inflight@example.test"]);
    expect(await to("given-up")).toEqual(["dead@example.test"]);
    expect(await outboxCounts(t.handle.db)).toEqual({ waiting: 1, failing: 2, "given-up": 1 });
    const [dead] = await listOutbox(t.handle.db, "given-up");
    expect(dead).toMatchObject({ lastError: "550 no such user", attempts: 9, deadAt: "2026-11-23T10:00:00.000Z" });
  });

  it("sends a given-up or failing message again now; never a sent one or one being sent", async () => {
    expect(await retryNow(t.handle.db, ids.dead!, now)).toBe(true);
    const revived = await t.handle.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", ids.dead!)
      .executeTakeFirstOrThrow();
    expect(revived).toMatchObject({ dead_at: null, next_attempt_at: now.toISOString(), sent_at: null });
    expect(await retryNow(t.handle.db, ids.failing!, now)).toBe(true);
    expect(await retryNow(t.handle.db, ids.sent!, now)).toBe(false);
    expect(await retryNow(t.handle.db, ids.inflight!, now)).toBe(false);
    expect(await retryNow(t.handle.db, randomUUID(), now)).toBe(false);
    expect(await outboxCounts(t.handle.db)).toEqual({ waiting: 1, failing: 3, "given-up": 0 });
  });
});
