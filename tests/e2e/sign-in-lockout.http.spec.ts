/**
 * A lockout nobody else can trigger (ADR 037), over HTTP against the
 * production server. The site trusts one proxy (TRUST_PROXY_HOPS=1), so each
 * client chooses its address with X-Forwarded-For: a guesser at one address
 * is stopped after 5 wrong passwords; with 10 wrong answers for the account
 * from addresses it never signed in from, any new address is refused; the
 * owner, from an address they signed in from before, still signs in with
 * password and code. And a sign-in attempt on a disabled account is audited,
 * but answered as a wrong password. And the set-up page refuses a common
 * password (the list itself: tests/unit/password-check.test.ts).
 */
import { wrongPassword } from "../../app/staff/sign-in-messages.ts";
import { commonPassword } from "../../app/staff/password-check.server.ts";
import { signInLimits } from "../../app/staff/sign-in-limits.server.ts";
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import {
  guessPasswordsUntilThrottled,
  inviteFromCommandLine,
  keyOnSetupPage,
  staffPassword,
  StaffClient,
  totpCode,
} from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "sign-in-lockout", env: { TRUST_PROXY_HOPS: "1", STAFF_SIGN_IN_MAX: "1000" } });
});
test.afterAll(({ launcher }) => launcher.stopAll());

/** A client at `address` (as the site's one trusted proxy reports it), with the sign-in page's CSRF token. */
async function from(address: string): Promise<StaffClient> {
  const client = new StaffClient(site.baseURL, { "X-Forwarded-For": address });
  await client.get("/admin/sign-in");
  return client;
}

/** An account set up (and so signed in) from `address`; returns its address, key and id. */
async function account(address: string, role: "admin" | "leads" = "leads") {
  const email = uniqueEmail(`lockout-${role}`);
  const client = new StaffClient(site.baseURL, { "X-Forwarded-For": address });
  const key = await client.setUp(await inviteFromCommandLine(site, { email, name: `Lockout ${role}`, role }));
  const id = String(sqliteQuery(site.dataDir, "SELECT id FROM staff_users WHERE email = ?", [email])[0]!.id);
  return { email, key, id, client };
}

const audited = (action: string, email: string) =>
  sqliteQuery(site.dataDir, "SELECT target, ip FROM audit_events WHERE action = ? AND actor_email = ? ORDER BY at", [
    action,
    email,
  ]);

test("a guesser is stopped, new addresses are refused while the attack goes on, and the owner signs in from a known address", async () => {
  const owner = await account("198.51.100.20");

  // The guesser at 203.0.113.5: 5 wrong passwords, then even the right one is refused.
  const guesser = await from("203.0.113.5");
  await guessPasswordsUntilThrottled(guesser, owner.email);
  expect(guesser.cookies.has("__Host-staff-session")).toBe(false);

  // Five more addresses, one wrong password each: 10 for the account from addresses it never signed in from.
  for (let i = 1; i < signInLimits.perAccountFromNewAddresses - signInLimits.perAccountAndAddress + 1; i++) {
    const helper = await from(`203.0.113.${10 + i}`);
    const { response } = await helper.post("/admin/sign-in", { email: owner.email, password: `helper ${i}!` });
    expect(response.status).toBe(401);
  }
  // Any new address is now refused, even with the right password.
  const stranger = await from("192.0.2.44");
  const strangerTry = await stranger.post("/admin/sign-in", { email: owner.email, password: staffPassword });
  expect(strangerTry.response.status).toBe(429);
  expect(stranger.cookies.has("__Host-staff-session")).toBe(false);

  // The owner, from the address they set up from: a wrong password of their own, then password and code.
  const home = await from("198.51.100.20");
  const typo = await home.post("/admin/sign-in", { email: owner.email, password: "a long and memorable passphrasf" });
  expect(typo.response.status).toBe(401);
  const password = await home.post("/admin/sign-in", { email: owner.email, password: staffPassword });
  expect(password.response.status).toBe(302);
  await home.get("/admin/sign-in/code");
  const code = await home.post("/admin/sign-in/code", { code: totpCode(owner.key, 1) });
  expect(code.response.status).toBe(302);
  expect((await home.get("/admin")).response.status).toBe(200);

  expect(audited("sign-in-throttled", owner.email).map((row) => row.ip)).toEqual(["203.0.113.5", "192.0.2.44"]);
  // Signed in twice, both from home: at set-up, and now.
  expect(audited("sign-in", owner.email).map((row) => row.ip)).toEqual(["198.51.100.20", "198.51.100.20"]);
});

test("a sign-in attempt on a disabled account is audited at most once a minute, and answered as a wrong password", async () => {
  const admin = await account("198.51.100.30", "admin");
  const gone = await account("198.51.100.31");
  await admin.client.get("/admin/users");
  expect((await admin.client.post("/admin/users", { intent: "disable", user: gone.id })).response.status).toBe(200);

  for (let i = 0; i < 3; i++) {
    const { response, html } = await (
      await from("198.51.100.31")
    ).post("/admin/sign-in", { email: gone.email, password: staffPassword });
    // What a wrong password gets: nothing tells the account is disabled.
    expect(response.status).toBe(401);
    expect(html).toContain(wrongPassword);
  }
  expect(audited("sign-in-disabled-account", gone.email)).toEqual([{ target: `user:${gone.id}`, ip: "198.51.100.31" }]);
  expect(audited("sign-in-failed", gone.email)).toHaveLength(2);
  expect(site.output().match(/sign-in attempt on a disabled account/g)).toHaveLength(1);
  expect(site.output()).toContain(`"account":"${gone.id}"`);
});

test("the set-up page refuses a common password with the reason and a suggestion, and takes a passphrase", async () => {
  const link = await inviteFromCommandLine(site, { email: uniqueEmail("lockout-setup"), name: "Set Up" });
  const client = await from("198.51.100.40");
  const { html } = await client.get(link);
  const fields = { confirm: "Password1234", password: "Password1234", code: totpCode(keyOnSetupPage(html)) };
  const refused = await client.post(new URL(link).pathname, fields);
  expect(refused.response.status).toBe(400);
  expect(refused.html).toContain(commonPassword);
  expect(client.cookies.has("__Host-staff-session")).toBe(false);
  const taken = await client.post(new URL(link).pathname, {
    ...fields,
    password: staffPassword,
    confirm: staffPassword,
  });
  expect(taken.response.status).toBe(302);
});
