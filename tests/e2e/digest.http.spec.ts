/**
 * The team's daily digest, end to end: a site with DAILY_DIGEST on, an
 * enquiry past its deadline, and a digest missed while the site was down
 * (its set time passed after the last one went out): at start-up it goes
 * out, through the outbox, to the team address on a real SMTP server,
 * linking the enquiry and naming no one.
 */
import { pollUntil, sqliteQuery, sqliteWrite } from "../../harness/servers.ts";
import { postEnquiry } from "../support/enquiry.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const TEAM = "team@example.test";

test("a digest missed while the site was down goes out at start-up: new leads by kind, the overdue enquiry linked", async ({
  servers,
}) => {
  const sink = await servers.smtp("digest");
  const env = { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, DAILY_DIGEST: "on", FORM_MIN_FILL_SECONDS: "0" };
  const first = await servers.site({ name: "digest", env });
  const email = uniqueEmail("digest-visitor");
  const sent = await postEnquiry(first.baseURL, email, {
    name: "Dora Digest",
    company: "Overdue Holdings",
    serviceInterest: "risk-grc",
  });
  expect(sent.status).toBe(200);
  const id = String(sqliteQuery(first.dataDir, "SELECT id FROM leads WHERE email = ?", [email])[0]!.id);
  // Nobody answered it in time; and the last digest went out long ago (the site was down since).
  expect(
    sqliteWrite(first.dataDir, "UPDATE leads SET deadline_at = ? WHERE id = ?", ["2026-01-05T10:00:00.000Z", id]),
  ).toBe(1);
  const seen = () => sqliteQuery(first.dataDir, "SELECT name FROM job_runs WHERE name = 'team-digest'").length === 1;
  expect(await pollUntil(seen, 10_000)).toBe(true);
  await first.stop();
  sqliteWrite(first.dataDir, "UPDATE job_runs SET last_finished_at = ? WHERE name = 'team-digest'", [
    "2026-01-01T00:00:00.000Z",
  ]);

  const second = await servers.site({ name: "digest", dataDir: first.dataDir, env });
  const digest = await sink.mailbox.waitForEmail(TEAM, { subject: /^Daily digest: / });
  expect(digest.subject).toMatch(/^Daily digest: \d+ new leads?, 1 enquiry due or overdue$/);
  expect(digest.text).toContain(`${second.baseURL}/admin/leads/${id}`);
  expect(digest.text).toContain("Contact enquiry: Risk Management & GRC");
  expect(digest.text).toContain("overdue by more than a week");
  for (const personal of ["Dora", email, "Overdue Holdings"]) expect(digest.text).not.toContain(personal);
  const run = sqliteQuery(second.dataDir, "SELECT last_result FROM job_runs WHERE name = 'team-digest'")[0]!;
  expect(JSON.parse(String(run.last_result))).toMatchObject({ due: 1 });
});
