/**
 * The back office in tests: accounts made the way an operator makes them
 * (`npm run admin -- create-user`, the real script), one-time codes from an
 * authenticator's point of view, and a small cookie-keeping HTTP client for
 * the security tests.
 */
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { axeViolations } from "../../harness/axe.ts";
import { TOTP, Secret } from "otpauth";
import { hashPassword } from "../../app/staff/passwords.server.ts";
import type { StaffRole } from "../../app/data/schema.ts";
import { tokenHash } from "../../app/secrets/tokens.server.ts";
import { loadKeyring } from "../../app/secrets/keys.server.ts";
import { seal } from "../../app/secrets/sealing.server.ts";
import { sessionCookieHeader } from "../../app/staff/request.server.ts";
import { signInLimits } from "../../app/staff/sign-in-limits.server.ts";
import { sqliteWrite } from "../../harness/servers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export const staffPassword = "a long and memorable passphrase";

/**
 * Runs `npm run admin -- create-user` against a site's data; returns the set-up
 * link it prints. An administrator unless `role` names a member's permissions.
 */
export async function inviteFromCommandLine(
  site: { dataDir: string; baseURL: string; env?: Record<string, string> },
  invitee: { email: string; name: string; role?: StaffRole },
): Promise<string> {
  const args = ["--import", "./scripts/aliases.ts", "scripts/admin.ts", "create-user"];
  args.push("--email", invitee.email, "--name", invitee.name, "--role", invitee.role ?? "admin");
  const { stdout } = await run(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: site.dataDir, SITE_URL: site.baseURL, ...site.env },
  });
  const link = /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(stdout)?.[0];
  if (!link) throw new Error(`create-user printed no set-up link:\n${stdout}`);
  return link;
}

/** Text as React writes it into HTML (to find a message on a page). */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** The code an authenticator app shows for `key` (spaces allowed), `steps` × 30 s from now. */
export function totpCode(key: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** The authenticator key shown on a set-up page's HTML. */
export function keyOnSetupPage(html: string): string {
  const key = /<code id="authenticator-key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1];
  if (!key) throw new Error("No authenticator key on the set-up page");
  return key.replace(/\s/g, "");
}

/**
 * A browser-less visitor of the back office: keeps cookies (Secure ones
 * too, as browsers do for 127.0.0.1), follows nothing by itself, and puts
 * the CSRF token of the last page into each post unless told otherwise.
 */
export class StaffClient {
  readonly cookies = new Map<string, string>();
  csrf = "";

  readonly baseURL: string;
  /** Sent with every request (X-Forwarded-For, to come from an address of the test's choosing). */
  readonly headers: Record<string, string>;

  constructor(baseURL: string, headers: Record<string, string> = {}) {
    this.baseURL = baseURL;
    this.headers = headers;
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(urlPath: string): Promise<{ response: Response; html: string }> {
    const response = await fetch(new URL(urlPath, this.baseURL), {
      headers: { ...this.headers, Cookie: this.cookieHeader() },
      redirect: "manual",
    });
    this.remember(response);
    const html = await response.text();
    const csrf = /name="_csrf" value="([^"]*)"/.exec(html)?.[1];
    if (csrf) this.csrf = csrf;
    return { response, html };
  }

  /** Posts a form: a field given several values (checkboxes) is sent once for each. */
  async post(
    urlPath: string,
    fields: Record<string, string | readonly string[]>,
    { csrf = this.csrf }: { csrf?: string | null } = {},
  ): Promise<{ response: Response; html: string }> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    if (csrf !== null) body.set("_csrf", csrf);
    const response = await fetch(new URL(urlPath, this.baseURL), {
      method: "POST",
      headers: { ...this.headers, Cookie: this.cookieHeader(), "Content-Type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
    this.remember(response);
    return { response, html: await response.text() };
  }

  /** Sets up an account from its set-up link; returns the authenticator key. Signed in afterwards. */
  async setUp(link: string, password = staffPassword): Promise<string> {
    const { html } = await this.get(link);
    const key = keyOnSetupPage(html);
    const { response } = await this.post(new URL(link).pathname, { password, confirm: password, code: totpCode(key) });
    if (response.status !== 302) throw new Error(`Set-up answered ${response.status}`);
    return key;
  }

  /** Signs in with password and a code `steps` × 30 s ahead (each sign-in needs a code not used before). */
  async signIn(email: string, key: string, steps: number, password = staffPassword): Promise<void> {
    await this.get("/admin/sign-in");
    const first = await this.post("/admin/sign-in", { email, password });
    if (first.response.status !== 302) throw new Error(`Password step answered ${first.response.status}`);
    await this.get("/admin/sign-in/code");
    const second = await this.post("/admin/sign-in/code", { code: totpCode(key, steps) });
    if (second.response.status !== 302) throw new Error(`Code step answered ${second.response.status}`);
  }
}

/**
 * `guesser` tries as many wrong passwords for `email` as one address may,
 * each refused (401); then even the right password is refused (429, try
 * again in 15 minutes).
 */
export async function guessPasswordsUntilThrottled(guesser: StaffClient, email: string) {
  for (let i = 0; i < signInLimits.perAccountAndAddress; i++) {
    const { response } = await guesser.post("/admin/sign-in", { email, password: `guess number ${i}!` });
    expect(response.status).toBe(401);
  }
  const right = await guesser.post("/admin/sign-in", { email, password: staffPassword });
  expect(right.response.status).toBe(429);
  expect(right.response.headers.get("retry-after")).toBe("900");
  expect(right.html).toContain("Too many sign-in attempts.");
}

/**
 * Sets up an account in the browser from its set-up link (checking the page
 * with axe first if asked); returns the authenticator key. Signed in after.
 */
export async function setUpInBrowser(page: Page, link: string, { checkAccessibility = false } = {}) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
  if (checkAccessibility) {
    expect(await axeViolations(page)).toEqual([]);
  }
  const key = (await page.locator("#authenticator-key").innerText()).replace(/\s/g, "");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(staffPassword);
  await page.getByLabel("The same password again").fill(staffPassword);
  await page.getByLabel("The 6-digit code the app now shows").fill(totpCode(key));
  await page.getByRole("button", { name: "Set up my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return key;
}

/**
 * A new account made the way an operator makes one and set up in the browser:
 * signed in after; returns the authenticator key.
 */
export async function signInNewStaff(
  page: Page,
  site: Parameters<typeof inviteFromCommandLine>[0],
  invitee: Parameters<typeof inviteFromCommandLine>[1],
): Promise<string> {
  return setUpInBrowser(page, await inviteFromCommandLine(site, invitee));
}

/**
 * A session written straight into a site's SQLite database, as sign-in
 * writes one (its id the token's SHA-256), full and fresh unless told
 * otherwise; returns the Cookie pair that presents it.
 */
export async function insertSession(
  dataDir: string,
  userId: string,
  {
    stage = "full",
    expiresAt = new Date(Date.now() + 3600_000).toISOString(),
    lastSeenAt = new Date().toISOString(),
    revokedAt = null,
  }: { stage?: "password" | "full"; expiresAt?: string; lastSeenAt?: string; revokedAt?: string | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  sqliteWrite(
    dataDir,
    `INSERT INTO staff_sessions (id, user_id, stage, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, '127.0.0.1', 'a test''s session')`,
    [tokenHash(token), userId, stage, new Date().toISOString(), lastSeenAt, expiresAt, revokedAt],
  );
  return (await sessionCookieHeader(token, expiresAt)).split(";")[0]!;
}

/** The hash of `staffPassword`, made once per test process (argon2id takes a while). */
let staffPasswordHash: Promise<string> | undefined;

/**
 * A set-up account written straight into a site's SQLite database (as
 * set-up writes one: `staffPassword`, an authenticator key of its own),
 * without the command line or the set-up page; an administrator unless
 * `role` names a member's permissions. For tests that are not about making
 * or setting up accounts: the account can still sign in through the form.
 */
export async function insertStaff(
  dataDir: string,
  account: { email: string; name: string; role?: StaffRole },
): Promise<{ id: string; email: string; key: string }> {
  const id = randomUUID();
  const key = new Secret({ size: 20 }).base32;
  const now = new Date().toISOString();
  staffPasswordHash ??= hashPassword(staffPassword);
  sqliteWrite(
    dataDir,
    `INSERT INTO staff_users (id, email, name, role, password_hash, totp_secret, totp_last_step, created_at, updated_at, disabled_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, NULL)`,
    [
      id,
      account.email.toLowerCase(),
      account.name,
      account.role ?? "admin",
      await staffPasswordHash,
      // Sealed with the site's key (DATA_DIR/secrets.key), as set-up stores it: no key in the clear.
      seal(loadKeyring({ dataDir }).keys, key, "totp"),
      now,
      now,
    ],
  );
  return { id, email: account.email, key };
}

/**
 * Signs the browser `context` in on `site` as account `userId`: a fresh
 * session of its own in the database, its cookie in the browser (no
 * sign-in pages). The cookie as the site sets it: __Host-, Secure,
 * host-only, at / (browsers keep Secure cookies for 127.0.0.1).
 */
export async function signInBySession(
  context: BrowserContext,
  site: { baseURL: string; dataDir: string },
  userId: string,
) {
  const pair = await insertSession(site.dataDir, userId);
  const eq = pair.indexOf("=");
  await context.addCookies([
    {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain: new URL(site.baseURL).hostname,
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/**
 * A new account (`insertStaff`) signed in in the browser by a session
 * (`signInBySession`), on the back office's overview; returns the account.
 */
export async function newStaffInBrowser(
  page: Page,
  site: { baseURL: string; dataDir: string },
  account: { email: string; name: string; role?: StaffRole },
): Promise<{ id: string; email: string; key: string }> {
  const staff = await insertStaff(site.dataDir, account);
  await signInBySession(page.context(), site, staff.id);
  await page.goto(new URL("/admin", site.baseURL).href);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return staff;
}

/**
 * A StaffClient signed in on `site` as a new account (`insertStaff`) by a
 * session written into the database, holding the CSRF token of the
 * overview page for its posts; returns the client and the account.
 */
export async function newStaffClient(
  site: { baseURL: string; dataDir: string },
  account: { email: string; name: string; role?: StaffRole },
  headers: Record<string, string> = {},
): Promise<{ client: StaffClient; id: string; email: string; key: string }> {
  const staff = await insertStaff(site.dataDir, account);
  const client = await staffClientFor(site, staff.id, headers);
  return { client, ...staff };
}

/** A StaffClient signed in on `site` as account `userId` by a fresh session, with a page's CSRF token. */
export async function staffClientFor(
  site: { baseURL: string; dataDir: string },
  userId: string,
  headers: Record<string, string> = {},
): Promise<StaffClient> {
  const client = new StaffClient(site.baseURL, headers);
  const pair = await insertSession(site.dataDir, userId);
  const eq = pair.indexOf("=");
  client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  const { response } = await client.get("/admin");
  if (response.status !== 200) throw new Error(`The overview answered ${response.status} to a new session`);
  return client;
}
