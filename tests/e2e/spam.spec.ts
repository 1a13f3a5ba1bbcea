/**
 * The spam folder in Chromium, at both widths: a form the honeypot refused
 * is kept, shown with what was entered and why, and released as a lead,
 * which then gets its e-mails; another is deleted.
 */
import { contactEnquiry } from "../support/enquiry.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

test("a refused form is kept, released as a lead with its e-mails, or deleted", async ({
  adminPage: page,
  mailbox,
}) => {
  const real = uniqueEmail("caught-by-mistake");
  const bot = uniqueEmail("real-bot");
  const enquiry = (email: string, name: string) =>
    contactEnquiry(email, {
      name,
      message: "An autofill tool filled the hidden field.",
      // The honeypot: a person's browser extension filled it in.
      website: "https://caught.example",
      // When the page opened the form (ms since 1970): the folder shows it in London time.
      formStartedAt: String(Date.UTC(2026, 11, 1, 8, 0)),
    });
  for (const [email, name] of [
    [real, "Rita Real"],
    [bot, "Bob Bot"],
  ] as const) {
    const refused = await page.request.post("/api/contact", { data: enquiry(email, name) });
    expect(refused.status()).toBe(400);
  }

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Spam folder" })).toBeVisible();
  const kept = page.getByRole("list", { name: "Refused forms" }).getByRole("listitem");
  const rita = kept.filter({ hasText: real });
  await expect(rita).toContainText("Contact enquiry: Rita Real");
  await expect(rita).toContainText("A hidden field was filled in");
  await expect(rita).toContainText("https://caught.example");
  // Each field by a name in words, never the form's own; the opening time in London time.
  await expect(rita).toContainText("Hidden field (only bots fill it in)");
  await expect(rita).toContainText("Form opened");
  await expect(rita).toContainText("1 Dec 2026, 08:00");
  await expect(rita).not.toContainText("formStartedAt");
  expect(await axeViolations(page)).toEqual([]);

  await kept
    .filter({ hasText: bot })
    .getByRole("button", { name: `Delete now: ${bot}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted." })).toBeVisible();
  await expect(kept.filter({ hasText: bot })).toHaveCount(0);

  await rita.getByRole("button", { name: `Release as a lead: ${real}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rita Real" })).toBeVisible();
  await expect(page.getByRole("region", { name: "What they sent" })).toContainText(
    "An autofill tool filled the hidden field.",
  );
  // Released, it gets its e-mails like any lead.
  const acknowledgement = await mailbox.waitForEmail(real);
  expect(acknowledgement.text).toContain("Rita Real");
  await mailbox.waitForTeamEmail(real);
  await page.goto("/admin/spam");
  await expect(page.getByRole("listitem").filter({ hasText: real })).toHaveCount(0);
});
