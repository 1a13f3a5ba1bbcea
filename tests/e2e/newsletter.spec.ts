import { type APIRequestContext, type Page } from "@playwright/test";
import {
  type ReceivedEmail,
  axeViolations,
  expect,
  gotoHydrated,
  test,
  uniqueEmail,
  withoutJavaScript,
} from "./fixtures.ts";
import type { Mailbox } from "../../harness/mail.ts";

// The newsletter: sign-up (footer and /newsletter, with and without
// JavaScript), the double opt-in e-mail, and the confirm and unsubscribe
// pages behind its links.

const thankYou = "Thank you! Please check your inbox and confirm your subscription.";
const confirmSubject = /confirm your subscription/i;

/** Path and query of the first link in the e-mail to this page. */
function linkTo(email: ReceivedEmail, page: "confirm" | "unsubscribe"): string {
  const match = new RegExp(`https?://[^\\s"'<>()]+/newsletter/${page}\\?token=[^\\s"'<>()&]+`).exec(email.text);
  expect(match, `a /newsletter/${page} link in the e-mail`).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

/** Signs up through the API and returns the confirmation e-mail. */
async function signUp(request: APIRequestContext, mailbox: Mailbox, tag: string) {
  const address = uniqueEmail(tag);
  const response = await request.post("/api/newsletter-signup", { data: { email: address } });
  expect(response.status()).toBe(200);
  const email = await mailbox.waitForEmail(address, { subject: confirmSubject });
  return { address, email };
}

const footerForm = (page: Page) => page.getByRole("contentinfo").getByRole("region", { name: "Newsletter" });

test.describe("footer sign-up", () => {
  test("with JavaScript: stays on the page, thanks the visitor, and the confirmation e-mail has both links @both-widths", async ({
    mailbox,
    page,
  }) => {
    const address = uniqueEmail("footer-js");
    await gotoHydrated(page, "/about");
    const form = footerForm(page);
    await expect(form.getByText("We ask you to confirm by e-mail")).toBeVisible();
    await form.getByLabel("Email address").fill(address);
    await form.getByRole("button", { name: "Subscribe" }).click();

    await expect(form.getByRole("status")).toHaveText(thankYou);
    await expect(page).toHaveURL(/\/about$/);
    await expect(form.getByLabel("Email address")).toHaveValue("");

    const email = await mailbox.waitForEmail(address, { subject: confirmSubject });
    expect(linkTo(email, "confirm")).toMatch(/^\/newsletter\/confirm\?token=/);
    expect(linkTo(email, "unsubscribe")).toMatch(/^\/newsletter\/unsubscribe\?token=/);
    // The links' tokens, kept sealed in the outbox, are put in as it sends: in the text and the one-click header.
    expect(`${email.text}${email.headers["list-unsubscribe"]}`).not.toContain("withheld-credential");
    expect(email.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<https?://[^/]+${linkTo(email, "unsubscribe").replace(/[?]/g, "\\?")}>$`),
    );
    expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  test("signing up twice with one address is harmless: success both times", async ({ page, mailbox }) => {
    const address = uniqueEmail("footer-twice");
    await gotoHydrated(page, "/training");
    const form = footerForm(page);
    for (let i = 0; i < 2; i++) {
      await form.getByLabel("Email address").fill(address);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toHaveText(thankYou);
    }
    await mailbox.waitForEmail(address, { subject: confirmSubject });
  });

  test("an address that is not one gets the shared schema's message under the field, and nothing is sent", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const form = footerForm(page);
    const field = form.getByLabel("Email address");
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    // The browser's own check accepts "name@host"; the schema (the server's too) wants a full domain.
    await field.fill("someone@localhost");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
    // Corrected, the message goes as the visitor types.
    await field.fill("someone@example.com");
    await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
    expect(posted).toBe(false);
  });

  test("a network failure is reported beside the form, and the page stays", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.route("**/api/newsletter-signup", (route) => route.abort());
    const form = footerForm(page);
    await form.getByLabel("Email address").fill(uniqueEmail("offline"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toContainText("could not reach our server");
    await expect(form.getByLabel("Email address")).not.toHaveValue("");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Something went wrong");
  });

  test("an empty address is blocked in the browser", async ({ page }) => {
    await gotoHydrated(page, "/");
    const form = footerForm(page);
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await form.getByRole("button", { name: "Subscribe" }).click();
    expect(await form.getByLabel("Email address").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
      true,
    );
    expect(posted).toBe(false);
  });
});

withoutJavaScript(() => {
  test("the footer form posts to /newsletter, which shows the result; the e-mail arrives", async ({
    page,
    mailbox,
  }) => {
    const address = uniqueEmail("footer-nojs");
    await page.goto("/resources");
    const form = footerForm(page);
    await form.getByLabel("Email address").fill(address);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(thankYou);
    const email = await mailbox.waitForEmail(address, { subject: confirmSubject });
    expect(linkTo(email, "confirm")).toContain("token=");
  });

  test("/newsletter shows a refused address with its message and keeps what was typed", async ({ page }) => {
    await page.goto("/newsletter");
    const main = page.getByRole("main");
    await main.getByLabel("Email address").fill("someone@localhost");
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByText("Please enter a valid email address")).toBeVisible();
    await expect(main.getByLabel("Email address")).toHaveValue("someone@localhost");
    await expect(main.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  test("the confirm page's button works", async ({ mailbox, page, request }) => {
    const { email } = await signUp(request, mailbox, "confirm-nojs");
    await page.goto(linkTo(email, "confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your subscription is confirmed");
  });
});

test.describe("/newsletter page", () => {
  test("explains the newsletter, double opt-in, unsubscribing and links the privacy policy", async ({
    page,
    mailbox,
  }) => {
    await gotoHydrated(page, "/newsletter");
    await expect(page).toHaveTitle(/^Newsletter \| /);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
    await expect(main).toContainText("double opt-in");
    await expect(main).toContainText("unsubscribe link");
    await expect(main.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute("href", "/privacy");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const address = uniqueEmail("page-js");
    await main.getByLabel("Email address").fill(address);
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByRole("status")).toHaveText(thankYou);
    await mailbox.waitForEmail(address, { subject: confirmSubject });
  });

  test("has no WCAG 2.2 AA violations, also with a message and a field error shown", async ({ page }) => {
    await gotoHydrated(page, "/newsletter");
    expect(await axeViolations(page)).toEqual([]);
    const main = page.getByRole("main");
    await main.getByLabel("Email address").fill("someone@localhost");
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByText("Please enter a valid email address")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("confirm link", () => {
  test("opening it changes nothing; the button confirms; a second confirm says it is already confirmed", async ({
    mailbox,
    page,
    request,
  }) => {
    const { email } = await signUp(request, mailbox, "confirm");
    const link = linkTo(email, "confirm");

    // Mail scanners fetch links: a GET must not confirm anything.
    const scanned = await request.get(link);
    expect(scanned.status()).toBe(200);
    await gotoHydrated(page, link);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter subscription");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Your subscription is confirmed");
    await expect(heading).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    await gotoHydrated(page, link);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your subscription is already confirmed");
  });

  test("an unknown token gets an honest answer (404 on POST), a missing or overlong one a 400", async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, "/newsletter/confirm?token=no-such-token-0123456789");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid or has expired");
    await expect(page.getByRole("main").getByRole("link", { name: /sign up to the newsletter again/ })).toHaveAttribute(
      "href",
      "/newsletter",
    );

    const unknown = await request.post("/newsletter/confirm?token=no-such-token", { form: { token: "no-such-token" } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("This link is not valid or has expired");

    const missing = await request.get("/newsletter/confirm");
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain("This link is not valid or has expired");
    expect((await request.get(`/newsletter/confirm?token=${"a".repeat(300)}`)).status()).toBe(400);
    expect((await request.post("/newsletter/confirm", { form: { token: "" } })).status()).toBe(400);
  });
});

test.describe("unsubscribe link", () => {
  test("opening it changes nothing; the button unsubscribes; again says already unsubscribed", async ({
    mailbox,
    page,
    request,
  }) => {
    const { email } = await signUp(request, mailbox, "unsubscribe");
    await page.goto(linkTo(email, "confirm")); // confirm first, as a subscriber would have
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your subscription is confirmed");

    const link = linkTo(email, "unsubscribe");
    expect((await request.get(link)).status()).toBe(200);
    await gotoHydrated(page, link);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our newsletter");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
    await expect(page.getByRole("main").getByRole("link", { name: "sign up again" })).toHaveAttribute(
      "href",
      "/newsletter",
    );
    expect(await axeViolations(page)).toEqual([]);

    await gotoHydrated(page, link);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are already unsubscribed");
  });

  test("takes RFC 8058 one-click POSTs from mail programs", async ({ mailbox, page, request }) => {
    const { email } = await signUp(request, mailbox, "one-click");
    // The address a mail program uses: the List-Unsubscribe header's.
    const header = /<(https?:[^>]+)>/.exec(email.headers["list-unsubscribe"] ?? "")?.[1];
    expect(header).toBeTruthy();
    const target = new URL(header!);
    const path = `${target.pathname}${target.search}`;
    expect(path).toBe(linkTo(email, "unsubscribe"));

    const first = await request.post(path, { form: { "List-Unsubscribe": "One-Click" } });
    expect(first.status()).toBe(200);
    const again = await request.post(path, { form: { "List-Unsubscribe": "One-Click" } });
    expect(again.status()).toBe(200);

    await gotoHydrated(page, path);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are already unsubscribed");
  });

  test("an unknown token gets an honest answer; a missing one a 400", async ({ page, request }) => {
    await gotoHydrated(page, "/newsletter/unsubscribe?token=no-such-token-0123456789");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid or has expired");
    await expect(page.getByRole("main").getByRole("link", { name: "About our newsletter" })).toHaveAttribute(
      "href",
      "/newsletter",
    );
    const oneClick = await request.post("/newsletter/unsubscribe?token=no-such-token", {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(404);
    expect((await request.get("/newsletter/unsubscribe")).status()).toBe(400);
    expect(
      (await request.post("/newsletter/unsubscribe", { form: { "List-Unsubscribe": "One-Click" } })).status(),
    ).toBe(400);
  });
});
