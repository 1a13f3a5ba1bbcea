import { type Page } from "@playwright/test";
import {
  answerWithJson,
  axeViolations,
  expect,
  expectIslandAwake,
  gotoHydrated,
  gotoWithoutApp,
  holdRequests,
  pauseClock,
  test,
  uniqueEmail,
  withoutJavaScript,
} from "./fixtures.ts";
import { ui } from "../../app/content/business.ts";

// The contact enquiry form (spec sections 2 to 5, 8): validation, the
// thank-you and reset, the e-mails, prefill, failures, no JavaScript.

const messages = {
  name: "Full name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  company: "Company name must be at least 2 characters.",
  serviceInterest: "Please select an area of interest.",
  message: "Message must be at least 10 characters.",
};

const form = (page: Page) => page.getByRole("form", { name: "Enquiry form" });
// A label reads "Full Name*": the asterisk is hidden from the accessible name only.
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label}\\*?$`));
const sendButton = (page: Page) => form(page).getByRole("button", { name: /Send Message|Sending/ });

type Enquiry = {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  interest: string;
  message: string;
};

function enquiry(tag: string): Enquiry {
  return {
    name: "Olivia Bennett",
    email: uniqueEmail(tag),
    phone: "+44 20 7946 0321",
    company: "Harbour Lane Capital",
    jobTitle: "Head of Risk",
    interest: "Risk Management & GRC",
    message: "We would like to train six risk analysts in the spring. What dates do you have?",
  };
}

async function fillEnquiry(page: Page, e: Enquiry) {
  await field(page, "Full Name").fill(e.name);
  await field(page, "Email Address").fill(e.email);
  await field(page, "Phone Number").fill(e.phone);
  await field(page, "Company Name").fill(e.company);
  await field(page, "Job Title").fill(e.jobTitle);
  await field(page, "Area of Interest").selectOption({ label: e.interest });
  await field(page, "Your Message").fill(e.message);
}

/** The next enquiry is held on its way until `release()`, then the connection drops (an answer without values). */
async function holdThenDrop(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.abort("internetdisconnected");
  });
  return release;
}

async function expectValuesKept(page: Page, e: Enquiry) {
  await expect(field(page, "Full Name")).toHaveValue(e.name);
  await expect(field(page, "Email Address")).toHaveValue(e.email);
  await expect(field(page, "Phone Number")).toHaveValue(e.phone);
  await expect(field(page, "Company Name")).toHaveValue(e.company);
  await expect(field(page, "Job Title")).toHaveValue(e.jobTitle);
  await expect(field(page, "Area of Interest")).toHaveValue("risk-grc");
  await expect(field(page, "Your Message")).toHaveValue(e.message);
}

test("the form: labelled fields, required ones marked, the promise, consent and privacy link", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const box = page.locator("#enquiry-form");
  await expect(box.getByRole("form", { name: "Enquiry form" })).toBeVisible();
  for (const label of [
    "Full Name",
    "Email Address",
    "Phone Number",
    "Company Name",
    "Area of Interest",
    "Your Message",
  ]) {
    await expect(field(page, label)).toHaveAttribute("required", "");
    await expect(form(page).locator("label", { hasText: label }).locator("[aria-hidden='true']")).toHaveText("*");
  }
  await expect(field(page, "Job Title")).not.toHaveAttribute("required");
  const options = await field(page, "Area of Interest")
    .locator("option:not([value=''])")
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  expect(options).toEqual([
    "risk-grc",
    "accounting-auditing",
    "strategy",
    "sustainability",
    "custom-training",
    "consulting",
    "other",
  ]);
  const preferred = form(page).getByRole("group", { name: "Preferred Contact Method" });
  await expect(preferred.getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(preferred.getByRole("radio", { name: "Phone" })).not.toBeChecked();
  await expect(box).toContainText("within 24 business hours");
  await expect(box).toContainText("Monday-Friday 9:00 AM - 5:30 PM");
  await expect(box).toContainText("By submitting this form, you agree to the Privacy Policy.");
  await expect(box.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(sendButton(page)).toHaveText("Send Message");
});

test("an empty submit shows each message under its field, a focused summary, and sends nothing", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await gotoHydrated(page, "/contact");
  await sendButton(page).click();

  const summary = form(page).locator("[aria-labelledby='contact-error-summary-title']");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText(Object.values(messages));

  for (const [name, message] of Object.entries(messages)) {
    const control = form(page).locator(`[name='${name}']`);
    await expect(control).toHaveAttribute("aria-invalid", "true");
    await expect(control).toHaveAccessibleDescription(message);
    await expect(form(page).locator(`#contact-${name}-error`)).toHaveText(message);
  }
  await expect(field(page, "Job Title")).not.toHaveAttribute("aria-invalid");
  expect(posts).toEqual([]);
});

test("the time the form was shown, set once it is live, is kept through its re-renders", async ({ page }) => {
  // The server refuses a send quicker than a person fills a form in (FORM_MIN_FILL_SECONDS) from this
  // time; a form that re-rendered it away would lose that check (ADR 092: React blanked it, Preact keeps it).
  await gotoHydrated(page, "/contact");
  const shownAt = form(page).locator('input[type="hidden"][name="formStartedAt"]');
  await expect(shownAt).toHaveValue(/^\d{13}$/);
  const first = await shownAt.inputValue();
  await sendButton(page).click();
  await expect(form(page).locator("#contact-name-error")).toHaveText(messages.name);
  await field(page, "Full Name").fill("Olivia Bennett");
  await expect(form(page).locator("#contact-name-error")).toHaveCount(0);
  await expect(shownAt).toHaveValue(first);
});

test("after the first submit, each change re-validates at once", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await field(page, "Full Name").fill("A");
  await field(page, "Email Address").fill("olivia@");
  // Nothing is checked before the first submit.
  await expect(form(page).getByText(messages.name)).toHaveCount(0);
  await sendButton(page).click();
  await expect(form(page).locator("#contact-name-error")).toHaveText(messages.name);
  await expect(form(page).locator("#contact-email-error")).toHaveText(messages.email);

  await field(page, "Full Name").fill("Al");
  await expect(form(page).locator("#contact-name-error")).toHaveCount(0);
  await expect(field(page, "Full Name")).not.toHaveAttribute("aria-invalid");
  await field(page, "Email Address").fill("olivia@example.test");
  await expect(form(page).locator("#contact-email-error")).toHaveCount(0);
  await field(page, "Full Name").fill("");
  await expect(form(page).locator("#contact-name-error")).toHaveText(messages.name);
  await field(page, "Area of Interest").selectOption("strategy");
  await expect(form(page).locator("#contact-serviceInterest-error")).toHaveCount(0);
  // The summary follows the fields.
  await expect(form(page).locator("[aria-labelledby='contact-error-summary-title'] a")).toHaveText([
    messages.name,
    messages.phone,
    messages.company,
    messages.message,
  ]);
});

test("the error summary's links take focus to their fields", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await sendButton(page).click();
  const summary = form(page).locator("[aria-labelledby='contact-error-summary-title']");
  await summary.getByRole("link", { name: messages.email }).click();
  await expect(field(page, "Email Address")).toBeFocused();
  await summary.getByRole("link", { name: messages.serviceInterest }).click();
  await expect(field(page, "Area of Interest")).toBeFocused();
  await summary.getByRole("link", { name: messages.message }).click();
  await expect(field(page, "Your Message")).toBeFocused();
  await expect(field(page, "Your Message")).toBeInViewport();
});

test("a valid enquiry: 'Sending...', a thank-you for 5 seconds, then an empty form; both e-mails arrive @both-widths", async ({
  mailbox,
  page,
}) => {
  const e = enquiry("contact");
  // Hold the answer back until the button has been seen while it is sent.
  const { release } = await holdRequests(page, "**/api/contact");
  // The page's clock (a minute behind the server's, so the form's start time
  // is never in the server's future) is moved on by hand below.
  await page.clock.install({ time: Date.now() - 60_000 });
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, e);
  await form(page).getByRole("radio", { name: "Phone" }).check();
  // From here the page's time stands still unless moved on: however slow
  // this machine is, the thank-you's timer sees only the time we give it.
  await pauseClock(page);
  await sendButton(page).click();
  await expect(sendButton(page)).toHaveText("Sending...");
  await expect(sendButton(page)).toBeDisabled();
  release();

  const thanks = page.locator("#enquiry-form [role='status']");
  await expect(thanks).toContainText("Thank you for your message");
  await expect(thanks).toContainText("We have received it and will respond within 24 business hours.");
  await expect(form(page)).toHaveCount(0);

  // Shown for 5 seconds: still there just before, gone just after.
  await page.clock.runFor(ui.contactThankYouMs - 300);
  await expect(thanks).toContainText("Thank you for your message");
  await expect(form(page)).toHaveCount(0);
  await page.clock.runFor(600);
  await expect(form(page)).toBeVisible();
  await expect(thanks).toBeEmpty();
  for (const label of ["Full Name", "Email Address", "Phone Number", "Company Name", "Job Title", "Your Message"]) {
    await expect(field(page, label)).toHaveValue("");
  }
  await expect(field(page, "Area of Interest")).toHaveValue("");
  await expect(form(page).getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(form(page).locator("[aria-invalid='true']")).toHaveCount(0);

  const acknowledgement = await mailbox.waitForEmail(e.email, { subject: /We have received your enquiry/ });
  expect(acknowledgement.text).toContain(e.message);
  expect(acknowledgement.text).toContain("by phone");
  const team = await mailbox.waitForTeamEmail(e.email, { subject: /New enquiry/ });
  expect(team.subject).toContain(e.name);
  expect(team.replyTo).toContain(e.email);
  for (const value of [e.name, e.email, e.phone, e.company, e.jobTitle, e.interest, e.message, "Phone"]) {
    expect(team.text).toContain(value);
  }
});

test("the form can be filled in and sent with the keyboard alone", async ({ page, mailbox }) => {
  const e = enquiry("keyboard");
  await gotoHydrated(page, "/contact");
  await field(page, "Full Name").focus();
  await page.keyboard.type(e.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(e.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(e.phone);
  await page.keyboard.press("Tab");
  await page.keyboard.type(e.company);
  await page.keyboard.press("Tab");
  await page.keyboard.type(e.jobTitle);
  await page.keyboard.press("Tab");
  await expect(field(page, "Area of Interest")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(field(page, "Area of Interest")).toHaveValue("risk-grc");
  await page.keyboard.press("Tab");
  await expect(field(page, "Your Message")).toBeFocused();
  await page.keyboard.type(e.message);
  await page.keyboard.press("Tab");
  await expect(form(page).getByRole("radio", { name: "Email" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  await mailbox.waitForEmail(e.email, { subject: /We have received your enquiry/ });
});

test("Request Corporate Rate on a course page prefills the area of interest and the message", async ({ page }) => {
  await gotoHydrated(page, "/courses/corporate-finance");
  await page
    .getByRole("complementary", { name: "Course highlights" })
    .getByRole("link", { name: "Request Corporate Rate" })
    .click();
  await expect(page).toHaveURL(/\/contact\?course=corporate-finance&interest=accounting-auditing$/);
  await expect(field(page, "Area of Interest")).toHaveValue("accounting-auditing");
  await expect(field(page, "Your Message")).toHaveValue(
    "I would like to ask about a corporate rate for Corporate Finance for our team.",
  );
});

test("the prefill also comes with the page itself; unknown values are ignored", async ({ page }) => {
  await gotoHydrated(page, "/contact?course=carbon-accounting&interest=sustainability");
  await expect(field(page, "Area of Interest")).toHaveValue("sustainability");
  await expect(field(page, "Your Message")).toHaveValue(
    "I would like to ask about a corporate rate for Carbon Accounting for our team.",
  );
  await gotoHydrated(page, "/contact?course=no-such-course&interest=marketing");
  await expect(field(page, "Area of Interest")).toHaveValue("");
  await expect(field(page, "Your Message")).toHaveValue("");
});

test("a server failure (503) is shown at the top of the form and nothing typed is lost", async ({ page }) => {
  const e = enquiry("unavailable");
  const failure =
    "Sorry, we could not save your details just now. Nothing was sent. Please try again in a few minutes or e-mail us.";
  await answerWithJson(page, "**/api/contact", 503, { success: false, message: failure });
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, e);
  await sendButton(page).click();
  await expect(form(page).getByRole("alert")).toHaveText(failure);
  await expectValuesKept(page, e);
  await expect(sendButton(page)).toBeEnabled();
  await expect(page.locator("#enquiry-form [role='status']")).toBeEmpty();
});

test("an area of interest chosen again after a refusal stays chosen while the next try is sent, and after it fails", async ({
  page,
}) => {
  // The server's refusal carries back what was sent (as its own 503 and its refusals do), and the form's
  // defaults come from it. Neither the next try under way nor its failure, which carries no values, may
  // change a default under what the visitor chose since (Preact would select the new default's option).
  const e = enquiry("chosen-again");
  const failure =
    "Sorry, we could not save your details just now. Nothing was sent. Please try again in a few minutes or e-mail us.";
  const { interest: _label, ...sent } = e;
  await answerWithJson(page, "**/api/contact", 503, {
    success: false,
    message: failure,
    values: { ...sent, serviceInterest: "risk-grc", preferredContact: "email" },
  });
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, e);
  await sendButton(page).click();
  await expect(form(page).getByRole("alert")).toHaveText(failure);
  await field(page, "Area of Interest").selectOption({ label: "Strategy & Execution" });

  // The next try is held on its way, then the connection drops (an answer without the values).
  await page.unrouteAll();
  const release = await holdThenDrop(page);
  await sendButton(page).click();
  await expect(sendButton(page)).toBeDisabled();
  await expect(field(page, "Area of Interest")).toHaveValue("strategy");
  release();
  await expect(form(page).getByRole("alert")).toContainText("We could not reach our server, so nothing was sent.");
  await expect(field(page, "Area of Interest")).toHaveValue("strategy");
});

test("fields the server filled in its answer to a post without the form's code keep their text while the next try is sent and after it fails", async ({
  page,
}) => {
  // Posted before the form's code arrived (the islands refused): the server's refusal fills the fields in.
  const e = enquiry("filled-by-server");
  await gotoWithoutApp(page, "/contact");
  await fillEnquiry(page, { ...e, message: "Too short" });
  await sendButton(page).click();
  await expect(form(page).locator("#contact-message-error")).toHaveText(messages.message);
  await expect(field(page, "Full Name")).toHaveValue(e.name);

  // Now the code may come: the visitor corrects the message only, and sends it with the form's code.
  await page.unrouteAll();
  await field(page, "Your Message").fill(e.message);
  await expectIslandAwake(page, "contact");
  const release = await holdThenDrop(page);
  await sendButton(page).click();
  await expect(sendButton(page)).toBeDisabled();
  await expectValuesKept(page, e);
  release();
  await expect(form(page).getByRole("alert")).toContainText("We could not reach our server, so nothing was sent.");
  await expectValuesKept(page, e);
});

test("a network failure is shown at the top of the form and nothing typed is lost", async ({ page, mailbox }) => {
  const e = enquiry("offline");
  await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, e);
  await sendButton(page).click();
  await expect(form(page).getByRole("alert")).toContainText("We could not reach our server, so nothing was sent.");
  await expectValuesKept(page, e);

  // Once the connection is back, the same form goes through.
  await page.unroute("**/api/contact");
  await sendButton(page).click();
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  await mailbox.waitForEmail(e.email, { subject: /We have received your enquiry/ });
});

test("field messages from the server are shown under the fields", async ({ page }) => {
  // The server checks too: an answer with field errors (as if the browser's check had been bypassed).
  await answerWithJson(page, "**/api/contact", 400, {
    success: false,
    message: "Please correct the highlighted fields and try again.",
    errors: { phone: messages.phone },
  });
  const e = enquiry("server-check");
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, e);
  await sendButton(page).click();
  await expect(form(page).getByRole("alert")).toHaveText("Please correct the highlighted fields and try again.");
  await expect(form(page).locator("#contact-phone-error")).toHaveText(messages.phone);
  await expect(form(page).locator("[aria-labelledby='contact-error-summary-title']")).toBeFocused();
  await expectValuesKept(page, e);
});

withoutJavaScript(() => {
  test("the server answers with the messages and keeps what was typed, then accepts the enquiry", async ({
    page,
    mailbox,
  }) => {
    const e = enquiry("nojs");
    await page.goto("/contact?course=strategy-execution&interest=strategy");
    await expect(field(page, "Area of Interest")).toHaveValue("strategy");
    await field(page, "Full Name").fill("O");
    await field(page, "Email Address").fill("not-an-address");
    await field(page, "Company Name").fill(e.company);
    await sendButton(page).click();

    await expect(form(page).getByRole("alert")).toHaveText("Please correct the highlighted fields and try again.");
    await expect(form(page).locator("#contact-name-error")).toHaveText(messages.name);
    await expect(form(page).locator("#contact-email-error")).toHaveText(messages.email);
    await expect(form(page).locator("#contact-phone-error")).toHaveText(messages.phone);
    await expect(form(page).locator("#contact-company-error")).toHaveCount(0);
    await expect(field(page, "Full Name")).toHaveValue("O");
    await expect(field(page, "Email Address")).toHaveValue("not-an-address");
    await expect(field(page, "Company Name")).toHaveValue(e.company);
    await expect(field(page, "Area of Interest")).toHaveValue("strategy");
    await expect(field(page, "Your Message")).toHaveValue(/corporate rate for .+ for our team\./);

    await field(page, "Full Name").fill(e.name);
    await field(page, "Email Address").fill(e.email);
    await field(page, "Phone Number").fill(e.phone);
    await sendButton(page).click();
    await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
    await expect(form(page)).toHaveCount(0);
    await mailbox.waitForEmail(e.email, { subject: /We have received your enquiry/ });
  });
});

test("no WCAG 2.2 AA violations with field errors and a failure message shown", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await sendButton(page).click();
  await expect(form(page).locator("[aria-invalid='true']").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await answerWithJson(page, "**/api/contact", 503, { success: false, message: "Not now." });
  await fillEnquiry(page, enquiry("axe"));
  await sendButton(page).click();
  await expect(form(page).getByRole("alert")).toHaveText("Not now.");
  expect(await axeViolations(page)).toEqual([]);
});

test("no WCAG 2.2 AA violations with the thank-you shown", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await fillEnquiry(page, enquiry("axe-thanks"));
  await sendButton(page).click();
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  expect(await axeViolations(page)).toEqual([]);
});
