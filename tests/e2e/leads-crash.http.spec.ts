/**
 * Crash test: a burst of contact enquiries, the server killed (SIGKILL) in
 * the middle of it, then restarted on the same data. Every enquiry that was
 * answered 2xx must be stored, every stored enquiry must have its two
 * outbox rows, and every stored enquiry's two e-mails (team notification
 * and acknowledgement) must arrive after the restart: at least once, maybe
 * twice, never missing. Once on SQLite and once on PostgreSQL.
 *
 * Timing: a message the dead process had claimed carries its owner; the
 * restarted process sees that owner is dead and sends it at once, without
 * waiting out the 60 s lease (docs/decisions/009-outbox-lease-owners.md).
 * So everything must be sent, and marked sent, well within the lease:
 * MAIL_DEADLINE_MS is half of it.
 */
import { type DbReader, type SiteServer, dbReader, pgUrl, postJson } from "../../harness/servers.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { expect, test, type Launcher } from "./fixtures.ts";

const TOTAL = 200;
const CONCURRENCY = 10;
const KILL_AFTER = 80;
const MAIL_DEADLINE_MS = 30_000;
const TEAM = "team@example.test";

type Setup = { name: string; postgres: boolean };

const setups: Setup[] = [
  { name: "crash-sqlite", postgres: false },
  { name: "crash-postgres", postgres: true },
];

/** Enquiry number i of the burst: each differs, so none is a duplicate of another. */
const enquiry = (email: string, i: number) =>
  contactEnquiry(email, { name: `Crash Tester ${i}`, message: `Enquiry number ${i} of the crash test burst.` });

// Both databases at once, in one test: the two bursts overlap.
test("every answered enquiry survives a SIGKILL mid-burst and gets its e-mails (SQLite and PostgreSQL)", async ({
  servers,
}) => {
  test.setTimeout(90_000);
  const results = await Promise.allSettled(setups.map((setup) => crashAndRestart(servers, setup)));
  const failures = results.flatMap((r, i) =>
    r.status === "rejected" ? [`${setups[i]!.name}: ${(r.reason as Error).message}`] : [],
  );
  expect(failures.join("\n\n"), "failures").toBe("");
});

async function crashAndRestart(servers: Launcher, setup: Setup) {
  const dataDir = servers.dataDir(setup.name);
  const sink = await servers.smtp(setup.name);
  const env: Record<string, string> = {
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_RETRY_MAX_SECONDS: "2",
    RATE_LIMIT_MAX: "1000000",
    FORM_MIN_FILL_SECONDS: "0",
  };
  const schema = setup.postgres ? await servers.pgSchema("e2e_crash") : null;
  if (schema) env.DATABASE_URL = pgUrl(schema);
  const read: DbReader = schema ? dbReader({ pgSchema: schema }) : dbReader({ sqliteDir: dataDir });
  const first: SiteServer = await servers.site({ name: setup.name, dataDir, env });

  // The burst: CONCURRENCY requests in flight, SIGKILL once KILL_AFTER have answered.
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const emails = Array.from({ length: TOTAL }, (_, i) => `crash-${tag}-${i}@example.test`);
  const outcome: (number | string)[] = new Array(TOTAL).fill("not sent");
  let next = 0;
  let answered = 0;
  let killed: Promise<void> | null = null;
  let answeredBeforeKill = 0;
  const worker = async () => {
    while (next < TOTAL) {
      const i = next++;
      try {
        const res = await postJson(first.baseURL, "/api/contact", enquiry(emails[i]!, i));
        outcome[i] = res.status;
      } catch (error) {
        outcome[i] = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      answered += 1;
      if (answered >= KILL_AFTER && !killed) {
        answeredBeforeKill = answered;
        killed = first.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killed;
  expect(first.child.signalCode, "the server was killed by SIGKILL").toBe("SIGKILL");

  const accepted = emails.filter((_, i) => typeof outcome[i] === "number" && (outcome[i] as number) < 300);
  const statuses = outcome.filter((o): o is number => typeof o === "number");
  // No 5xx (503 would be honest, but nothing here should fail to store).
  expect(
    statuses.filter((s) => s >= 300),
    `non-2xx answers before the kill: ${statuses.join(",")}`,
  ).toEqual([]);
  // The kill really came in the middle: many answered, and not all.
  expect(accepted.length).toBeGreaterThanOrEqual(KILL_AFTER - CONCURRENCY);
  expect(accepted.length).toBeLessThan(TOTAL);
  note({
    type: `${setup.name} burst`,
    description: `${accepted.length} answered 2xx of ${TOTAL}; killed after ${answeredBeforeKill} answers`,
  });

  // Restart on the same data (on a port of its own: the old one may be in TIME_WAIT).
  await servers.site({ name: setup.name, dataDir, env });
  const restartedAt = Date.now();

  const stored = (await read("SELECT id, email FROM contact_enquiries")).map((r) => String(r.email));
  const storedSet = new Set(stored);
  const lost = accepted.filter((e) => !storedSet.has(e));
  expect(lost, "answered 2xx but not stored").toEqual([]);
  expect(new Set(stored).size, "one row per enquiry").toBe(stored.length);
  expect(stored.every((e) => emails.includes(e))).toBe(true);

  // A stored lead always has its two e-mails queued (same transaction).
  const outboxCounts = await read(
    "SELECT c.email AS email, (SELECT COUNT(*) FROM outbox o WHERE o.lead_id = c.id) AS n FROM contact_enquiries c",
  );
  const withoutOutbox = outboxCounts.filter((r) => Number(r.n) !== 2).map((r) => `${String(r.email)}: ${String(r.n)}`);
  expect(withoutOutbox, "contact_enquiries rows without exactly 2 outbox rows").toEqual([]);
  const orphans = await read(
    "SELECT o.id AS id FROM outbox o WHERE o.lead_type = 'contact' AND NOT EXISTS (SELECT 1 FROM contact_enquiries c WHERE c.id = o.lead_id)",
  );
  expect(orphans, "outbox rows without their enquiry").toEqual([]);

  // Every stored lead's e-mails arrive: acknowledgement to the visitor,
  // notification to the team mentioning the visitor's address.
  const mail = sink.mailbox;
  let missing: string[];
  let duplicates: number;
  for (;;) {
    const all = await mail.all();
    const ack = new Map<string, number>();
    const team = new Map<string, number>();
    for (const m of all) {
      for (const e of stored) {
        if (m.to.includes(e)) ack.set(e, (ack.get(e) ?? 0) + 1);
        else if (m.to.includes(TEAM) && m.text.includes(e)) team.set(e, (team.get(e) ?? 0) + 1);
      }
    }
    missing = stored.flatMap((e) => [
      ...(ack.get(e) ? [] : [`acknowledgement to ${e}`]),
      ...(team.get(e) ? [] : [`team notification about ${e}`]),
    ]);
    duplicates = [...ack.values(), ...team.values()].reduce((sum, n) => sum + n - 1, 0);
    if (missing.length === 0 || Date.now() - restartedAt > MAIL_DEADLINE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  note({
    type: `${setup.name} mail`,
    description: `${stored.length} stored; all e-mails ${missing.length ? "NOT " : ""}received ${Math.round((Date.now() - restartedAt) / 1000)} s after the restart; ${duplicates} duplicate(s)`,
  });
  expect(missing, `e-mails missing ${MAIL_DEADLINE_MS / 1000} s after the restart`).toEqual([]);

  // And the outbox agrees: everything is marked sent, including what the
  // dead process had claimed, within the lease it would otherwise wait out.
  const unsent = async () => Number((await read("SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL"))[0]?.n);
  await expect
    .poll(unsent, {
      message: "outbox rows still unsent",
      timeout: Math.max(1, restartedAt + MAIL_DEADLINE_MS - Date.now()),
    })
    .toBe(0);
}

function note(annotation: { type: string; description: string }) {
  test.info().annotations.push(annotation);
  console.log(`${annotation.type}: ${annotation.description}`);
}
