/**
 * Refuse before reading (issue 37, docs/decisions/061): over plain HTTP
 * against the production server, a body larger than a public form's is
 * refused from the request's headers alone, before a byte of it is read,
 * unless the request carries the session of an account that may edit the
 * site and the CSRF cookie; and the limit is the one of the path the
 * router would serve, however the path is spelt.
 *
 * Each refusal is asked for with a declared length and no body at all: a
 * server that waited for the body before answering would never answer
 * (the request times out), so an answer is proof that nothing was read.
 */
import { rawRequest, sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { newStaffClient, type StaffClient } from "../support/staff.ts";
import type { StaffRole } from "../../app/data/schema.ts";
import { refusals as imageRefusals } from "../../app/media/image-rules.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

async function signedIn(role: StaffRole) {
  const email = uniqueEmail(`limits-${role.replace(",", "-")}`);
  const { client } = await newStaffClient(site, { email, name: `Limits ${role}`, role });
  expect(sqliteQuery(site.dataDir, "SELECT role FROM staff_users WHERE email = ?", [email])).toEqual([{ role }]);
  await client.get("/admin/content/images");
  return client;
}

const mb = 1024 * 1024;

/** A post that declares `bytes` and sends none of them, answered within `timeoutMs` or rejected. */
const declared = (path: string, bytes: number, headers: Record<string, string> = {}, timeoutMs = 4000) =>
  rawRequest(site.baseURL, {
    method: "POST",
    path,
    headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(bytes), ...headers },
    timeoutMs,
  });

test("an anonymous post larger than a public form's is refused at once, within the editor's limits too", async () => {
  // Each within what the address takes from an editor: only the missing session refuses it.
  for (const [path, bytes] of [
    ["/admin/content/guide/risk/pdf", 29 * mb],
    ["/admin/content/images", 19 * mb],
    ["/ADMIN/Content/Images.data", 19 * mb],
    ["/%61dmin/content/images/", 19 * mb],
    ["/admin/content/markdown-preview", 900 * 1024],
    ["/admin/content/course/esg", 900 * 1024],
  ] as const) {
    const started = performance.now();
    const answer = await declared(path, bytes);
    expect(answer.status, path).toBe(413);
    expect(answer.json, path).toEqual({ success: false, message: "The request is too large." });
    expect(answer.headers.connection, path).toBe("close");
    expect(performance.now() - started, path).toBeLessThan(2000);
  }
  // A post the size of a public form still reaches the page (which then refuses it as forged).
  const small = await rawRequest(site.baseURL, {
    method: "POST",
    path: "/admin/content/images",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=upload",
  });
  expect(small.status).toBe(403);
});

test("the path as the router reads it sets the limit: dot segments and encoding lead to the public form's", async () => {
  const editor = await signedIn("site");
  for (const path of [
    "/admin/content/../../contact",
    "/admin/content/images/../../../api/contact",
    "/admin/content/%2e%2e/%2e%2e/contact",
  ]) {
    for (const headers of [{}, { Cookie: editor.cookieHeader() }] as Record<string, string>[]) {
      const answer = await declared(path, 64 * 1024, headers);
      expect(answer.status, `${path} ${Object.keys(headers).join()}`).toBe(413);
      expect(answer.json).toEqual({ success: false, message: "The request is too large." });
    }
  }
});

test("only a signed-in editor holding the CSRF cookie may send an upload-sized body", async () => {
  const editor = await signedIn("site");
  const leadsOnly = await signedIn("leads");
  const upload = (client: StaffClient, cookie = client.cookieHeader()) => {
    const form = new FormData();
    form.set("_csrf", client.csrf);
    form.set("intent", "upload");
    form.set("file", new Blob([Buffer.alloc(2 * mb, 7)]), "not-a-picture.png");
    return fetch(new URL("/admin/content/images", site.baseURL), {
      method: "POST",
      headers: { Cookie: cookie },
      body: form,
      redirect: "manual",
    });
  };
  // The editor's upload is read, and refused by the page for what it is.
  const accepted = await upload(editor);
  expect(accepted.status).toBe(415);
  expect(await accepted.text()).toContain(imageRefusals.notAnImage);

  // Without the CSRF cookie, or the session, or from an account that may not edit the site: refused unread.
  const withoutCsrf = editor
    .cookieHeader()
    .split("; ")
    .filter((c) => !c.startsWith("__Host-staff-csrf="));
  const withoutSession = editor
    .cookieHeader()
    .split("; ")
    .filter((c) => !c.startsWith("__Host-staff-session="));
  for (const [what, cookie] of [
    ["no CSRF cookie", withoutCsrf.join("; ")],
    ["no session", withoutSession.join("; ")],
    ["a session that may not edit the site", leadsOnly.cookieHeader()],
  ] as const) {
    const answer = await declared("/admin/content/images", 3 * mb, { Cookie: cookie });
    expect(answer.status, what).toBe(413);
    expect(answer.json, what).toEqual({ success: false, message: "The request is too large." });
  }
});
