import { type Page } from "@playwright/test";
import {
  answerWithJson,
  axeViolations,
  expect,
  gotoHydrated,
  recordAnalytics,
  test,
  uniqueEmail,
  withoutJavaScript,
} from "./fixtures.ts";

// The home page's free-resources section: one e-mail form per guide.

const sent = "Your download link has been sent to your email.";
const invalidEmail = "Please enter a valid email address";

const guides = [
  { id: "risk-guide", title: "Ultimate Guide to Enterprise Risk Management" },
  { id: "finance-toolkit", title: "Financial Analysis Toolkit for Business Leaders" },
  { id: "sustainability-guide", title: "Implementing Sustainable Business Practices" },
] as const;

const card = (page: Page, title: string) => page.locator("#free-resources li").filter({ hasText: title });
const emailField = (page: Page, title: string) => card(page, title).getByLabel(`Work email for ${title}`);
const button = (page: Page, title: string) =>
  card(page, title).getByRole("button", { name: /Download Free Guide|Sending/ });

test("each guide card has its own labelled work-email form, and a link leads to all guides", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("#free-resources li")).toHaveCount(3);
  for (const guide of guides) {
    const input = emailField(page, guide.title);
    await expect(input).toHaveAttribute("type", "email");
    await expect(input).toHaveAttribute("required", "");
    await expect(input).toHaveAttribute("placeholder", "Your work email");
    await expect(card(page, guide.title).locator("input[type='hidden'][name='resourceId']")).toHaveValue(guide.id);
    await expect(button(page, guide.title)).toHaveText("Download Free Guide");
    // The label is there for screen readers, not shown.
    await expect(card(page, guide.title).locator("label", { hasText: `Work email for ${guide.title}` })).toHaveClass(
      /sr-only/,
    );
  }
  await expect(page.locator("#free-resources").getByRole("link", { name: "Get all guides" })).toHaveAttribute(
    "href",
    "/get-guide",
  );
});

test("an invalid address: a message under the field, focus on it, nothing sent", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const { title } = guides[1];
  await gotoHydrated(page, "/");
  await button(page, title).click();
  await expect(card(page, title).locator("#resource-finance-toolkit-email-error")).toHaveText(invalidEmail);
  await expect(emailField(page, title)).toBeFocused();
  await expect(emailField(page, title)).toHaveAttribute("aria-invalid", "true");
  await expect(emailField(page, title)).toHaveAccessibleDescription(invalidEmail);
  // The other cards are untouched.
  await expect(page.locator("#free-resources").getByText(invalidEmail)).toHaveCount(1);
  // Re-checked as the visitor types.
  await emailField(page, title).fill("sam@example.test");
  await expect(card(page, title).locator("#resource-finance-toolkit-email-error")).toHaveCount(0);
  await emailField(page, title).fill("sam@");
  await expect(card(page, title).locator("#resource-finance-toolkit-email-error")).toHaveText(invalidEmail);
  expect(posts).toEqual([]);
});

test("a request: the card confirms, the field is cleared, the analytics event is recorded and the e-mails arrive @both-widths", async ({
  mailbox,
  page,
}) => {
  const events = await recordAnalytics(page);
  const email = uniqueEmail("resource");
  const { id, title } = guides[0];
  await gotoHydrated(page, "/");
  await emailField(page, title).fill(email);
  await button(page, title).click();
  await expect(card(page, title).getByRole("status")).toHaveText(sent);
  await expect(emailField(page, title)).toHaveValue("");
  // Only this card.
  await expect(page.locator("#free-resources").getByText(sent)).toHaveCount(1);
  await expect.poll(events).toContainEqual(["event", "Download", { event_category: "Resource", event_label: title }]);

  const download = await mailbox.waitForEmail(email, { subject: new RegExp(`Your download: ${title}`) });
  expect(download.text).toMatch(/\/downloads\/\S+/);
  const team = await mailbox.waitForTeamEmail(email, { subject: /Resource download/ });
  expect(team.text).toContain(title);
  expect(team.text).toContain(id);
});

test("a failure is explained under the field and the address is kept", async ({ page }) => {
  const events = await recordAnalytics(page);
  const email = uniqueEmail("resource-fail");
  const { title } = guides[2];
  await page.route("**/api/resource-download", (route) =>
    route.request().method() === "POST" ? route.abort("failed") : route.continue(),
  );
  await gotoHydrated(page, "/");
  await emailField(page, title).fill(email);
  await button(page, title).click();
  await expect(card(page, title).getByRole("alert")).toContainText("We could not reach our server");
  await expect(emailField(page, title)).toHaveValue(email);
  await expect(card(page, title).getByRole("status")).toBeEmpty();
  expect(await events()).toEqual([]);

  await answerWithJson(page, "**/api/resource-download", 429, {
    success: false,
    message: "Too many submissions from your network. Please wait a few minutes and try again.",
  });
  await button(page, title).click();
  await expect(card(page, title).getByRole("alert")).toHaveText(
    "Too many submissions from your network. Please wait a few minutes and try again.",
  );
  await expect(emailField(page, title)).toHaveValue(email);
});

withoutJavaScript(() => {
  test("the answer comes back on the right card", async ({ page, mailbox }) => {
    const { title } = guides[1];
    await page.goto("/");
    await emailField(page, title).fill("sam@");
    await button(page, title).click();
    await expect(card(page, title).locator("#resource-finance-toolkit-email-error")).toHaveText(invalidEmail);
    await expect(emailField(page, title)).toHaveValue("sam@");
    await expect(page.locator("#free-resources").getByText(invalidEmail)).toHaveCount(1);

    const email = uniqueEmail("resource-nojs");
    await emailField(page, title).fill(email);
    await button(page, title).click();
    await expect(card(page, title)).toContainText(sent);
    await expect(page.locator("#free-resources").getByText(sent)).toHaveCount(1);
    await expect(emailField(page, title)).toHaveValue("");
    await mailbox.waitForEmail(email, { subject: new RegExp(`Your download: ${title}`) });
  });
});

test("no WCAG 2.2 AA violations with an error shown, or with the confirmation shown", async ({ page }) => {
  const { title } = guides[0];
  await gotoHydrated(page, "/");
  await button(page, title).click();
  await expect(emailField(page, title)).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  await emailField(page, title).fill(uniqueEmail("resource-axe"));
  await button(page, title).click();
  await expect(card(page, title).getByRole("status")).toHaveText(sent);
  expect(await axeViolations(page)).toEqual([]);
});
