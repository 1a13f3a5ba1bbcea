/**
 * The back office's request plumbing (docs/decisions/023-staff-accounts.md):
 *
 * - `staffArea`, the middleware of every /admin route: the CSRF check on
 *   every form post (a random token in a
 *   `__Host-` cookie, SameSite=Strict, that each form repeats in a hidden
 *   `_csrf` field: another site can neither read nor set it); the session,
 *   if any, read from its `__Host-` cookie.
 * - `signedIn`, the middleware of the pages behind sign-in: no full
 *   session, no page (a redirect to sign-in, then back).
 * - `requirePermission` for what needs a permission (or an administrator:
 *   `requireAdmin`), app/staff/permissions.ts.
 *
 * Every answer under /admin is no-store and noindex: the server sets that
 * for the whole path, whatever answers (server/app.ts).
 */
import { timingSafeEqual } from "node:crypto";
import {
  createContext,
  createCookie,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { servicesContext } from "~/services.ts";
import { withoutCredentials } from "~/addresses/credential-routes.ts";
import { clientIpContext, logContext } from "~/http/request-context.ts";
import { readSession, sessionLimits, type ClientFacts, type StaffSession, type StaffUser } from "./accounts.server.ts";
import { audit, type AuditEntry } from "./audit.server.ts";
import { traceRefusal, type RefusalTrace } from "./refusals.server.ts";
import { withBackOfficeHeaders } from "./back-office-address.ts";
import { may, missingGrant, type Grant } from "./permissions.ts";
import type { StaffServices } from "./service.server.ts";
import { looksLikeToken, newToken } from "~/secrets/tokens.server.ts";

/** `Secure` and `__Host-`: browsers accept them from http://localhost and 127.0.0.1 too. */
const sessionCookie = createCookie("__Host-staff-session", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
});

const csrfCookie = createCookie("__Host-staff-csrf", {
  httpOnly: true,
  secure: true,
  sameSite: "strict",
  path: "/",
});

export type StaffRequest = {
  session: StaffSession | null;
  /** The CSRF token every form on the page carries (`<CsrfField>`). */
  csrf: string;
  client: ClientFacts;
  staff: StaffServices;
  /** Where a refusal of this request is logged and audited (app/staff/refusals.server.ts). */
  trace: RefusalTrace;
  /** The path as the browser sent it, a credential route's as its pattern (for the trace of a refusal). */
  path: string;
};

export const staffRequestContext = createContext<StaffRequest>();

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The answer to a post without a valid CSRF token (another site's form, or a page open since before the cookie). */
export const csrfRefusal = "This form could not be accepted. Reload the page and try again.";

export const staffArea: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const staff = context.get(servicesContext).staff;
  const cookies = request.headers.get("Cookie");
  const kept: unknown = await csrfCookie.parse(cookies);
  const fresh = typeof kept !== "string" || !looksLikeToken(kept);
  const csrf = fresh ? newToken() : kept;

  if (request.method !== "GET" && request.method !== "HEAD") {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const sent = form?.get("_csrf");
    if (fresh || typeof sent !== "string" || !sameToken(sent, csrf)) {
      await refuseForgedPost(request, context, staff);
      throw data(csrfRefusal, { status: 403 });
    }
  }

  const token: unknown = await sessionCookie.parse(cookies);
  const now = new Date();
  const session = typeof token === "string" && token ? await readSession(staff.db, token, now) : null;
  const client = {
    ip: context.get(clientIpContext) ?? "unknown",
    userAgent: request.headers.get("User-Agent") ?? "",
  };
  const trace = { db: staff.db, log: context.get(logContext), ip: client.ip };
  // The path without a credential (a set-up link's token): it is written to the audit log on a refusal (ADR 061).
  const path = withoutCredentials(new URL(request.url).pathname);
  context.set(staffRequestContext, { session, csrf, client, staff, trace, path });

  // Whatever answers below (a page, a refusal, a download, a data request),
  // decided where the router matched the path, in whatever spelling.
  const response = withBackOfficeHeaders(await next());
  if (fresh) response.headers.append("Set-Cookie", await csrfCookie.serialize(csrf));
  return response;
};

/**
 * Whether a request with these cookies (its Cookie header) comes from a
 * signed-in account that may edit the site, holding the CSRF cookie: the
 * only request that may send a body larger than a public form's, asked
 * by the server before it reads a byte of the body (server/app.ts, ADR
 * 061). The form's own `_csrf` field is checked by `staffArea` as ever,
 * once the body is read; without the cookie no form could pass.
 */
export async function mayPostLargeBody(
  db: StaffServices["db"],
  cookies: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!cookies) return false;
  const kept: unknown = await csrfCookie.parse(cookies);
  if (typeof kept !== "string" || !looksLikeToken(kept)) return false;
  const token: unknown = await sessionCookie.parse(cookies);
  if (typeof token !== "string" || !token) return false;
  const session = await readSession(db, token, now);
  return session?.stage === "full" && may(session.user.role, "site");
}

/** Records an audit event of this request: in its database, from its client's address. */
export function auditRequest(
  context: Readonly<RouterContextProvider>,
  entry: Omit<AuditEntry, "ip">,
  now: Date,
): Promise<void> {
  const { staff, client } = context.get(staffRequestContext);
  return audit(staff.db, { ...entry, ip: client.ip }, now);
}

/** Where sign-in sends someone back to: a path in the back office, nothing else. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/admin") || value.startsWith("//")) return "/admin";
  if (/[\\\s]/.test(value) || value.startsWith("/admin/sign-")) return "/admin";
  return value;
}

export const signedIn: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { session } = context.get(staffRequestContext);
  if (!session || session.stage !== "full") {
    const url = new URL(request.url);
    const back = safeReturnPath(url.pathname.replace(/\.data$/, "") + url.search);
    throw redirect(back === "/admin" ? "/admin/sign-in" : `/admin/sign-in?next=${encodeURIComponent(back)}`);
  }
  return next();
};

/** The signed-in user (in a route behind `signedIn`). */
export function staffUser(context: Readonly<RouterContextProvider>): StaffUser {
  const { session } = context.get(staffRequestContext);
  if (!session || session.stage !== "full") throw redirect("/admin/sign-in");
  return session.user;
}

export const adminOnly = missingGrant.admin;

/**
 * The signed-in account, if it may do what `grant` asks (an administrator
 * may do everything); otherwise 403 naming what is missing, and the
 * refusal is traced.
 */
export function requirePermission(context: Readonly<RouterContextProvider>, grant: Grant): StaffUser {
  const user = staffUser(context);
  if (!may(user.role, grant)) {
    const { trace, path } = context.get(staffRequestContext);
    // Not awaited: the refusal is answered at once; traceRefusal never rejects.
    void traceRefusal(
      trace,
      { actor: user, action: "access-refused", target: `path:${path.slice(0, 200)}`, detail: { needs: grant } },
      new Date(),
    );
    throw data(missingGrant[grant], { status: 403 });
  }
  return user;
}

/** The signed-in administrator; anyone else gets 403, and the refusal is traced. */
export function requireAdmin(context: Readonly<RouterContextProvider>): StaffUser {
  return requirePermission(context, "admin");
}

/** Traces a post without a valid CSRF token, naming the session's account if the cookie holds one. */
async function refuseForgedPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  staff: StaffServices,
): Promise<void> {
  const now = new Date();
  const token: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  const session = typeof token === "string" && token ? await readSession(staff.db, token, now) : null;
  const trace = { db: staff.db, log: context.get(logContext), ip: context.get(clientIpContext) ?? "unknown" };
  const path = withoutCredentials(new URL(request.url).pathname).slice(0, 200);
  await traceRefusal(trace, { actor: session?.user ?? null, action: "csrf-refused", target: `path:${path}` }, now);
}

/** Set-Cookie for a new session (its cookie ends when the session can last no longer). */
export function sessionCookieHeader(token: string, expiresAt: string): Promise<string> {
  return sessionCookie.serialize(token, { expires: new Date(expiresAt) });
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookieHeader(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** The idle limit, for the page that says how long a session lasts. */
export const idleHours = sessionLimits.idleMinutes / 60;
