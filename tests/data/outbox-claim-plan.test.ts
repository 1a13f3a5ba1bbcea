/**
 * How SQLite runs the outbox's claim (docs/decisions/016-lead-path-throughput.md).
 *
 * The claim is `UPDATE outbox … WHERE id IN (SELECT … LIMIT n) AND <still free>`.
 * If SQLite plans the outer UPDATE on an index of the "still free" conditions
 * (sent_at), every claim reads every waiting message, bodies included: draining a
 * backlog costs time quadratic in its size. The outer UPDATE must find its rows by
 * their id, and only the inner SELECT may walk the waiting messages.
 *
 * The test records the claim statement the worker really runs (Kysely's query
 * log) and asks SQLite for its plan with the same parameters.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { silentLogger } from "~/observability/log.server.ts";

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "outbox-plan-"));
  handle = await openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it("claims on SQLite find their rows by id, not by scanning the waiting messages", async () => {
  const now = new Date();
  for (let i = 0; i < 300; i++) {
    await queueEmails(
      handle.db,
      { type: "contact", id: `plan-${i}` },
      [{ to: `plan-${i}@example.test`, subject: "Hello", text: "Hello", html: "<p>Hello</p>" }],
      now,
    );
  }
  const claims: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: handle.sqlite! }),
    log: (event) => {
      if (event.level === "query" && /^update "outbox" set "locked_until"/i.test(event.query.sql))
        claims.push(event.query);
    },
  });
  const worker = new OutboxWorker({
    db: logged,
    transport: createMailTransport({ from: "Site <no-reply@example.test>", dataDir: dir }),
    maxRetryDelayMs: 60_000,
    concurrency: 4,
    log: silentLogger,
  });
  expect(await worker.sendDue()).toBe(300);
  expect(claims.length).toBeGreaterThan(0);

  const outerSteps = (claim: CompiledQuery) => {
    const plan = handle.sqlite!.prepare(`EXPLAIN QUERY PLAN ${claim.sql}`).all(...(claim.parameters as unknown[])) as {
      parent: number;
      detail: string;
    }[];
    // The outer UPDATE: the top-level step on the outbox table (the picking SELECT is nested).
    return plan.filter((step) => step.parent === 0 && /\boutbox\b/.test(step.detail)).map((step) => step.detail);
  };
  const byId = [expect.stringMatching(/^SEARCH outbox USING INDEX sqlite_autoindex_outbox_1 \(id=\?\)$/)];
  // As a new database plans it (no statistics), and as one that has gathered them
  // (PRAGMA optimize or ANALYZE; with a few dozen rows SQLite would then rather scan the
  // table, which is as good; a backlog is what matters).
  for (const claim of claims) expect(outerSteps(claim)).toEqual(byId);
  handle.sqlite!.exec("ANALYZE");
  for (const claim of claims) expect(outerSteps(claim)).toEqual(byId);
});
