/**
 * Changing what an account may do, over plain HTTP against the production
 * server (docs/decisions/044-permissions.md): a wrong choice gets a 4xx with
 * a clear message and changes nothing; the last active administrator cannot
 * step down; a change is audited with before and after, and takes effect on
 * the account's next request. On a server of its own, so that the
 * administrators on it are the test's.
 */
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { escapeHtml, newStaffClient } from "../support/staff.ts";
import type { StaffRole } from "../../app/data/schema.ts";
import { missingGrant } from "../../app/staff/permissions.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "permissions", env: { STAFF_SIGN_IN_MAX: "1000000" } });
});
test.afterAll(({ launcher }) => launcher.stopAll());

async function account(name: string, role: StaffRole) {
  const email = uniqueEmail(`perm-${role}`);
  const { client, id } = await newStaffClient(site, { email, name, role });
  return { client, id };
}

const roleOf = (id: string) => sqliteQuery(site.dataDir, "SELECT role FROM staff_users WHERE id = ?", [id])[0]!.role;

test("an administrator changes what an account may do: wrong choices are refused, the last administrator stays one", async () => {
  const ada = await account("Ada Admin", "admin");
  const mo = await account("Mo Member", "leads");
  await ada.client.get("/admin/users");
  const change = (user: string, fields: Record<string, string | string[]>) =>
    ada.client.post("/admin/users", { intent: "permissions", user, ...fields });

  const refusals: [Record<string, string | string[]>, number, string][] = [
    [{ access: "member" }, 400, "Choose what a member may do: Work leads, Edit the site, or both."],
    [{ access: "member", permissions: ["leads", "everything"] }, 400, "Choose what a member may do"],
    [{ access: "owner", permissions: "leads" }, 400, "Choose Administrator or Member."],
    [{ access: "member", permissions: "leads" }, 409, "The account already has these permissions."],
  ];
  for (const [fields, status, message] of refusals) {
    const { response, html } = await change(mo.id, fields);
    expect(response.status, JSON.stringify(fields)).toBe(status);
    expect(html).toContain(escapeHtml(message));
  }
  const nobody = await change("no-such-account", { access: "admin" });
  expect(nobody.response.status).toBe(404);
  expect(nobody.html).toContain("There is no such account.");
  expect(roleOf(mo.id)).toBe("leads");

  // Ada is the only administrator: she cannot step down.
  const alone = await change(ada.id, { access: "member", permissions: "leads" });
  expect(alone.response.status).toBe(409);
  expect(alone.html).toContain("You are the last active administrator: make someone else an administrator first.");
  expect(roleOf(ada.id)).toBe("admin");

  // Mo edits the site too, from his next request on.
  expect((await mo.client.get("/admin/leads")).response.status).toBe(200);
  const both = await change(mo.id, { access: "member", permissions: ["site", "leads"] });
  expect(both.response.status).toBe(200);
  expect(both.html).toContain("Mo Member may now: Work leads, Edit the site.");
  expect(roleOf(mo.id)).toBe("leads,site");
  const audited = sqliteQuery(
    site.dataDir,
    "SELECT actor_id, target, detail FROM audit_events WHERE action = 'permissions-changed' ORDER BY at",
  );
  expect(audited).toEqual([
    { actor_id: ada.id, target: `user:${mo.id}`, detail: JSON.stringify({ before: "leads", after: "leads,site" }) },
  ]);

  // Then only the site: the inbox closes to him at once, with its reason.
  expect((await change(mo.id, { access: "member", permissions: "site" })).response.status).toBe(200);
  const closed = await mo.client.get("/admin/leads");
  expect(closed.response.status).toBe(403);
  expect(closed.html).toContain(escapeHtml(missingGrant.leads));

  // With Mo an administrator, Ada may step down: she goes to the overview, and the team's page is closed to her.
  expect((await change(mo.id, { access: "admin" })).response.status).toBe(200);
  const stepped = await change(ada.id, { access: "member", permissions: "leads" });
  expect(stepped.response.status).toBe(302);
  expect(stepped.response.headers.get("location")).toBe("/admin");
  expect(roleOf(ada.id)).toBe("leads");
  expect((await ada.client.get("/admin/users")).response.status).toBe(403);
  expect((await mo.client.get("/admin/users")).response.status).toBe(200);
});
