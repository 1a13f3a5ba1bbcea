/**
 * The edge as deploy/nginx/ configures it (docs/decisions/061), in front of
 * one instance: its access log writes a credential route (a booking,
 * download or set-up link) as its pattern in whatever spelling it came,
 * never the token; and only the two upload addresses take a large body,
 * which the site then refuses from its headers when no editor sends it.
 */
import { randomBytes } from "node:crypto";
import { rawRequest, type SiteServer } from "../../harness/servers.ts";
import { startNginx, type NginxProxy } from "../../harness/nginx.ts";
import { expect, test } from "./fixtures.ts";

let site: SiteServer;
let nginx: NginxProxy;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
  nginx = await startNginx({ upstreams: [{ host: "127.0.0.1", port: site.port }] });
});
test.afterAll(async () => {
  await nginx?.stop();
});

test("nginx's access log writes a credential route's pattern, never its token", async () => {
  const token = randomBytes(32).toString("base64url");
  const visits: [string, string][] = [
    [`/booking/${token}`, "/booking/:token"],
    [`/BOOKING/${token}/`, "/booking/:token"],
    [`/%62ooking/${token}/pay`, "/booking/:token/pay"],
    [`/booking/${token}/Documents/INV-000001.pdf`, "/booking/:token/documents/:file"],
    [`/x/../booking/${token}?utm_source=mail`, "/booking/:token"],
    [`//booking//${token}.data`, "/booking/:token"],
    [`/joining/${token}`, "/joining/:token"],
    [`/Joining/${token}.data`, "/joining/:token"],
    [`/Downloads/${token}`, "/downloads/:token"],
    [`/admin/setup/${token}`, "/admin/setup/:token"],
    [`/ADMIN/Setup/${token}.data`, "/admin/setup/:token"],
  ];
  const ids: string[] = [];
  for (const [path] of visits) {
    const answer = await rawRequest(nginx.baseURL, { path });
    ids.push(String(answer.headers["x-request-id"]));
  }
  await expect.poll(() => nginx.accessLog().filter((l) => ids.includes(String(l.request_id))).length).toBe(ids.length);
  const lines = nginx.accessLog().filter((l) => ids.includes(String(l.request_id)));
  const byId = new Map(lines.map((l) => [String(l.request_id), String(l.uri)]));
  visits.forEach(([path, pattern], i) => expect(byId.get(ids[i]!), path).toBe(pattern));
  expect(JSON.stringify(nginx.accessLog())).not.toContain(token);
  // Nor the instance's own log.
  expect(site.output()).not.toContain(token);
  // Every other path as it was.
  const about = await rawRequest(nginx.baseURL, { path: "/about" });
  const aboutId = String(about.headers["x-request-id"]);
  await expect.poll(() => nginx.accessLog().find((l) => l.request_id === aboutId)?.uri).toBe("/about");
});

test("only the upload addresses take a large body through nginx, and the site refuses it unread from a stranger", async () => {
  const declared = (path: string, bytes: number) =>
    rawRequest(nginx.baseURL, {
      method: "POST",
      path,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(bytes) },
      timeoutMs: 5000,
    });
  // An editor's other form: at most a little over 1 MB, nginx's own 413 above it.
  const form = await declared("/admin/content/course/esg", 2 * 1024 * 1024);
  expect(form.status).toBe(413);
  expect(form.text).toContain("413 Request Entity Too Large");
  // An upload's address: nginx passes the headers on at once, and the site refuses a stranger's body unread.
  for (const path of ["/admin/content/images", "/Admin/Content/Guide/risk/PDF"]) {
    const upload = await declared(path, 15 * 1024 * 1024);
    expect(upload.status, path).toBe(413);
    expect(upload.json, path).toEqual({ success: false, message: "The request is too large." });
  }
});
