/**
 * The mail server is down: forms still answer 200 and store the lead, the
 * outbox records the failed attempts and keeps retrying, and once the mail
 * server is back every queued e-mail arrives (MAIL_RETRY_MAX_SECONDS=2).
 */
import { pollUntil, postJson, sqliteQuery } from "../../harness/servers.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const TEAM = "team@example.test";

test("leads are stored while the SMTP server is down, and their e-mails arrive once it is back", async ({
  servers,
}) => {
  test.setTimeout(75_000);
  // Created stopped: it has its port, and nothing listens on it yet.
  const sink = await servers.smtp("smtp-outage", { listen: false });
  const server = await servers.site({
    name: "smtp-outage",
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_RETRY_MAX_SECONDS: "2",
      RATE_LIMIT_MAX: "1000000",
      FORM_MIN_FILL_SECONDS: "0",
    },
  });
  const mailbox = sink.mailbox;
  const { baseURL, dataDir } = server;

  const contactEmail = uniqueEmail("outage-contact");
  const guideEmail = uniqueEmail("outage-guide");
  const newsletterEmail = uniqueEmail("outage-news");

  const submissions = [
    {
      path: "/api/contact",
      table: "contact_enquiries",
      email: contactEmail,
      body: {
        name: "Olive Outage",
        email: contactEmail,
        phone: "+44 20 7946 0001",
        company: "Downtime Ltd",
        serviceInterest: "strategy",
        message: "Please call me about your strategy programme.",
        preferredContact: "phone",
      },
    },
    {
      path: "/api/webhook/guide-request",
      table: "guide_requests",
      email: guideEmail,
      body: {
        first_name: "Gus",
        last_name: "Guide",
        email: guideEmail,
        company: "Downtime Ltd",
        guide_name: "enterprise-risk-management",
      },
    },
    {
      path: "/api/newsletter-signup",
      table: "newsletter_subscriptions",
      email: newsletterEmail,
      body: { email: newsletterEmail },
    },
  ];

  const leadIds: string[] = [];
  for (const s of submissions) {
    const res = await postJson(baseURL, s.path, s.body);
    expect(res.status, `${s.path}: ${res.text}`).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    const rows = sqliteQuery(dataDir, `SELECT id FROM ${s.table} WHERE email = ?`, [s.email]);
    expect(rows, `${s.table} row for ${s.email}`).toHaveLength(1);
    leadIds.push(String(rows[0]!.id));
  }

  // contact: team + visitor; guide request: team + visitor; newsletter: confirmation.
  const outbox = () =>
    sqliteQuery(
      dataDir,
      `SELECT lead_id, to_address, attempts, last_error, sent_at FROM outbox WHERE lead_id IN (${leadIds.map(() => "?").join(",")})`,
      leadIds,
    );
  expect(outbox()).toHaveLength(5);

  // The worker tries, fails, records why, and tries again (retries back off to 2 s).
  const retried = await pollUntil(
    () => outbox().every((r) => Number(r.attempts) >= 2 && r.last_error && !r.sent_at),
    20_000,
  );
  const rows = outbox();
  expect(retried, `outbox rows: ${JSON.stringify(rows)}`).toBe(true);
  for (const row of rows) {
    expect(String(row.last_error)).toMatch(/ECONNREFUSED|connect/i);
    expect(row.sent_at).toBeNull();
  }
  expect(sink.received()).toBe(0);

  // The mail server comes back on the same port.
  await sink.start();
  const startedAt = Date.now();
  const options = { timeoutMs: 20_000 };
  const [contactAck] = await mailbox.waitForEmails(contactEmail, { ...options, subject: /received your enquiry/ });
  expect(contactAck!.text).toContain("Olive Outage");
  await mailbox.waitForEmails(guideEmail, { ...options, subject: /Your guide/ });
  const [confirmation] = await mailbox.waitForEmails(newsletterEmail, {
    ...options,
    subject: /confirm your subscription/i,
  });
  expect(confirmation!.text).toMatch(/\/newsletter\/confirm\?token=/);
  const team = await pollUntil(async () => {
    const all = await mailbox.waitForEmails(TEAM, { timeoutMs: 20_000 });
    const found = [contactEmail, guideEmail].map((e) => all.find((m) => m.text.includes(e)));
    return found.every(Boolean) ? found : null;
  }, 20_000);
  expect(team, "team notifications for the enquiry and the guide request").toBeTruthy();
  expect(team![0]!.subject).toMatch(/New enquiry: Olive Outage/);
  expect(team![1]!.subject).toMatch(/Guide request: Gus Guide/);
  test.info().annotations.push({
    type: "delivery",
    description: `all e-mails ${Date.now() - startedAt} ms after the SMTP server came back`,
  });

  // The outbox records the sends.
  const sent = await pollUntil(() => outbox().every((r) => r.sent_at && r.last_error === null), 5000);
  expect(sent, `outbox rows: ${JSON.stringify(outbox())}`).toBe(true);
  // Each message once: all are recorded as sent, so none will go out again.
  expect(sink.received()).toBe(5);
});
