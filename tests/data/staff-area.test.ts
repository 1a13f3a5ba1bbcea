/**
 * The back office's own middleware, on both databases with real sessions:
 * `staffArea` (app/staff/request.server.ts) marks every answer it passes on
 * no-store and noindex, whatever the route set (the router decides, so
 * every spelling it matches is covered; server/app.ts is the second layer),
 * and `accessRule` (app/staff/access.server.ts) enforces the rules table
 * before any loader runs (the routes' own checks are the second layer, so
 * the access matrix alone would not see it fail).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/services.ts";
import { clientIpContext, logContext } from "~/http/request-context.ts";
import { silentLogger } from "~/observability/log.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { startSession } from "~/staff/accounts.server.ts";
import { accessRule } from "~/staff/access.server.ts";
import { adminOnly, sessionCookieHeader, staffArea, staffRequestContext } from "~/staff/request.server.ts";
import type { StaffRole } from "~/data/schema.ts";
import { missingGrant } from "~/staff/permissions.ts";
import { dialects } from "./databases.ts";
import { staffFromInvitation, uniqueStaffEmail, useTestDatabase } from "./fixtures.ts";

describe.each(dialects)("the back office's middleware on %s", (dialect) => {
  const t = useTestDatabase(dialect);

  const client = { ip: "192.0.2.8", userAgent: "data test" };
  const keys = keyring(newKeyMaterial());

  /** A member's session cookie (an account set up from an invitation, signed in with both factors). */
  async function staffCookie(role: StaffRole = "leads"): Promise<{ cookie: string; email: string }> {
    const now = new Date();
    const email = uniqueStaffEmail("area");
    const db = t.handle.db;
    const { user } = await staffFromInvitation(db, keys, { at: now, email, name: "Area Test", role });
    const session = await startSession(db, user, "full", client, now);
    return { cookie: (await sessionCookieHeader(session.token, session.expiresAt)).split(";")[0]!, email };
  }

  /** A request's context as the server makes it (staffArea reads only the staff services' database). */
  function requestContext() {
    const context = new RouterContextProvider();
    context.set(servicesContext, { staff: { db: t.handle.db } } as unknown as AppServices);
    context.set(clientIpContext, client.ip);
    context.set(logContext, silentLogger);
    return context;
  }

  it("marks the answer below it no-store and noindex, replacing what the route set", async () => {
    const { cookie, email } = await staffCookie();
    const context = requestContext();
    for (const [path, status] of [
      ["/ADMIN/Leads", 200],
      ["/%61dmin/users", 403],
    ] as const) {
      const request = new Request(`http://site${path}`, { headers: { Cookie: cookie } });
      let seen: string | undefined;
      const response = (await staffArea(
        { request, context, params: {}, url: new URL(request.url), pattern: "admin/leads" },
        () => {
          seen = context.get(staffRequestContext).session?.user.email;
          return Promise.resolve(
            new Response("below", {
              status,
              headers: { "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "all" },
            }),
          );
        },
      )) as Response;
      expect(seen).toBe(email);
      expect(response.status).toBe(status);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("set-cookie")).toMatch(/^__Host-staff-csrf=/);
    }
  });
  it("refuses by the rules table before any loader runs", async () => {
    const { cookie } = await staffCookie();
    /** staffArea, then accessRule, then the route (which answers 200 and notes that it ran). */
    const answer = async (path: string, pattern: string, headers: Record<string, string>) => {
      const context = requestContext();
      const request = new Request(`http://site${path}`, { headers });
      const args = { request, context, params: {}, url: new URL(request.url), pattern };
      let reached = false;
      const route = () => {
        reached = true;
        return Promise.resolve(new Response("the page"));
      };
      const outcome = await Promise.resolve(staffArea(args, () => accessRule(args, route) as Promise<Response>)).then(
        (response) => ({ response, thrown: null as unknown }),
        (thrown: unknown) => ({ response: null, thrown }),
      );
      return { ...outcome, reached };
    };

    const signedIn = { Cookie: cookie };
    expect((await answer("/ADMIN/leads", "admin/leads", signedIn)).response?.status).toBe(200);
    const adminPage = await answer("/Admin/Users", "admin/users", signedIn);
    expect(adminPage.reached).toBe(false);
    expect(adminPage.thrown).toMatchObject({ data: adminOnly, init: { status: 403 } });
    const nobody = await answer("/admin/leads", "admin/leads", {});
    expect(nobody.reached).toBe(false);
    expect((nobody.thrown as Response).status).toBe(302);
    expect((nobody.thrown as Response).headers.get("location")).toBe("/admin/sign-in?next=%2Fadmin%2Fleads");
    const unruled = await answer("/admin/new-page", "admin/new-page", signedIn);
    expect(unruled.reached).toBe(false);
    expect(unruled.thrown).toMatchObject({ init: { status: 403 } });

    // A member who edits the site only: any account's pages, not the lead work's.
    const editor = { Cookie: (await staffCookie("site")).cookie };
    expect((await answer("/admin", "admin", editor)).response?.status).toBe(200);
    expect((await answer("/admin/account", "admin/account", editor)).response?.status).toBe(200);
    const leadsPage = await answer("/admin/Leads", "admin/leads", editor);
    expect(leadsPage.reached).toBe(false);
    expect(leadsPage.thrown).toMatchObject({ data: missingGrant.leads, init: { status: 403 } });
  });
});
