/**
 * The outbox and bookings pages in Chromium, at both widths: a given-up
 * e-mail is sent again from the back office and arrives; a booking shows
 * its Stripe state and amount; both pages pass axe.
 */
import { randomUUID } from "node:crypto";
import { insertConsultationRow } from "../../harness/order-rows.ts";
import { sqliteWrite } from "../../harness/servers.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

test("a given-up e-mail is sent again from the outbox page, and arrives", async ({
  adminPage: page,
  sharedSite,
  mailbox,
}) => {
  const to = uniqueEmail("given-up");
  const subject = `Given up ${randomUUID()}`;
  // A message the worker gave up on (queued days ago, failed many times).
  sqliteWrite(
    sharedSite.dataDir,
    `INSERT INTO outbox (id, created_at, lead_type, lead_id, to_address, reply_to, subject, text_body, html_body,
       headers_json, attempts, next_attempt_at, locked_until, locked_by, sent_at, last_error, dead_at)
     VALUES (?, ?, 'contact', ?, ?, NULL, ?, 'Hello again.', '<p>Hello again.</p>', '{}', 7, ?, NULL, NULL, NULL,
       '421 4.7.0 Try again later', ?)`,
    [
      randomUUID(),
      "2026-11-01T09:00:00.000Z",
      randomUUID(),
      to,
      subject,
      "2026-11-04T09:00:00.000Z",
      "2026-11-04T09:00:00.000Z",
    ],
  );
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Outbox" }).click();
  await page
    .getByRole("navigation", { name: "Outbox states" })
    .getByRole("link", { name: /Given up/ })
    .click();
  const item = page.getByRole("listitem").filter({ hasText: subject });
  await expect(item).toContainText("Last error: 421 4.7.0 Try again later");
  await expect(item).toContainText("7 attempts");
  expect(await axeViolations(page)).toEqual([]);
  await item.getByRole("button", { name: `Send again now: ${subject}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "It will be sent again now." })).toBeVisible();
  const received = await mailbox.waitForEmail(to, { subject: new RegExp(subject) });
  expect(received.text).toContain("Hello again.");
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);
});

test("the consultations page shows each booking's state and amount", async ({ adminPage: page, sharedSite }) => {
  const email = uniqueEmail("booker");
  insertConsultationRow(sharedSite.dataDir, {
    name: "Bo Booker",
    email,
    quantity: 3,
    amountPence: 135000,
    status: "paid",
  });
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Consultations", exact: true })
    .click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Bo Booker");
  await expect(row).toContainText("£1,350.00");
  await expect(row).toContainText("Paid");
  expect(await axeViolations(page)).toEqual([]);
});
