/**
 * Webhooks in Chromium, at both widths: an administrator adds an endpoint
 * (a local receiver that verifies every message with the Standard Webhooks
 * library), a new enquiry and a status change reach it signed with the
 * secret shown once, the delivery log shows them, a failing replay shows as
 * failing, and a rotated secret keeps the old one signing. The site runs on
 * its own with WEBHOOK_LOCAL_RECEIVERS=on (its endpoints may be on this
 * machine); every page passes axe.
 */
import { newStaffInBrowser } from "../support/staff.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { postEnquiry } from "../support/enquiry.ts";
import { axeViolations, expect, testOnOwnSite, uniqueEmail } from "./fixtures.ts";

const test = testOnOwnSite("webhooks", { WEBHOOK_LOCAL_RECEIVERS: "on", FORM_MIN_FILL_SECONDS: "0" });

test("an endpoint added in the back office receives signed events; its delivery log, replay and secret rotation work", async ({
  page,
  ownSite,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const admin = "Wendy Webhook";
    await newStaffInBrowser(page, ownSite, { email: uniqueEmail("webhook-admin"), name: admin });
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Refused: a private address, and no event ticked.
    await page.getByLabel("Address").fill("https://10.0.0.8/hooks");
    await page.getByRole("checkbox", { name: /^lead\.created/ }).uncheck();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("10.0.0.8 is a private address, not one on the internet.")).toBeVisible();
    await expect(page.getByText("Choose at least one event.")).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);

    const description = `Test CRM ${Date.now().toString(36)}`;
    await page.getByLabel("Address").fill(receiver.url);
    await page.getByLabel("Description").fill(description);
    await page.getByRole("checkbox", { name: /^lead\.created/ }).check();
    await page.getByRole("checkbox", { name: /^lead\.updated/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Endpoint added" });
    await expect(notice).toContainText("shown only now");
    const secret = (await notice.locator("[data-secret]").textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secrets.push(secret);
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0); // shown once only

    // A new enquiry reaches the receiver, signed.
    const email = uniqueEmail("webhook-visitor");
    const sent = await postEnquiry(ownSite.baseURL, email, { company: "Hooked Ltd" });
    expect(sent.status).toBe(200);
    await expect.poll(() => receiver.received.length).toBe(1);
    const created = receiver.received[0]!.verified!;
    expect(created).toMatchObject({ type: "lead.created", data: { kind: "contact", email, company: "Hooked Ltd" } });

    // Its status changed in the inbox reaches it too.
    await page.goto(String(created.data.url).replace(/^https?:\/\/[^/]+/, ""));
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.verified).toMatchObject({
      type: "lead.updated",
      data: { id: created.data.id, status: "contacted", changed: ["status"], changedBy: admin },
    });

    // The delivery log.
    await page.goto("/admin/webhooks");
    await page.getByRole("link", { name: description }).click();
    await expect(page.getByRole("heading", { level: 1, name: description })).toBeVisible();
    const rows = page.getByRole("region", { name: "Recent deliveries, newest first" }).getByRole("row");
    await expect(rows).toHaveCount(3); // the header and two deliveries
    await expect(rows.nth(1)).toContainText("lead.updated");
    await expect(rows.nth(1)).toContainText("Delivered");
    await expect(rows.nth(1)).toContainText("200");
    await expect(rows.nth(2)).toContainText("lead.created");
    expect(await axeViolations(page)).toEqual([]);

    // Sent again while the receiver fails: the new delivery shows as failing, with the answer.
    receiver.mode = 503;
    await rows
      .nth(2)
      .getByRole("button", { name: /^Send again: lead\.created/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "It is being sent now." })).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(3);
    expect(receiver.received[2]!.id).toBe(receiver.received[0]!.id); // the same webhook-id
    await expect(async () => {
      await page.reload();
      await expect(rows.nth(1)).toContainText("Failing, being retried", { timeout: 1000 });
    }).toPass();
    await expect(rows.nth(1)).toContainText("503");
    await expect(rows.nth(1)).toContainText("The endpoint answered 503.");
    expect(await axeViolations(page)).toEqual([]);
    // Nothing widens the page on a phone (the table scrolls inside its region).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      await page.evaluate(() => document.documentElement.clientWidth),
    );

    // A new secret: shown once; the old one still verifies for a day.
    await page.getByRole("button", { name: "Make a new secret" }).click();
    const rotated = page.getByRole("status").filter({ hasText: "New secret made." });
    const newSecret = (await rotated.locator("[data-secret]").textContent())!;
    expect(newSecret).not.toBe(secret);
    await expect(page.getByText("The previous secret still signs beside the new one until")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Disabling asks for a confirmation (the browser's, and the server's if the box is not ticked).
    const confirm = page.getByLabel("I understand: it receives nothing more, and this cannot be undone");
    await confirm.evaluate((box) => box.removeAttribute("required"));
    await page.getByRole("button", { name: "Disable this endpoint" }).click();
    await expect(page.getByRole("alert")).toContainText("Tick the box to confirm");
    await confirm.check();
    await page.getByRole("button", { name: "Disable this endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Disabled." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Make a new secret" })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
