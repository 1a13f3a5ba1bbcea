import { type Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail, withoutJavaScript } from "./fixtures.ts";

// Free webinar registration on /resources: "Register Now" discloses a short
// form in each webinar card.

const webinars = [
  { id: "supplier-tiering-third-party-risk", title: "Third-Party Risk: Building a Supplier Tiering Model That Works" },
  { id: "scope-3-supplier-data", title: "Scope 3 Supplier Data: Getting Numbers You Can Defend" },
] as const;

const messages = {
  name: "Please enter your name (at least 2 characters)",
  email: "Please enter a valid email address",
  company: "Company name must be at least 2 characters",
};
const registered = "You are registered. We have sent a confirmation to your email.";

const card = (page: Page, title: string) => page.locator("#webinars li").filter({ hasText: title });
const disclosure = (page: Page, title: string) => card(page, title).locator("details");
const toggle = (page: Page, title: string) => card(page, title).locator("summary", { hasText: "Register Now" });
const form = (page: Page, title: string) => page.getByRole("form", { name: `Register for ${title}` });
const field = (page: Page, title: string, label: string) => form(page, title).getByLabel(new RegExp(`^${label}\\*?$`));
const registerButton = (page: Page, title: string) => form(page, title).getByRole("button", { name: /^Register/ });

async function open(page: Page, title: string) {
  await toggle(page, title).click();
  await expect(disclosure(page, title)).toHaveAttribute("open", "");
  await expect(form(page, title)).toBeVisible();
}

test("'Register Now' discloses each webinar's form, with the keyboard too", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  await expect(page.locator("#webinars > div > div > ul > li")).toHaveCount(2);
  for (const { id, title } of webinars) {
    await expect(toggle(page, title)).toBeVisible();
    await expect(disclosure(page, title)).not.toHaveAttribute("open");
    await expect(form(page, title)).toBeHidden();
    await expect(card(page, title).locator("input[type='hidden'][name='webinarId']")).toHaveValue(id);
  }
  await toggle(page, webinars[1].title).focus();
  await page.keyboard.press("Enter");
  await expect(disclosure(page, webinars[1].title)).toHaveAttribute("open", "");
  await expect(field(page, webinars[1].title, "Name")).toBeVisible();
  for (const label of ["Name", "Email", "Company"]) {
    await expect(field(page, webinars[1].title, label)).toHaveAttribute("required", "");
  }
  await page.keyboard.press("Enter");
  await expect(disclosure(page, webinars[1].title)).not.toHaveAttribute("open");
  // The first webinar's form stayed closed.
  await expect(form(page, webinars[0].title)).toBeHidden();
});

test("an empty registration: messages under the fields, a focused summary whose links focus the fields", async ({
  page,
}) => {
  const { title } = webinars[0];
  await gotoHydrated(page, "/resources");
  await open(page, title);
  await registerButton(page, title).click();
  const summary = form(page, title).locator("[aria-labelledby$='-error-summary-title']");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([messages.name, messages.email, messages.company]);
  for (const [name, message] of Object.entries(messages)) {
    await expect(form(page, title).locator(`[name='${name}']`)).toHaveAttribute("aria-invalid", "true");
    await expect(form(page, title).locator(`[name='${name}']`)).toHaveAccessibleDescription(message);
  }
  await summary.getByRole("link", { name: messages.email }).click();
  await expect(field(page, title, "Email")).toBeFocused();
  await field(page, title, "Email").fill("kim@example.test");
  await expect(form(page, title).getByText(messages.email)).toHaveCount(0);
  await expect(summary.getByRole("link")).toHaveText([messages.name, messages.company]);
});

test("a registration: 'You are registered...', the confirmation and the team notification arrive @both-widths", async ({
  page,
  mailbox,
}) => {
  const { id, title } = webinars[1];
  const email = uniqueEmail("webinar");
  await gotoHydrated(page, "/resources");
  await open(page, title);
  await field(page, title, "Name").fill("Kim Osei");
  await field(page, title, "Email").fill(email);
  await field(page, title, "Company").fill("Bramley Foods");
  await registerButton(page, title).click();
  await expect(card(page, title).getByRole("status")).toHaveText(registered);
  await expect(form(page, title)).toHaveCount(0);
  // Only this webinar.
  await expect(card(page, webinars[0].title).locator("[role='status']")).toBeEmpty();

  const confirmation = await mailbox.waitForEmail(email, { subject: /You are registered: Scope 3 Supplier Data/ });
  expect(confirmation.text).toContain("Kim Osei");
  // With its calendar invitation: the session at its instant in UTC (12:30 GMT on 17 March 2027).
  expect(confirmation.attachments).toHaveLength(1);
  expect(confirmation.attachments[0]).toMatchObject({ filename: "webinar.ics", mimeType: "text/calendar" });
  expect(confirmation.attachments[0]!.content).toContain("DTSTART:20270317T123000Z");
  expect(confirmation.attachments[0]!.content).toContain(`UID:webinar-${id}@`);
  const team = await mailbox.waitForTeamEmail(email, { subject: /Webinar registration/ });
  for (const value of ["Kim Osei", email, "Bramley Foods", title, id]) expect(team.text).toContain(value);
});

test("a failure is shown in the form and what was typed is kept", async ({ page }) => {
  const { title } = webinars[0];
  await page.route("**/api/webinar-registration", (route) => route.abort("failed"));
  await gotoHydrated(page, "/resources");
  await open(page, title);
  await field(page, title, "Name").fill("Kim Osei");
  await field(page, title, "Email").fill("kim@example.test");
  await field(page, title, "Company").fill("Bramley Foods");
  await registerButton(page, title).click();
  await expect(form(page, title).getByRole("alert")).toContainText("We could not reach our server");
  await expect(field(page, title, "Name")).toHaveValue("Kim Osei");
  await expect(field(page, title, "Email")).toHaveValue("kim@example.test");
  await expect(field(page, title, "Company")).toHaveValue("Bramley Foods");
});

withoutJavaScript(() => {
  test("the form opens and posts; the answer comes back in the right webinar, open", async ({ page, mailbox }) => {
    const { id, title } = webinars[0];
    await page.goto("/resources");
    await open(page, title);
    await field(page, title, "Name").fill("K");
    await field(page, title, "Email").fill("kim@example.test");
    await registerButton(page, title).click();

    await expect(disclosure(page, title)).toHaveAttribute("open", "");
    await expect(disclosure(page, webinars[1].title)).not.toHaveAttribute("open");
    await expect(form(page, title).getByRole("alert")).toHaveText(
      "Please correct the highlighted fields and try again.",
    );
    await expect(page.locator(`#webinar-${id}-name-error`)).toHaveText(messages.name);
    await expect(page.locator(`#webinar-${id}-company-error`)).toHaveText(messages.company);
    await expect(page.locator(`#webinar-${id}-email-error`)).toHaveCount(0);
    await expect(field(page, title, "Name")).toHaveValue("K");
    await expect(field(page, title, "Email")).toHaveValue("kim@example.test");

    const email = uniqueEmail("webinar-nojs");
    await field(page, title, "Name").fill("Kim Osei");
    await field(page, title, "Email").fill(email);
    await field(page, title, "Company").fill("Bramley Foods");
    await registerButton(page, title).click();
    await expect(card(page, title).getByRole("status")).toHaveText(registered);
    await mailbox.waitForEmail(email, { subject: /You are registered/ });
  });
});

test("no WCAG 2.2 AA violations with a form open, with errors, or registered", async ({ page }) => {
  const { title } = webinars[0];
  await gotoHydrated(page, "/resources");
  await open(page, title);
  expect(await axeViolations(page)).toEqual([]);
  await registerButton(page, title).click();
  await expect(form(page, title).locator("[aria-invalid='true']").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await field(page, title, "Name").fill("Kim Osei");
  await field(page, title, "Email").fill(uniqueEmail("webinar-axe"));
  await field(page, title, "Company").fill("Bramley Foods");
  await registerButton(page, title).click();
  await expect(card(page, title).getByRole("status")).toHaveText(registered);
  expect(await axeViolations(page)).toEqual([]);
});
