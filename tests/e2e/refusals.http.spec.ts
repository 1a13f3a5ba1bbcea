/**
 * Refusals leave a trace (issue 26): an administrator-only page or action
 * opened by a member, a page or action of a permission the account lacks
 * (docs/decisions/044-permissions.md) and a post without its CSRF token are answered 403 and
 * written to the audit log (who, from where, which path) and the log; a
 * flood from one address is recorded at most 10 times a minute. On a server
 * of its own behind one trusted proxy hop, so each test's client address is
 * its own.
 */
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { escapeHtml, newStaffClient, StaffClient } from "../support/staff.ts";
import { missingGrant } from "../../app/staff/permissions.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "refusals", env: { TRUST_PROXY_HOPS: "1", STAFF_SIGN_IN_MAX: "1000000" } });
});
test.afterAll(({ launcher }) => launcher.stopAll());

/** A client whose requests come from `ip` (as the trusted proxy says). */
const clientFrom = (ip: string) => new StaffClient(site.baseURL, { "X-Forwarded-For": ip });
/** A new account signed in by a session, its client coming from `ip`. */
const signedInFrom = async (ip: string, account: Parameters<typeof newStaffClient>[1]) =>
  (await newStaffClient(site, account, { "X-Forwarded-For": ip })).client;

/** Each refusal's detail, oldest first. */
const detailsOf = (action: string, ip: string) =>
  sqliteQuery(site.dataDir, "SELECT detail FROM audit_events WHERE action = ? AND ip = ? ORDER BY at, id", [
    action,
    ip,
  ]).map((r) => JSON.parse(String(r.detail)) as unknown);

const traces = (action: string, ip: string) =>
  sqliteQuery(site.dataDir, "SELECT actor_email, target, ip FROM audit_events WHERE action = ? AND ip = ?", [
    action,
    ip,
  ]);

test("a member opening a page or action of a permission they lack is refused, named, and audited", async () => {
  const ip = "198.51.100.41";
  const email = uniqueEmail("refused-editor");
  const editor = await signedInFrom(ip, { email, name: "Eve Editor", role: "site" });
  const page = await editor.get("/admin/leads");
  expect(page.response.status).toBe(403);
  expect(page.html).toContain(escapeHtml(missingGrant.leads));
  await expect.poll(() => traces("access-refused", ip).length).toBe(1);
  expect(traces("access-refused", ip)[0]).toEqual({ actor_email: email, target: "path:/admin/leads", ip });
  expect(detailsOf("access-refused", ip)).toEqual([{ needs: "leads" }]);

  await editor.get("/admin");
  const action = await editor.post("/admin/spam", { intent: "delete", entry: "x" });
  expect(action.response.status).toBe(403);
  expect(action.html).toContain(escapeHtml(missingGrant.leads));
  await expect.poll(() => traces("access-refused", ip).length).toBe(2);

  // The pages for any account open; the team's is for administrators, and says so.
  expect((await editor.get("/admin/account")).response.status).toBe(200);
  const team = await editor.get("/admin/users");
  expect(team.response.status).toBe(403);
  expect(team.html).toContain(missingGrant.admin);
  await expect
    .poll(() => detailsOf("access-refused", ip))
    .toEqual([{ needs: "leads" }, { needs: "leads" }, { needs: "admin" }]);
});

test("staff opening an administrator-only page or action is refused and audited, at most 10 times a minute per address", async () => {
  const ip = "198.51.100.21";
  const email = uniqueEmail("refused-staff");
  const staff = await signedInFrom(ip, { email, name: "Sam Staff", role: "leads" });
  const page = await staff.get("/admin/users");
  expect(page.response.status).toBe(403);
  await expect.poll(() => traces("access-refused", ip).length).toBe(1);
  expect(traces("access-refused", ip)[0]).toEqual({ actor_email: email, target: "path:/admin/users", ip });

  await staff.get("/admin");
  const action = await staff.post("/admin/webhooks", { intent: "add", url: "https://example.test/hook" });
  expect(action.response.status).toBe(403);
  await expect.poll(() => traces("access-refused", ip).length).toBe(2);

  // A flood: 30 more refusals, 10 recorded in all this minute.
  for (let i = 0; i < 30; i++) expect((await staff.get("/admin/audit")).response.status).toBe(403);
  await expect.poll(() => traces("access-refused", ip).length).toBe(10);
  // Another address is recorded on its own.
  const other = clientFrom("198.51.100.22");
  for (const [name, value] of staff.cookies) other.cookies.set(name, value);
  expect((await other.get("/admin/audit")).response.status).toBe(403);
  await expect.poll(() => traces("access-refused", "198.51.100.22").length).toBe(1);
});

test("a post without its CSRF token is refused and audited, naming the session's account", async () => {
  const ip = "198.51.100.31";
  const email = uniqueEmail("refused-csrf");
  const admin = await signedInFrom(ip, { email, name: "Ada Admin" });
  const forged = await admin.post(
    "/admin/users",
    { intent: "invite", name: "X", email: uniqueEmail("x") },
    { csrf: null },
  );
  expect(forged.response.status).toBe(403);
  const wrong = await admin.post(
    "/admin/users",
    { intent: "invite", name: "X", email: uniqueEmail("x") },
    { csrf: "x".repeat(43) },
  );
  expect(wrong.response.status).toBe(403);
  await expect.poll(() => traces("csrf-refused", ip).length).toBe(2);
  expect(traces("csrf-refused", ip)[0]).toEqual({ actor_email: email, target: "path:/admin/users", ip });
  // Without any session too.
  const stranger = clientFrom("198.51.100.32");
  expect((await stranger.post("/admin/sign-in", { email, password: "x" }, { csrf: null })).response.status).toBe(403);
  await expect
    .poll(() => traces("csrf-refused", "198.51.100.32"))
    .toEqual([{ actor_email: null, target: "path:/admin/sign-in", ip: "198.51.100.32" }]);
});
