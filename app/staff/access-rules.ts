/**
 * Who may do what in the back office: the one table
 * (docs/decisions/035-one-access-rule.md). The area's middleware enforces
 * it before any loader or action runs (app/staff/access.server.ts), and the
 * access matrix test (tests/e2e/access-matrix.http.spec.ts) derives every
 * expected answer from it.
 *
 * Each route under /admin in app/routes.ts has one entry, named by its
 * pattern as React Router reports it (`/admin/leads/:id`; the index route
 * is `/admin`): who may open it (`get`), and who may post to it (`post`):
 * one answer for the whole action, or one per form `intent` the action
 * handles ("" for a post without an intent field).
 *
 * - "public": anyone (sign-in and set-up pages: the route checks for itself)
 * - "signed-in": any account signed in with both factors (the home page, the
 *   account page)
 * - "leads": an account that works leads, signed in with both factors
 * - "site": an account that edits the site, signed in with both factors
 * - "admin": an administrator signed in with both factors
 * An administrator may do everything; a member, what their permissions say
 * (app/staff/permissions.ts, docs/decisions/044-permissions.md).
 *
 * Fail closed: a route with no entry opens to nobody, a post to a route
 * without `post` is refused (405), and an intent not listed is refused
 * (400). So a new route, action or intent needs its line here:
 *   - a new page:   "/admin/things": { get: "leads" },
 *   - a new action: add `post: "admin"` to its entry,
 *   - a new intent: add `rename: "site",` to its entry's `post` map
 *     (a route whose action takes one audience for all posts turns its
 *     `post: "leads"` into `post: { lookup: "leads", erase: "admin" }`);
 *     a family of intents (`list:add:faqs`) has one line, by the name before its colon.
 * The matrix test and tests/unit/access-rules.test.ts fail until it is there.
 */

import { may, type Grant } from "./permissions.ts";

export type Audience = "public" | "signed-in" | Grant;
export type PostRule = Audience | Readonly<Record<string, Audience>>;
export type AccessRule = { readonly get: Audience; readonly post?: PostRule };

export const accessRules = {
  "/admin/sign-in": { get: "public", post: "public" },
  "/admin/sign-in/code": { get: "public", post: { "": "public", passkey: "public" } },
  "/admin/passkey-options": { get: "public", post: "public" },
  "/admin/sign-out": { get: "public", post: "public" },
  "/admin/setup/:token": { get: "public", post: "public" },
  // The consultation's old addresses: a permanent redirect to the new, for anyone (the new page checks).
  "/admin/bookings": { get: "public" },
  "/admin/bookings/*": { get: "public" },
  "/admin/bookings.csv": { get: "public" },
  "/admin": { get: "signed-in" },
  "/admin/leads": { get: "leads" },
  "/admin/leads.csv": { get: "leads" },
  "/admin/newsletter.csv": { get: "leads" },
  "/admin/consultations.csv": { get: "leads" },
  "/admin/course-bookings.csv": { get: "leads" },
  "/admin/outbox": { get: "leads", post: "leads" },
  "/admin/consultations": { get: "leads" },
  "/admin/sessions": { get: "leads" },
  "/admin/course-bookings": { get: "leads" },
  "/admin/sessions/:key": { get: "leads", post: { "cancel-session": "leads" } },
  "/admin/sessions/:key/roster.csv": { get: "leads" },
  "/admin/sessions/:key/waiting-list": {
    get: "leads",
    post: { "waiting-up": "leads", "waiting-down": "leads", "waiting-remove": "leads" },
  },
  "/admin/course-bookings/:id": {
    get: "leads",
    post: { "mark-paid": "leads", cancel: "leads", "name-place": "leads", move: "leads" },
  },
  "/admin/course-bookings/:id/documents/:file": { get: "leads" },
  // The export for the accounts (ADR 080): those who work bookings see their invoices already.
  "/admin/accounts-export": { get: "leads" },
  "/admin/accounts-export.csv": { get: "leads" },
  "/admin/conversions": { get: "leads" },
  "/admin/spam": { get: "leads", post: { release: "leads", delete: "leads" } },
  "/admin/requests": { get: "leads", post: { "look-up": "leads", erase: "admin" } },
  "/admin/requests/access.json": { get: "leads", post: "leads" },
  "/admin/requests/access.csv": { get: "leads", post: "leads" },
  "/admin/leads/:id": { get: "leads", post: { update: "leads", note: "leads" } },
  "/admin/users": {
    get: "admin",
    post: {
      invite: "admin",
      withdraw: "admin",
      permissions: "admin",
      disable: "admin",
      revoke: "admin",
      reset: "admin",
    },
  },
  "/admin/webhooks": { get: "admin", post: "admin" },
  "/admin/webhooks/:id": {
    get: "admin",
    post: { retry: "admin", replay: "admin", events: "admin", rotate: "admin", disable: "admin" },
  },
  "/admin/audit": { get: "admin" },
  "/admin/settings": { get: "admin", post: "admin" },
  "/admin/content": { get: "site" },
  "/admin/content/markdown-preview": { get: "site", post: "site" },
  "/admin/content/images": { get: "site", post: { upload: "site", delete: "site" } },
  "/admin/content/:type": { get: "site" },
  "/admin/content/:type/new": { get: "site", post: { add: "site", list: "site" } },
  "/admin/content/:type/:key": {
    get: "site",
    post: {
      save: "site",
      publish: "site",
      schedule: "site",
      unschedule: "site",
      unpublish: "site",
      restore: "site",
      delete: "site",
      list: "site",
    },
  },
  "/admin/content/:type/:key/duplicate": { get: "site", post: { duplicate: "site" } },
  "/admin/content/:type/:key/preview": { get: "site" },
  "/admin/content/:type/:key/preview/page": { get: "site" },
  "/admin/content/guide/:key/pdf": { get: "site", post: { upload: "site", remove: "site" } },
  "/admin/account": {
    get: "signed-in",
    post: {
      prove: "signed-in",
      password: "signed-in",
      "end-session": "signed-in",
      "end-others": "signed-in",
      add: "signed-in",
      remove: "signed-in",
    },
  },
} as const satisfies Record<string, AccessRule>;

export type Refusal = "no-rule" | "no-action" | "unknown-intent";
export type Decision = { allow: Audience } | { refuse: Refusal };

/** The answer and message of each refusal by the table itself. */
export const refusals: Readonly<Record<Refusal, { status: number; message: string }>> = {
  "no-rule": { status: 403, message: "This page is not open to anyone." },
  "no-action": { status: 405, message: "This page takes no form." },
  "unknown-intent": { status: 400, message: "This form's action is not known here." },
};

const reads = new Set(["GET", "HEAD"]);

/**
 * Who may make this request: the matched route's pattern (React Router
 * gives it without the leading slash: `admin/leads/:id`), the HTTP method,
 * and for a post the form's `intent` (null or "" when it has none).
 */
export function decide(
  pattern: string,
  method: string,
  intent: string | null,
  rules: Readonly<Record<string, AccessRule>> = accessRules,
): Decision {
  const path = `/${pattern.replace(/^\/+/, "")}`;
  const rule = Object.hasOwn(rules, path) ? rules[path] : undefined;
  if (!rule) return { refuse: "no-rule" };
  if (reads.has(method.toUpperCase())) return { allow: rule.get };
  if (rule.post === undefined) return { refuse: "no-action" };
  if (typeof rule.post === "string") return { allow: rule.post };
  const given = intent ?? "";
  // A family of intents is ruled by its name before the colon: a list's buttons
  // in the content editor (`list:add:faqs`, `list:up:curriculum.1`) by "list".
  const colon = given.indexOf(":");
  const key = Object.hasOwn(rule.post, given) || colon < 1 ? given : given.slice(0, colon);
  return Object.hasOwn(rule.post, key) ? { allow: rule.post[key]! } : { refuse: "unknown-intent" };
}

/** May an account with this role open the page at `path` (a route pattern)? For showing only what it may open. */
export function mayOpen(role: string, path: string): boolean {
  const decision = decide(path, "GET", null);
  if ("refuse" in decision) return false;
  const { allow } = decision;
  return allow === "public" || allow === "signed-in" || may(role, allow);
}
