/**
 * The back office's defences, over plain HTTP against the production
 * server: every page and action refused without a session, with a
 * password-stage session, and once a session expired, sat idle, was revoked
 * or its account disabled (each made the way it happens); a post without a
 * valid CSRF token; password and code guessing throttled; no-store and
 * noindex everywhere, in every spelling of the address; nothing prerendered
 * or in the site map. The access matrix (access-matrix.http.spec.ts) checks
 * every route and action of the route table against the rules table, for
 * each kind of session and spelling (staff where an administrator is needed
 * among them).
 */
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { csrfRefusal } from "../../app/staff/request.server.ts";
import { signInLimits } from "../../app/staff/sign-in-limits.server.ts";
import { sqliteQuery, sqliteWrite, type SiteServer } from "../../harness/servers.ts";
import {
  guessPasswordsUntilThrottled,
  inviteFromCommandLine,
  staffPassword,
  StaffClient,
  totpCode,
} from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;
let limited: SiteServer;
const perAddress = 5;

test.beforeAll(async ({ launcher, siteWith }) => {
  [site, limited] = await Promise.all([
    siteWith("staff"),
    launcher.site({ name: "admin-limited", env: { STAFF_SIGN_IN_MAX: String(perAddress) } }),
  ]);
});
test.afterAll(({ launcher }) => launcher.stopAll());

/** A signed-in account (set up from the command line); `role` admin by default. */
async function account(role: "admin" | "leads" = "admin", on: SiteServer = site) {
  const email = uniqueEmail(`sec-${role}`);
  const client = new StaffClient(on.baseURL);
  const key = await client.setUp(await inviteFromCommandLine(on, { email, name: `Sec ${role}`, role }));
  const id = String(sqliteQuery(on.dataDir, "SELECT id FROM staff_users WHERE email = ?", [email])[0]!.id);
  return { email, client, key, id };
}

const someLead = "00000000-0000-4000-8000-000000000000";
const signedInPages = [
  "/admin",
  "/admin/users",
  "/admin/audit",
  "/admin/audit?before=x",
  "/admin/leads",
  "/admin/leads?q=a&status=new",
  `/admin/leads/${someLead}`,
  "/admin/leads.csv",
  "/admin/newsletter.csv",
  "/admin/consultations.csv",
  "/admin/outbox",
  "/admin/outbox?state=given-up",
  "/admin/consultations",
  "/admin/spam",
  "/admin/requests",
  "/admin/requests?email=someone%40example.test",
  "/admin/requests/access.json?email=someone%40example.test",
  "/admin/requests/access.csv?email=someone%40example.test",
  "/admin/account",
  "/admin/webhooks",
  `/admin/webhooks/${someLead}`,
  "/admin/conversions",
  "/admin/conversions?week=2026-11-16",
];
const invitationsTo = (email: string) =>
  sqliteQuery(site.dataDir, "SELECT id FROM staff_invitations WHERE email = ?", [email]).length;
const resetLinksFor = (id: string) =>
  sqliteQuery(site.dataDir, "SELECT id FROM staff_invitations WHERE user_id = ?", [id]).length;
const disabled = (id: string) =>
  sqliteQuery(site.dataDir, "SELECT disabled_at FROM staff_users WHERE id = ?", [id])[0]!.disabled_at !== null;

/** Every way into a signed-in page or action is refused: a redirect to sign-in, nothing done. */
async function expectRefused(client: StaffClient, victim: { id: string }) {
  for (const page of signedInPages) {
    const { response, html } = await client.get(page);
    expect(response.status, page).toBe(302);
    expect(response.headers.get("location"), page).toMatch(/^\/admin\/sign-in(\?next=.*)?$/);
    expect(html).not.toContain("@example.test");
  }
  const { html: data } = await client.get("/admin/users.data");
  expect(data).not.toContain("@example.test");
  const invitee = uniqueEmail("never-invited");
  const invite = await client.post("/admin/users", { intent: "invite", name: "X", email: invitee, access: "admin" });
  expect(invite.response.status).toBe(302);
  expect(invitationsTo(invitee)).toBe(0);
  const disable = await client.post("/admin/users", { intent: "disable", user: victim.id });
  expect(disable.response.status).toBe(302);
  expect(disabled(victim.id)).toBe(false);
  const reset = await client.post("/admin/users", { intent: "reset", user: victim.id });
  expect(reset.response.status).toBe(302);
  expect(resetLinksFor(victim.id)).toBe(0);
  const note = await client.post(`/admin/leads/${someLead}`, { intent: "note", note: "x" });
  expect(note.response.status).toBe(302);
  const update = await client.post(`/admin/leads/${someLead}`, { intent: "update", status: "won", owner: "" });
  expect(update.response.status).toBe(302);
  const retry = await client.post("/admin/outbox", { message: someLead });
  expect(retry.response.status).toBe(302);
  const released = await client.post("/admin/spam", { entry: someLead, intent: "release" });
  expect(released.response.status).toBe(302);
  const erased = await client.post("/admin/requests", {
    intent: "erase",
    email: "someone@example.test",
    confirm: "someone@example.test",
  });
  expect(erased.response.status).toBe(302);
  expect(erased.response.headers.get("location")).toMatch(/^\/admin\/sign-in/);
  const passkey = await client.post("/admin/account", { intent: "remove", passkey: "x" });
  expect(passkey.response.status).toBe(302);
  const ceremony = await client.post("/admin/passkey-options", { purpose: "register" });
  expect(ceremony.response.status).toBe(401);
}

test("without a session every page sends to sign-in and every action does nothing", async () => {
  const victim = await account("leads");
  const stranger = new StaffClient(site.baseURL);
  await stranger.get("/admin/sign-in");
  await expectRefused(stranger, victim);
  // A password-stage session (right password, no code yet) opens nothing either.
  await stranger.post("/admin/sign-in", { email: victim.email, password: staffPassword });
  expect(stranger.cookies.has("__Host-staff-session")).toBe(true);
  await expectRefused(stranger, victim);
});

test("a session is refused once it has expired, sat idle, been revoked, or its account was disabled", async () => {
  const victim = await account("leads");
  const admin = await account("admin");
  const ages: [string, string][] = [
    ["expired", "UPDATE staff_sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?"],
    ["idle", "UPDATE staff_sessions SET last_seen_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?"],
  ];
  for (const [what, sql] of ages) {
    const { client, id } = await account("leads");
    expect((await client.get("/admin")).response.status, what).toBe(200);
    expect(sqliteWrite(site.dataDir, sql, [id])).toBeGreaterThan(0);
    await expectRefused(client, victim);
  }

  const revoked = await account("leads");
  expect((await revoked.client.get("/admin")).response.status).toBe(200);
  await admin.client.get("/admin/users");
  const revoke = await admin.client.post("/admin/users", { intent: "revoke", user: revoked.id });
  expect(revoke.response.status).toBe(200);
  expect(revoke.html).toContain("Sec leads is signed out everywhere (1 session ended).");
  await expectRefused(revoked.client, victim);

  const off = await account("leads");
  await admin.client.post("/admin/users", { intent: "disable", user: off.id });
  expect(disabled(off.id)).toBe(true);
  await expectRefused(off.client, victim);
  // A disabled account cannot sign in again either.
  const retry = new StaffClient(site.baseURL);
  await retry.get("/admin/sign-in");
  expect((await retry.post("/admin/sign-in", { email: off.email, password: staffPassword })).response.status).toBe(401);
});

test("signing out ends the session on the server, not just in the browser", async () => {
  const { client, id } = await account("leads");
  const cookie = client.cookies.get("__Host-staff-session")!;
  await client.get("/admin");
  const out = await client.post("/admin/sign-out", {});
  expect(out.response.status).toBe(302);
  expect(out.response.headers.get("set-cookie")).toMatch(
    /__Host-staff-session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax/,
  );
  const replay = new StaffClient(site.baseURL);
  replay.cookies.set("__Host-staff-session", cookie);
  expect((await replay.get("/admin")).response.status).toBe(302);
  expect(
    sqliteQuery(
      site.dataDir,
      "SELECT COUNT(*) AS n FROM staff_sessions WHERE user_id = ? AND revoked_at IS NULL AND stage = 'full'",
      [id],
    )[0]!.n,
  ).toBe(0);
});

test("a post without the page's CSRF token is refused, signed in or not", async () => {
  const admin = await account("admin");
  const invitee = uniqueEmail("csrf-invitee");
  const fields = { intent: "invite", name: "X", email: invitee, access: "admin" };
  await admin.client.get("/admin/users");
  for (const csrf of [null, "", "A".repeat(43)]) {
    const { response, html } = await admin.client.post("/admin/users", fields, { csrf });
    expect(response.status).toBe(403);
    expect(html).toContain(csrfRefusal);
  }
  // Another browser's valid token does not fit this browser's cookie.
  const other = new StaffClient(site.baseURL);
  await other.get("/admin/sign-in");
  expect((await admin.client.post("/admin/users", fields, { csrf: other.csrf })).response.status).toBe(403);
  expect(invitationsTo(invitee)).toBe(0);

  // Sign-in too (a forged sign-in would put a victim in the attacker's account).
  const fresh = new StaffClient(site.baseURL);
  const noCookie = await fresh.post(
    "/admin/sign-in",
    { email: admin.email, password: staffPassword },
    { csrf: other.csrf },
  );
  expect(noCookie.response.status).toBe(403);
  expect(fresh.cookies.has("__Host-staff-session")).toBe(false);

  // With the token, the same post works.
  expect((await admin.client.post("/admin/users", fields)).response.status).toBe(200);
  expect(invitationsTo(invitee)).toBe(1);
});

test("password and code guessing are throttled per account and address, and per address", async () => {
  // The whole design, with addresses chosen by the test: sign-in-lockout.http.spec.ts.
  const victim = await account("leads");
  const guesser = new StaffClient(site.baseURL);
  await guesser.get("/admin/sign-in");
  // Wrong passwords, then even the right password is refused from this address.
  await guessPasswordsUntilThrottled(guesser, victim.email);
  expect(
    sqliteQuery(
      site.dataDir,
      "SELECT COUNT(*) AS n FROM audit_events WHERE actor_email = ? AND action = 'sign-in-throttled'",
      [victim.email],
    )[0]!.n,
  ).toBe(1);

  // Codes: a right password gives its count back, so 5 wrong codes, then the right one is refused.
  const target = await account("leads");
  const codeGuesser = new StaffClient(site.baseURL);
  await codeGuesser.get("/admin/sign-in");
  await codeGuesser.post("/admin/sign-in", { email: target.email, password: staffPassword });
  await codeGuesser.get("/admin/sign-in/code");
  for (let i = 0; i < signInLimits.perAccountAndAddress; i++) {
    const { response } = await codeGuesser.post("/admin/sign-in/code", { code: String(100000 + i) });
    expect(response.status).toBe(401);
  }
  const rightCode = await codeGuesser.post("/admin/sign-in/code", { code: totpCode(target.key, 1) });
  expect(rightCode.response.status).toBe(429);
  expect((await codeGuesser.get("/admin")).response.status).toBe(302);

  // Per address: many accounts from one address (this site allows 5 attempts per address).
  const sprayer = new StaffClient(limited.baseURL);
  await sprayer.get("/admin/sign-in");
  for (let i = 0; i < perAddress; i++) {
    const { response } = await sprayer.post("/admin/sign-in", {
      email: uniqueEmail("spray"),
      password: "password guess!",
    });
    expect(response.status).toBe(401);
  }
  const next = await sprayer.post("/admin/sign-in", { email: uniqueEmail("spray"), password: "password guess!" });
  expect(next.response.status).toBe(429);
});

test("every /admin answer is no-store and noindex; nothing of it is prerendered or in the site map", async () => {
  const client = new StaffClient(site.baseURL);
  const answers = [
    await client.get("/admin"),
    await client.get("/admin/sign-in"),
    await client.get("/admin/setup/not-a-token"),
    await client.get("/admin/users.data"),
    await client.get("/admin/no-such-page"),
    await client.post("/admin/sign-in", { email: "a@example.test", password: "x" }, { csrf: null }),
  ];
  expect(answers.map((a) => a.response.status)).toEqual([302, 200, 404, expect.any(Number), 404, 403]);
  for (const { response } of answers) {
    expect(response.headers.get("cache-control"), response.url).toBe("no-store");
    expect(response.headers.get("x-robots-tag"), response.url).toBe("noindex, nofollow");
  }
  expect(answers[1]!.html).toContain('<meta name="robots" content="noindex, nofollow"/>');

  // Every spelling the router takes, sent as written (fetch would tidy some
  // up), with a staff session: data requests, downloads, dot segments,
  // backslashes, and the near misses the router answers with its 404.
  const staff = await account("leads");
  const admin = await account("admin");
  const spelt: [string, number][] = [
    ["/ADMIN/leads", 200],
    ["/%61dmin/leads", 200],
    ["/Admin/leads.csv", 200],
    ["/ADMIN/LEADS.data", 200],
    ["/admin.data", 200],
    ["/admin/_.data", 200],
    ["/ADMIN/users.data", 403],
    ["/x/../admin/users", 403],
    ["/admin\\leads", 200],
    ["/admin/leads//", 200],
    ["//admin/leads", 404],
    ["/admin//users", 404],
    ["/ADMIN/no-such-page", 404],
  ];
  for (const [target, status] of spelt) {
    const answer = await rawGet(site.baseURL, target, staff.client.cookieHeader());
    expect(answer.status, target).toBe(status);
    expect(answer.headers["cache-control"], target).toBe("no-store");
    expect(answer.headers["x-robots-tag"], target).toBe("noindex, nofollow");
    expect(answer.body, target).not.toContain(admin.email);
  }
  // The first answer gave this client its CSRF cookie.
  expect(answers[0]!.response.headers.get("set-cookie")).toMatch(
    /^__Host-staff-csrf=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
  );

  const sitemap = await (await fetch(new URL("/sitemap.xml", site.baseURL))).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain("/admin");
  expect(existsSync(path.resolve("build/client/admin"))).toBe(false);

  // The session cookie: __Host-, HttpOnly, Secure, SameSite=Lax, ending with the session.
  const { client: signedIn } = await account("leads");
  expect(signedIn.cookies.has("__Host-staff-session")).toBe(true);
  const again = new StaffClient(site.baseURL);
  const { email, key } = await account("leads");
  await again.get("/admin/sign-in");
  const first = await again.post("/admin/sign-in", { email, password: staffPassword });
  expect(first.response.headers.get("set-cookie")).toMatch(
    /^__Host-staff-session=[^;]+; Path=\/; Expires=[^;]+ GMT; HttpOnly; Secure; SameSite=Lax$/,
  );
  await again.get("/admin/sign-in/code");
  const second = await again.post("/admin/sign-in/code", { code: totpCode(key, 1) });
  expect(second.response.status).toBe(302);
  const expires = /Expires=([^;]+)/.exec(second.response.headers.get("set-cookie")!)![1]!;
  const hours = (Date.parse(expires) - Date.now()) / 3600_000;
  expect(hours).toBeGreaterThan(11.9);
  expect(hours).toBeLessThanOrEqual(12);
});

/** A GET of `target` exactly as written (no URL clean-up), with the given cookies. */
function rawGet(baseURL: string, target: string, cookie: string) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get({ hostname, port, path: target, headers: { Cookie: cookie } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

test("the server's log holds no lead data and no set-up token, whatever the back office is asked", async () => {
  const link = await inviteFromCommandLine(site, { email: uniqueEmail("sec-log"), name: "Sec log" });
  const token = link.split("/").at(-1)!;
  const client = new StaffClient(site.baseURL);
  await client.setUp(link);
  const visitor = uniqueEmail("logged-visitor");
  const sent = await fetch(new URL("/api/contact", site.baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Lara Logless",
      email: visitor,
      phone: "+44 20 7946 0000",
      company: "Unlogged Ltd",
      serviceInterest: "strategy",
      message: "Nothing of this may reach a log line.",
      preferredContact: "email",
    }),
  });
  expect(sent.status).toBe(200);
  const { html } = await client.get(`/admin/leads?q=${encodeURIComponent(visitor)}`);
  const id = /href="\/admin\/leads\/([\w-]+)"/.exec(html)?.[1];
  expect(id).toBeDefined();
  await client.get(`/admin/leads/${id}`);
  await client.post(`/admin/leads/${id}`, { intent: "note", note: "Spoke to Lara Logless" });
  await client.get("/admin/leads?q=Logless");
  const output = site.output();
  expect(output).toContain(`/admin/leads/${id}`);
  for (const secret of [visitor, "Logless", "Unlogged", token]) expect(output).not.toContain(secret);
});
