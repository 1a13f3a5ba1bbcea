import { type Page } from "@playwright/test";
import {
  answerWithJson,
  axeViolations,
  expect,
  gotoHydrated,
  holdRequests,
  test,
  uniqueEmail,
  withoutJavaScript,
} from "./fixtures.ts";

// The guide request screen (/get-guide and /lead-capture): hero, benefits,
// the form's states, the e-mails, preselect, failures, no JavaScript.

const messages = {
  first_name: "First name must be at least 2 characters",
  last_name: "Last name must be at least 2 characters",
  email: "Please enter a valid email address",
  company: "Company name must be at least 2 characters",
  guide_name: "Please select a guide",
};

const guides = {
  "enterprise-risk-management": "Ultimate Guide to Enterprise Risk Management",
  "financial-analysis-toolkit": "Financial Analysis Toolkit for Business Leaders",
  "sustainable-business-practices": "Implementing Sustainable Business Practices",
};

const form = (page: Page) => page.getByRole("form", { name: "Get your free guide" });
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label}\\*?$`));
const submit = (page: Page) => form(page).getByRole("button", { name: /Send Me the Guide|Sending Guide/ });
const summary = (page: Page) => form(page).locator("[aria-labelledby='guide-error-summary-title']");

async function fillRequest(page: Page, email: string, guide = "financial-analysis-toolkit") {
  await field(page, "First Name").fill("Priya");
  await field(page, "Last Name").fill("Raman");
  await field(page, "Email Address").fill(email);
  await field(page, "Company Name").fill("Northgate Utilities");
  await field(page, "Guide").selectOption(guide);
}

test("the screen: hero with the three benefits, the trusted-by line and the form", async ({ page }) => {
  await gotoHydrated(page, "/get-guide");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  for (const benefit of ["Expert-authored", "Proven frameworks", "Immediate implementation"]) {
    await expect(main.getByRole("listitem").filter({ hasText: benefit })).toHaveCount(1);
  }
  await expect(main).toContainText("Trusted by 1000+ professionals");
  for (const label of ["First Name", "Last Name", "Email Address", "Company Name", "Guide"]) {
    await expect(field(page, label)).toHaveAttribute("required", "");
  }
  const options = await field(page, "Guide")
    .locator("option:not([value=''])")
    .evaluateAll((o) => o.map((x) => [(x as HTMLOptionElement).value, x.textContent]));
  expect(Object.fromEntries(options)).toEqual(guides);
  await expect(field(page, "Guide")).toHaveValue("");
  await expect(submit(page)).toHaveText("Send Me the Guide");
  await expect(page.locator("link[rel='canonical']")).toHaveAttribute("href", /\/get-guide$/);
});

test("/lead-capture is the same screen, with /get-guide as its canonical address", async ({ page }) => {
  await gotoHydrated(page, "/lead-capture?guide=sustainable-business-practices");
  await expect(form(page)).toBeVisible();
  await expect(page.locator("link[rel='canonical']")).toHaveAttribute("href", /\/get-guide$/);
  await expect(field(page, "Guide")).toHaveValue("sustainable-business-practices");
});

test("?guide= preselects the guide; an unknown value selects nothing", async ({ page }) => {
  await gotoHydrated(page, "/get-guide?guide=enterprise-risk-management");
  await expect(field(page, "Guide")).toHaveValue("enterprise-risk-management");
  await gotoHydrated(page, "/get-guide?guide=no-such-guide");
  await expect(field(page, "Guide")).toHaveValue("");
});

test("an empty submit shows the spec's messages under the fields and a focused summary whose links focus the fields", async ({
  page,
}) => {
  await gotoHydrated(page, "/get-guide");
  await submit(page).click();
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole("link")).toHaveText(Object.values(messages));
  for (const [name, message] of Object.entries(messages)) {
    await expect(form(page).locator(`[name='${name}']`)).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).locator(`[name='${name}']`)).toHaveAccessibleDescription(message);
  }
  await summary(page).getByRole("link", { name: messages.company }).click();
  await expect(field(page, "Company Name")).toBeFocused();
  await summary(page).getByRole("link", { name: messages.guide_name }).click();
  await expect(field(page, "Guide")).toBeFocused();

  // Live re-validation from now on.
  await field(page, "First Name").fill("P");
  await expect(form(page).locator("#guide-first_name-error")).toHaveText(messages.first_name);
  await field(page, "First Name").fill("Pr");
  await expect(form(page).locator("#guide-first_name-error")).toHaveCount(0);
  await field(page, "Guide").selectOption("enterprise-risk-management");
  await expect(form(page).locator("#guide-guide_name-error")).toHaveCount(0);
});

test("a request: spinner and 'Sending Guide...', then the success screen; the guide and the team notification arrive @both-widths", async ({
  mailbox,
  page,
}) => {
  const email = uniqueEmail("guide");
  // Hold the answer back until the button has been seen while it is sent.
  const { release } = await holdRequests(page, "**/api/webhook/guide-request");
  await gotoHydrated(page, "/get-guide");
  await fillRequest(page, email);
  await submit(page).click();
  await expect(submit(page)).toHaveText("Sending Guide...");
  await expect(submit(page)).toBeDisabled();
  await expect(submit(page).locator("svg.animate-spin")).toBeVisible();
  release();

  const status = page.getByRole("status").filter({ hasText: "Success! Your Guide is On Its Way" });
  await expect(status.getByRole("heading", { name: "Success! Your Guide is On Its Way" })).toBeVisible();
  await expect(status).toContainText("e-mailed you a link to download your guide");
  await expect(status.getByRole("link", { name: "Explore Our Training" })).toHaveAttribute("href", "/training");
  await expect(status.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expect(form(page)).toHaveCount(0);

  const guide = await mailbox.waitForEmail(email, { subject: /Your guide: Financial Analysis Toolkit/ });
  expect(guide.text).toMatch(/\/downloads\/\S+/);
  const team = await mailbox.waitForTeamEmail(email, { subject: /Guide request/ });
  for (const value of [
    "Priya",
    "Raman",
    email,
    "Northgate Utilities",
    guides["financial-analysis-toolkit"],
    "financial-analysis-toolkit",
    "/get-guide",
  ]) {
    expect(team.text).toContain(value);
  }
});

test("a failure shows 'Something went wrong. Please try again.' in the page, keeping what was typed", async ({
  page,
}) => {
  const email = uniqueEmail("guide-fail");
  await page.route("**/api/webhook/guide-request", (route) => route.abort("connectionrefused"));
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  await gotoHydrated(page, "/get-guide");
  await fillRequest(page, email);
  await submit(page).click();
  await expect(form(page).getByRole("alert")).toContainText("Something went wrong. Please try again.");
  expect(dialogs).toBe(0);
  await expect(field(page, "Email Address")).toHaveValue(email);
  await expect(field(page, "Guide")).toHaveValue("financial-analysis-toolkit");
  await expect(submit(page)).toHaveText("Send Me the Guide");

  // A 400 from the server: the alert plus the field's message.
  await answerWithJson(page, "**/api/webhook/guide-request", 400, {
    success: false,
    message: "Please correct the highlighted fields and try again.",
    errors: { email: messages.email },
  });
  await submit(page).click();
  await expect(form(page).getByRole("alert")).toContainText("Something went wrong. Please try again.");
  await expect(form(page).locator("#guide-email-error")).toHaveText(messages.email);
  await expect(summary(page)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

withoutJavaScript(() => {
  test("the server answers with the messages and keeps the values, then shows the success screen", async ({
    page,
    mailbox,
  }) => {
    const email = uniqueEmail("guide-nojs");
    await page.goto("/get-guide?guide=sustainable-business-practices");
    await expect(field(page, "Guide")).toHaveValue("sustainable-business-practices");
    await field(page, "First Name").fill("Priya");
    await field(page, "Email Address").fill("priya@");
    await submit(page).click();
    await expect(form(page).getByRole("alert")).toContainText("Something went wrong. Please try again.");
    await expect(form(page).locator("#guide-last_name-error")).toHaveText(messages.last_name);
    await expect(form(page).locator("#guide-email-error")).toHaveText(messages.email);
    await expect(form(page).locator("#guide-company-error")).toHaveText(messages.company);
    await expect(field(page, "First Name")).toHaveValue("Priya");
    await expect(field(page, "Email Address")).toHaveValue("priya@");
    await expect(field(page, "Guide")).toHaveValue("sustainable-business-practices");

    await field(page, "Last Name").fill("Raman");
    await field(page, "Email Address").fill(email);
    await field(page, "Company Name").fill("Northgate Utilities");
    await submit(page).click();
    await expect(page.getByRole("heading", { name: "Success! Your Guide is On Its Way" })).toBeVisible();
    await mailbox.waitForEmail(email, { subject: /Your guide: Implementing Sustainable Business Practices/ });
  });
});

test("no WCAG 2.2 AA violations with errors shown, or on the success screen", async ({ page }) => {
  await gotoHydrated(page, "/get-guide");
  await submit(page).click();
  await expect(summary(page)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await fillRequest(page, uniqueEmail("guide-axe"), "enterprise-risk-management");
  await submit(page).click();
  await expect(page.getByRole("heading", { name: "Success! Your Guide is On Its Way" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
