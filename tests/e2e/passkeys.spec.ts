/**
 * Passkeys in Chromium, at both widths, with Chromium's own virtual
 * authenticator (the DevTools protocol's WebAuthn domain: real keys, real
 * signatures, no prompt): added on the account page, used for the second
 * step of sign-in, refused when replayed, removed.
 *
 * WebAuthn needs a domain name for its relying party, not an IP address, so
 * these tests run a site of their own at http://localhost:PORT (with an SMTP
 * server of their own: adding a passkey is e-mailed to the account's owner).
 */
import type { CDPSession, Page } from "@playwright/test";
import type { Mailbox } from "../../harness/mail.ts";
import { sqliteWrite, type SiteServer } from "../../harness/servers.ts";
import { signInNewStaff, staffPassword, totpCode } from "../support/staff.ts";
import { axeViolations, expect, test as shared, uniqueEmail } from "./fixtures.ts";

const test = shared.extend<object, { passkeySite: SiteServer & { mailbox: Mailbox } }>({
  passkeySite: [
    async ({ launcher }, use) => {
      await use(await launcher.siteWithMail({ name: "passkeys", hostName: "localhost" }));
    },
    { scope: "worker" },
  ],
  baseURL: async ({ passkeySite }, use) => use(passkeySite.baseURL),
});

/** A platform authenticator that holds passkeys and verifies its user, as a laptop's or phone's does. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function signOutAndEnterPassword(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Continue" }).click();
}

const csrfOf = (page: Page) => page.locator('input[name="_csrf"]').first().inputValue();

test("a passkey added on the account page signs in after the password; a replayed answer is refused; a removed one is not offered", async ({
  page,
  passkeySite,
}) => {
  const email = uniqueEmail("passkey-admin");
  await signInNewStaff(page, passkeySite, { email, name: "Paz Passkey" });
  const { cdp, id: authenticator } = await virtualAuthenticator(page);

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("You have no passkey yet.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("A name to tell it apart").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey “Test laptop” added.");
  const passkeys = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("Test laptop");
  await expect(passkeys.first()).toContainText("not used yet");
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId: authenticator })).credentials).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);

  // The same device again: the browser knows it already holds one for this account.
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already holds a passkey" })).toBeVisible();

  // Sign in again: after the password, the passkey instead of a code.
  await signOutAndEnterPassword(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // An answer that never reached the server, posted after a newer ceremony began: it signed the
  // older challenge, so it is refused, though its signature and counter are good.
  const signInPost = (url: URL) => url.pathname.startsWith("/admin/sign-in/code");
  let intercepted = "";
  await page.route(signInPost, async (route) => {
    intercepted = new URLSearchParams(route.request().postData() ?? "").get("credential") ?? "";
    await route.abort();
  });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect.poll(() => intercepted).not.toBe("");
  await page.unroute(signInPost);
  await page.reload();
  const newer = await page.request.post("/admin/passkey-options", {
    form: { _csrf: await csrfOf(page), purpose: "sign-in" },
  });
  expect(newer.status()).toBe(200);
  const stale = await page.request.post("/admin/sign-in/code", {
    form: { _csrf: await csrfOf(page), intent: "passkey", credential: intercepted, next: "/admin" },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(401);

  // The answer posted now is kept for the replay below.
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/admin/sign-in/code"));
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  const replay = new URLSearchParams((await posted).postData() ?? "").get("credential");
  expect(replay).toBeTruthy();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await page.goto("/admin/account");
  await expect(passkeys.first()).toContainText("last used");
  await page.goto("/admin/audit");
  const mine = page.getByRole("row").filter({ hasText: email });
  await expect(mine.filter({ hasText: "Added a passkey" })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Signed in" }).filter({ hasText: "with: passkey" })).toHaveCount(1);

  // The answer again, in a new sign-in whose own challenge is open: refused (it signed another challenge).
  await signOutAndEnterPassword(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  const csrf = await csrfOf(page);
  const options = await page.request.post("/admin/passkey-options", { form: { _csrf: csrf, purpose: "sign-in" } });
  expect(options.status()).toBe(200);
  const refused = await page.request.post("/admin/sign-in/code", {
    form: { _csrf: csrf, intent: "passkey", credential: replay!, next: "/admin" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain("That passkey could not be checked.");
  // Still at the second step: the account page is not open to this session.
  expect((await page.request.get("/admin/account", { maxRedirects: 0 })).status()).toBe(302);

  // The passkey itself still signs this session in.
  await page.reload();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Removed: the next sign-in asks for a code only.
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Remove the passkey Test laptop" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey “Test laptop” removed.");
  await expect(page.getByText("You have no passkey yet.")).toBeVisible();
  await signOutAndEnterPassword(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
});

test("the passkey options are refused without the right session or a CSRF token", async ({ page, passkeySite }) => {
  const email = uniqueEmail("passkey-options");
  await page.goto("/admin/sign-in");
  const csrf = await csrfOf(page);
  // No session at all.
  for (const purpose of ["sign-in", "register"]) {
    const answer = await page.request.post("/admin/passkey-options", { form: { _csrf: csrf, purpose } });
    expect(answer.status()).toBe(401);
  }
  // No CSRF token.
  const forged = await page.request.post("/admin/passkey-options", { form: { purpose: "sign-in" } });
  expect(forged.status()).toBe(403);

  // A signed-in session cannot start a sign-in ceremony, nor anything else than the two purposes.
  await signInNewStaff(page, passkeySite, { email, name: "Opal Options" });
  const signedIn = await csrfOf(page);
  expect(
    (await page.request.post("/admin/passkey-options", { form: { _csrf: signedIn, purpose: "sign-in" } })).status(),
  ).toBe(401);
  expect(
    (await page.request.post("/admin/passkey-options", { form: { _csrf: signedIn, purpose: "other" } })).status(),
  ).toBe(400);
  const registration = await page.request.post("/admin/passkey-options", {
    form: { _csrf: signedIn, purpose: "register" },
  });
  expect(registration.status()).toBe(200);
  expect(await registration.json()).toMatchObject({ rp: { id: "localhost" }, user: { name: email } });
  // An account without passkeys gets no sign-in ceremony.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  const pending = await csrfOf(page);
  const none = await page.request.post("/admin/passkey-options", { form: { _csrf: pending, purpose: "sign-in" } });
  expect(none.status()).toBe(404);
  expect(await none.text()).toContain("This account has no passkey.");
});

test("adding a passkey needs a fresh proof: after 5 minutes the page asks for the password or a code first", async ({
  page,
  passkeySite,
}) => {
  const email = uniqueEmail("passkey-proof");
  const key = await signInNewStaff(page, passkeySite, { email, name: "Pru Proof" });
  await virtualAuthenticator(page);
  // The set-up was a proof, 6 minutes ago.
  const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
  expect(
    sqliteWrite(
      passkeySite.dataDir,
      "UPDATE staff_sessions SET proved_at = ? WHERE revoked_at IS NULL AND user_id = (SELECT id FROM staff_users WHERE email = ?)",
      [sixMinutesAgo, email],
    ),
  ).toBe(1);

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Your account" }).click();
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByRole("heading", { name: "Confirm it is you to add a passkey" })).toBeVisible();
  await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const proof = passkeys.getByLabel("Your password, or the 6-digit code from your authenticator app");
  await proof.fill("not my password at all");
  await passkeys.getByRole("button", { name: "Confirm it is me" }).click();
  await expect(passkeys.getByText("That is not your password.")).toBeVisible();
  await expect(proof).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  // The set-up used this moment's code: the next one.
  await proof.fill(totpCode(key, 1));
  await passkeys.getByRole("button", { name: "Confirm it is me" }).click();
  await expect(page.getByRole("status")).toContainText("For the next 5 minutes you can add a passkey.");
  await expect(passkeys.getByText(/You confirmed it is you: you can add a passkey until/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("A name to tell it apart").fill("Proved laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey “Proved laptop” added.");
  const notice = await passkeySite.mailbox.waitForEmail(email, { subject: /passkey was added/ });
  expect(notice.text).toContain("A passkey named “Proved laptop” was added to your account");
  expect(notice.text).toMatch(/Device: Chrome on (Windows|Android)/);
  expect(notice.text).toContain("If it was not you, tell an administrator at once");
});
