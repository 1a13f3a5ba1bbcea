/**
 * Your account over plain HTTP against the production server (a site and a
 * real SMTP server apart from the shared ones, siteWith("staff")): every action refused without a
 * session or a CSRF token; adding a passkey refused without a fresh proof
 * (5 minutes, the clock moved in the database); proof answers counted by
 * the sign-in limits and audited; ending all other sessions; the e-mails
 * for a removed passkey and a used set-up link.
 */
import { proofNeeded } from "../../app/staff/account-rules.ts";
import { csrfRefusal } from "../../app/staff/request.server.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { sqliteQuery, sqliteWrite, type SiteServer } from "../../harness/servers.ts";
import { inviteFromCommandLine, keyOnSetupPage, staffPassword, StaffClient, totpCode } from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

/** A signed-in account (set up from the command line, which signs it in with both factors). */
async function account(role: "admin" | "leads" = "leads") {
  const email = uniqueEmail(`account-${role}`);
  const client = new StaffClient(site.baseURL);
  const key = await client.setUp(await inviteFromCommandLine(site, { email, name: `Acc ${role}`, role }));
  const id = String(sqliteQuery(site.dataDir, "SELECT id FROM staff_users WHERE email = ?", [email])[0]!.id);
  await client.get("/admin/account");
  return { email, client, key, id };
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** Moves the clock of the account's live sessions' last proof. */
const provedAt = (id: string, at: string) =>
  sqliteWrite(site.dataDir, "UPDATE staff_sessions SET proved_at = ? WHERE user_id = ? AND revoked_at IS NULL", [
    at,
    id,
  ]);
const auditOf = (id: string, action: string) =>
  sqliteQuery(site.dataDir, "SELECT detail FROM audit_events WHERE actor_id = ? AND action = ?", [id, action]);
const registerOptions = (client: StaffClient) => client.post("/admin/passkey-options", { purpose: "register" });

const everyAction: Record<string, string>[] = [
  { intent: "prove", proof: staffPassword },
  {
    intent: "password",
    current: staffPassword,
    password: "a new passphrase to try",
    confirm: "a new passphrase to try",
  },
  { intent: "end-session", session: "x" },
  { intent: "end-others" },
  { intent: "add", credential: "{}" },
  { intent: "remove", passkey: "x" },
];

test("every account action is refused without a session, half-way through sign-in, or without the CSRF token", async () => {
  const victim = await account();
  const other = await account();
  const stranger = new StaffClient(site.baseURL);
  await stranger.get("/admin/sign-in");
  const tryEverything = async (client: StaffClient) => {
    for (const fields of everyAction) {
      const { response } = await client.post("/admin/account", fields);
      expect(response.status, fields.intent).toBe(302);
      expect(response.headers.get("location"), fields.intent).toMatch(/^\/admin\/sign-in/);
    }
    expect((await registerOptions(client)).response.status).toBe(401);
  };
  await tryEverything(stranger);
  // The right password, no code yet.
  await stranger.post("/admin/sign-in", { email: victim.email, password: staffPassword });
  expect(stranger.cookies.has("__Host-staff-session")).toBe(true);
  await tryEverything(stranger);

  // Signed in, but a post without the page's token (another site's form).
  for (const fields of everyAction) {
    const forged = await other.client.post("/admin/account", fields, { csrf: null });
    expect(forged.response.status, fields.intent).toBe(403);
    expect(forged.html).toContain(csrfRefusal);
  }
  // Nothing happened to either account: both still sign in with the old password, and every session is live.
  const live = sqliteQuery(
    site.dataDir,
    "SELECT COUNT(*) AS n FROM staff_sessions WHERE user_id IN (?, ?) AND stage = 'full' AND revoked_at IS NULL",
    [victim.id, other.id],
  );
  expect(live[0]!.n).toBe(2);
  expect(auditOf(victim.id, "password-changed")).toEqual([]);
  expect(auditOf(other.id, "password-changed")).toEqual([]);
});

test("adding a passkey needs a proof in the last 5 minutes: refused after, until the password or a code is given again", async () => {
  const { client, key, id } = await account();
  // Set-up is a proof at that moment.
  expect((await registerOptions(client)).response.status).toBe(200);
  // 4 minutes on: still fresh.
  expect(provedAt(id, minutesAgo(4))).toBe(1);
  expect((await registerOptions(client)).response.status).toBe(200);

  // 6 minutes on: refused, by the ceremony's options and by the add itself, with the reason.
  provedAt(id, minutesAgo(6));
  const options = await registerOptions(client);
  expect(options.response.status).toBe(403);
  expect(options.html).toBe(proofNeeded);
  const add = await client.post("/admin/account", { intent: "add", name: "Stolen", credential: "{}" });
  expect(add.response.status).toBe(403);
  expect(add.html).toContain("Confirm it is you first");
  // The page offers the proof instead of the passkey prompt.
  const { html: page } = await client.get("/admin/account");
  expect(page).toContain("Confirm it is you to add a passkey");
  expect(page).not.toContain("You confirmed it is you");

  // Wrong answers: refused, audited, still no passkey ceremony.
  const wrongPassword = await client.post("/admin/account", { intent: "prove", proof: "not my password at all" });
  expect(wrongPassword.response.status).toBe(401);
  expect(wrongPassword.html).toContain("That is not your password.");
  const wrongCode = await client.post("/admin/account", { intent: "prove", proof: "000000" });
  expect(wrongCode.response.status).toBe(401);
  expect(wrongCode.html).toContain("That code is not right.");
  const empty = await client.post("/admin/account", { intent: "prove", proof: "" });
  expect(empty.response.status).toBe(400);
  expect((await registerOptions(client)).response.status).toBe(403);
  expect(auditOf(id, "proof-failed").map((r) => r.detail)).toEqual([
    JSON.stringify({ with: "password" }),
    JSON.stringify({ with: "code" }),
  ]);

  // A right code (the set-up used this moment's: the next one) is a fresh proof.
  const proved = await client.post("/admin/account", { intent: "prove", proof: totpCode(key, 1) });
  expect(proved.response.status).toBe(200);
  expect(proved.html).toContain("For the next 5 minutes you can add a passkey.");
  expect((await registerOptions(client)).response.status).toBe(200);
  expect(auditOf(id, "proof-given").map((r) => r.detail)).toEqual([JSON.stringify({ with: "code" })]);

  // The password too.
  provedAt(id, minutesAgo(6));
  expect((await registerOptions(client)).response.status).toBe(403);
  expect((await client.post("/admin/account", { intent: "prove", proof: staffPassword })).response.status).toBe(200);
  expect((await registerOptions(client)).response.status).toBe(200);
});

test("wrong proofs and current passwords count towards the sign-in limit", async () => {
  const { client, id } = await account();
  let refusedAt = 0;
  for (let attempt = 1; attempt <= 30 && !refusedAt; attempt++) {
    const guess: Record<string, string> =
      attempt % 2
        ? { intent: "prove", proof: `wrong guess number ${attempt}` }
        : {
            intent: "password",
            current: `wrong guess ${attempt}`,
            password: "a new passphrase",
            confirm: "a new passphrase",
          };
    const { response } = await client.post("/admin/account", guess);
    if (response.status === 429) refusedAt = attempt;
    else expect(response.status).toBe(401);
  }
  expect(refusedAt).toBeGreaterThan(1);
  // Now even the right password is refused.
  const right = await client.post("/admin/account", { intent: "prove", proof: staffPassword });
  expect(right.response.status).toBe(429);
  expect(right.response.headers.get("retry-after")).toBe("900");
  expect(right.html).toContain("Too many sign-in attempts.");
  expect(auditOf(id, "sign-in-throttled").length).toBeGreaterThanOrEqual(2);
  expect(auditOf(id, "proof-failed").length).toBe(refusedAt - 1);
});

test("ending all other sessions keeps this one; another account's session cannot be ended from here", async () => {
  const { client, email, key, id } = await account();
  const second = new StaffClient(site.baseURL);
  await second.signIn(email, key, 1);
  const stranger = await account();
  const strangerSession = String(
    sqliteQuery(site.dataDir, "SELECT id FROM staff_sessions WHERE user_id = ? AND revoked_at IS NULL", [
      stranger.id,
    ])[0]!.id,
  );
  const { html } = await client.get("/admin/account");
  expect(html.match(/value="end-session"/g)).toHaveLength(1);

  const theirs = await client.post("/admin/account", { intent: "end-session", session: strangerSession });
  expect(theirs.response.status).toBe(404);
  expect((await stranger.client.get("/admin")).response.status).toBe(200);

  const all = await client.post("/admin/account", { intent: "end-others" });
  expect(all.response.status).toBe(200);
  expect(all.html).toContain("Your other sessions (1) have ended.");
  expect((await second.get("/admin")).response.status).toBe(302);
  expect((await client.get("/admin")).response.status).toBe(200);
  expect(auditOf(id, "other-sessions-ended").map((r) => r.detail)).toEqual([JSON.stringify({ count: 1 })]);
});

test("removing a passkey and using a set-up link are each e-mailed to the account's owner", async () => {
  const admin = await account("admin");
  const { client, email, id } = await account("leads");
  sqliteWrite(
    site.dataDir,
    "INSERT INTO staff_passkeys (id, user_id, name, public_key, counter, transports, backed_up, created_at) VALUES (?, ?, 'Old phone', 'AQID', 0, '[]', 0, ?)",
    [`key-${id}`, id, new Date().toISOString()],
  );
  const removed = await client.post("/admin/account", { intent: "remove", passkey: `key-${id}` });
  expect(removed.response.status).toBe(200);
  const notice = await site.mailbox.waitForEmail(email, { subject: /passkey was removed/ });
  expect(notice.text).toContain("The passkey named “Old phone” was removed from your account");
  expect(notice.text).toContain("If it was not you, tell an administrator at once");

  // An administrator sends a new set-up link; once it is used, the owner is told.
  await admin.client.get("/admin/users");
  const reset = await admin.client.post("/admin/users", { intent: "reset", user: id });
  expect(reset.response.status).toBe(200);
  const linkEmail = await site.mailbox.waitForEmail(email, { subject: /sign-in .* again/ });
  const link = /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(linkEmail.text)![0];
  const owner = new StaffClient(site.baseURL);
  const { html } = await owner.get(link);
  const newKey = keyOnSetupPage(html);
  const password = "a brand new passphrase of mine";
  const used = await owner.post(new URL(link).pathname, { password, confirm: password, code: totpCode(newKey) });
  expect(used.response.status).toBe(302);
  const setUpAgain = await site.mailbox.waitForEmail(email, { subject: /sign-in was set up again/ });
  expect(setUpAgain.text).toContain("A set-up link for your account was used");
  expect(setUpAgain.text).toContain("If it was not you, tell an administrator at once");
  expect(setUpAgain.text).not.toContain("/admin/setup/");
  expect(setUpAgain.text).not.toContain(password);
});
