/**
 * Your account in Chromium, at both widths, with axe: changing your
 * password (the current one needed; your other sessions end; an e-mail
 * tells you), and your sessions (two browsers; ending the other signs it
 * out). The fresh proof before adding a passkey is in passkeys.spec.ts
 * (WebAuthn needs its own site) and account.http.spec.ts.
 */
import type { Browser, Page } from "@playwright/test";
import { signInNewStaff, staffPassword, totpCode } from "../support/staff.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

/** Signs in in a browser of its own with the password and the code `steps` × 30 s ahead. */
async function signInElsewhere(browser: Browser, like: Page, email: string, key: string, steps: number) {
  const context = await browser.newContext({ viewport: like.viewportSize(), isMobile: false });
  const page = await context.newPage();
  await page.goto("/admin/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("6-digit code").fill(totpCode(key, steps));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return { page, close: () => context.close() };
}

async function openAccount(page: Page) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}

/**
 * A new staff member called `name`, signed in here and in a browser of its own, this
 * page on "Your account"; `use` gets the address and the other browser's page, closed after.
 */
async function signedInTwice(
  { page, browser, sharedSite }: { page: Page; browser: Browser; sharedSite: Parameters<typeof signInNewStaff>[1] },
  name: string,
  use: (email: string, elsewhere: Page) => Promise<void>,
) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const key = await signInNewStaff(page, sharedSite, { email, name });
  const elsewhere = await signInElsewhere(browser, page, email, key, 1);
  try {
    await openAccount(page);
    await use(email, elsewhere.page);
  } finally {
    await elsewhere.close();
  }
}

test("changing your password needs the current one, signs your other session out and e-mails you", async ({
  page,
  browser,
  sharedSite,
  mailbox,
}) => {
  // Two browsers, several accessibility scans and password hashes: 25–30 s on two cores (CI).
  test.slow();
  await signedInTwice({ page, browser, sharedSite }, "Pat Password", async (email, elsewhere) => {
    await expect(page.getByText(/Changing your password signs you out everywhere else/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const newPassword = "a different and memorable passphrase";
    const form = page.getByRole("region", { name: "Password" });
    await form.getByLabel("Current password").fill("not my password at all");
    await form.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
    await form.getByLabel("The new password again").fill(newPassword);
    await form.getByRole("button", { name: "Change my password" }).click();
    await expect(form.getByText("That is not your current password.")).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
    // Nothing changed: the other browser is still signed in.
    await elsewhere.goto("/admin/account");
    await expect(elsewhere.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

    await form.getByLabel("Current password").fill(staffPassword);
    await form.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
    await form.getByLabel("The new password again").fill(newPassword);
    await form.getByRole("button", { name: "Change my password" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Your password is changed. Your other session has ended; this one stays signed in.",
    );
    await expect(form.getByLabel("Current password")).toHaveValue("");
    expect(await axeViolations(page)).toEqual([]);

    // The other browser is signed out; this one is not.
    await elsewhere.goto("/admin/account");
    await expect(elsewhere).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faccount$/);
    await page.goto("/admin/account");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    // The old password no longer opens the account.
    await elsewhere.getByLabel("E-mail address").fill(email);
    await elsewhere.getByLabel("Password").fill(staffPassword);
    await elsewhere.getByRole("button", { name: "Continue" }).click();
    await expect(elsewhere.getByRole("alert")).toHaveText("That e-mail address and password do not match an account.");

    const notice = await mailbox.waitForEmail(email, { subject: /password was changed/ });
    expect(notice.text).toContain("The password of your account was changed");
    expect(notice.text).toMatch(/Device: Chrome on (Windows|Android)/);
    expect(notice.text).toContain("(London time)");
    expect(notice.text).toContain("Your other session was signed out.");
    expect(notice.text).toContain("If it was not you, tell an administrator at once (write to team@example.test)");
    expect(notice.text).not.toContain(newPassword);
    expect(notice.text).not.toMatch(/https?:\/\//);

    await page.goto("/admin/audit");
    await expect(
      page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Changed their password" }),
    ).toHaveCount(1);
    await expect(
      page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Could not confirm it is them" }),
    ).toHaveCount(1);
  });
});

test("your sessions: both browsers listed, this one marked; ending the other signs it out", async ({
  page,
  browser,
  sharedSite,
}) => {
  // Two browsers, several accessibility scans and password hashes: 25–30 s on two cores (CI).
  test.slow();
  await signedInTwice({ page, browser, sharedSite }, "Sol Sessions", async (email, elsewhere) => {
    const sessions = page.getByRole("list", { name: "Your sessions" }).getByRole("listitem");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText("(this session)");
    await expect(sessions.first()).toContainText(/Chrome on (Windows|Android)/);
    await expect(sessions.first()).toContainText(/Address 127\.0\.0\.1; started .+; last active/);
    await expect(sessions.nth(1)).not.toContainText("(this session)");
    await expect(sessions.first().getByRole("button")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await sessions
      .nth(1)
      .getByRole("button", { name: /^End the session on Chrome on / })
      .click();
    await expect(page.getByRole("status")).toContainText(/The session on Chrome on (Windows|Android) has ended\./);
    await expect(sessions).toHaveCount(1);
    await expect(page.getByRole("button", { name: "End all other sessions" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await elsewhere.goto("/admin");
    await expect(elsewhere).toHaveURL(/\/admin\/sign-in$/);
    await page.goto("/admin/audit");
    await expect(
      page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Ended one of their other sessions" }),
    ).toHaveCount(1);
  });
});
