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
 * - "staff": anyone signed in with both factors
 * - "admin": an administrator signed in with both factors
 *
 * Fail closed: a route with no entry opens to nobody, a post to a route
 * without `post` is refused (405), and an intent not listed is refused
 * (400). So a new route, action or intent needs its line here:
 *   - a new page:   "/admin/things": { get: "staff" },
 *   - a new action: add `post: "admin"` to its entry,
 *   - a new intent: add `rename: "staff",` to its entry's `post` map
 *     (a route whose action takes one role for all posts turns its
 *     `post: "staff"` into `post: { lookup: "staff", erase: "admin" }`).
 * The matrix test and tests/unit/access-rules.test.ts fail until it is there.
 */

export type Audience = "public" | "staff" | "admin";
export type PostRule = Audience | Readonly<Record<string, Audience>>;
export type AccessRule = { readonly get: Audience; readonly post?: PostRule };

export const accessRules = {
  "/admin/sign-in": { get: "public", post: "public" },
  "/admin/sign-in/code": { get: "public", post: { "": "public", passkey: "public" } },
  "/admin/passkey-options": { get: "public", post: "public" },
  "/admin/sign-out": { get: "public", post: "public" },
  "/admin/setup/:token": { get: "public", post: "public" },
  "/admin": { get: "staff" },
  "/admin/leads": { get: "staff" },
  "/admin/leads.csv": { get: "staff" },
  "/admin/newsletter.csv": { get: "staff" },
  "/admin/bookings.csv": { get: "staff" },
  "/admin/outbox": { get: "staff", post: "staff" },
  "/admin/bookings": { get: "staff" },
  "/admin/conversions": { get: "staff" },
  "/admin/spam": { get: "staff", post: { release: "staff", delete: "staff" } },
  "/admin/requests": { get: "staff", post: { "look-up": "staff", erase: "admin" } },
  "/admin/requests/access.json": { get: "staff", post: "staff" },
  "/admin/requests/access.csv": { get: "staff", post: "staff" },
  "/admin/leads/:id": { get: "staff", post: { update: "staff", note: "staff" } },
  "/admin/users": { get: "admin", post: { invite: "admin", disable: "admin", revoke: "admin", reset: "admin" } },
  "/admin/webhooks": { get: "admin", post: "admin" },
  "/admin/webhooks/:id": {
    get: "admin",
    post: { retry: "admin", replay: "admin", events: "admin", rotate: "admin", disable: "admin" },
  },
  "/admin/audit": { get: "admin" },
  "/admin/content": { get: "admin" },
  "/admin/content/:type": { get: "admin" },
  "/admin/content/:type/new": { get: "admin", post: { add: "admin" } },
  "/admin/content/:type/:key": {
    get: "admin",
    post: {
      save: "admin",
      publish: "admin",
      schedule: "admin",
      unschedule: "admin",
      unpublish: "admin",
      restore: "admin",
    },
  },
  "/admin/account": {
    get: "staff",
    post: {
      prove: "staff",
      password: "staff",
      "end-session": "staff",
      "end-others": "staff",
      add: "staff",
      remove: "staff",
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
  const key = intent ?? "";
  return Object.hasOwn(rule.post, key) ? { allow: rule.post[key]! } : { refuse: "unknown-intent" };
}
