/**
 * The back office's access matrix, over plain HTTP against the production
 * server (docs/decisions/035-one-access-rule.md): generated from the route
 * table and the one rules table (app/staff/access-rules.ts), it sends every
 * back-office route's GET and each of its actions (every intent, and one the
 * route does not know) × session kinds × with and without the CSRF token ×
 * spellings of the address, and checks each answer against the one the
 * rules give, and no-store + noindex on every answer. A refused post carries
 * a body that would change something; afterwards nothing has changed. An
 * allowed post carries a harmless one (an unknown id, an empty field) and
 * gets the route's own answer, the same in every spelling.
 */
import { accessRules, refusals, type AccessRule, type Audience } from "../../app/staff/access-rules.ts";
import { csrfRefusal } from "../../app/staff/request.server.ts";
import { missingGrant, type Grant } from "../../app/staff/permissions.ts";
import type { StaffRole } from "../../app/data/schema.ts";
import { backOfficeRoutes } from "../support/back-office-routes.ts";
import { sqliteCount, sqliteQuery, sqliteWrite, type SiteServer } from "../../harness/servers.ts";
import { escapeHtml, insertSession, insertStaff, StaffClient } from "../support/staff.ts";
import { postEnquiry } from "../support/enquiry.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

/**
 * The full sessions: of an account of each role (a member who works leads,
 * edits the site, or both; an administrator), with what each may do, written
 * out here rather than asked of app/staff/permissions.ts, so that a mistake
 * there shows.
 */
const fullKindsOf = {
  leads: { role: "leads", grants: ["leads"] },
  site: { role: "site", grants: ["site"] },
  both: { role: "leads,site", grants: ["leads", "site"] },
  admin: { role: "admin", grants: ["leads", "site", "admin"] },
} as const satisfies Record<string, { role: StaffRole; grants: readonly Grant[] }>;
type FullKind = keyof typeof fullKindsOf;
type Kind = "none" | "expired" | "revoked" | FullKind | "password" | "idle" | "disabled";
/** Every kind in every spelling; the others (the old per-kind checks) in the canonical spelling. */
const fullKinds = Object.keys(fullKindsOf) as FullKind[];
const kinds: Kind[] = ["none", "expired", "revoked", ...fullKinds];
const canonicalOnly: Kind[] = ["password", "idle", "disabled"];
const fullSession = (kind: Kind): kind is FullKind => Object.hasOwn(fullKindsOf, kind);

/** A spelling of an address: its literal segments (never its ids) changed; `matched` if the router still takes it. */
type Spelling = { name: string; matched: boolean; spell(segments: string[], literal: boolean[]): string };
const eachLiteral = (change: (segment: string) => string) => (segments: string[], literal: boolean[]) =>
  "/" + segments.map((s, i) => (literal[i] ? change(s) : s)).join("/");
const spellings: Spelling[] = [
  { name: "canonical", matched: true, spell: eachLiteral((s) => s) },
  { name: "upper case", matched: true, spell: eachLiteral((s) => s.toUpperCase()) },
  {
    name: "mixed case",
    matched: true,
    spell: eachLiteral((s) => [...s].map((c, i) => (i % 2 ? c : c.toUpperCase())).join("")),
  },
  {
    name: "percent-encoded letter",
    matched: true,
    spell: eachLiteral((s) => `%${s.charCodeAt(0).toString(16).toUpperCase()}${s.slice(1)}`),
  },
  {
    name: "trailing slash",
    matched: true,
    spell: (segments, literal) => `${eachLiteral((s) => s)(segments, literal)}/`,
  },
  // A doubled slash inside the path matches no route: the site's 404, still no-store and noindex.
  {
    name: "doubled slash",
    matched: false,
    spell: (segments) =>
      segments.length === 1 ? `//${segments[0]}` : `/${segments[0]}//${segments.slice(1).join("/")}`,
  },
];

type Fields = Record<string, string>;
/** What a post carries: harmless when allowed; when refused, what would do harm if it got through. */
type Bodies = { harmless?: Fields; refused?: Fields };
type Action = {
  method: "GET" | "POST";
  /** The form's intent ("" none); undefined for a GET. */
  intent?: string;
  who: Audience | keyof typeof refusals;
};

const unknownIntent = "no-such-intent";

/** The actions of a rule: its GET, and its posts (each intent, plus one it does not know). */
function actionsOf(rule: AccessRule): Action[] {
  const actions: Action[] = [{ method: "GET", who: rule.get }];
  if (rule.post === undefined) actions.push({ method: "POST", intent: "", who: "no-action" });
  else if (typeof rule.post === "string") actions.push({ method: "POST", intent: "", who: rule.post });
  else {
    for (const [intent, who] of Object.entries(rule.post)) actions.push({ method: "POST", intent, who });
    actions.push({ method: "POST", intent: unknownIntent, who: "unknown-intent" });
  }
  return actions;
}

let site: SiteServer;
let csrfCookie: string;
let csrfToken: string;
const users = {} as Record<FullKind | "victim" | "off" | `ends-${FullKind}`, { id: string; email: string }>;
/** Each kind's Cookie pair (none: no session cookie). */
const sessions = new Map<Kind, string | null>();
let lead: { id: string; email: string; events: number };
const refusedInvitee = uniqueEmail("matrix-refused-invitee");
/** An open invitation that refused posts try to withdraw. */
const standingInvitee = uniqueEmail("matrix-standing-invitee");
const refusedHook = "https://refused.example.test/hook";
let victimSession: string;

/** The route's own answer to an allowed request with a harmless body, by session kind. */
type Own = number | ((kind: Kind) => number);
const params: Record<string, () => string> = {
  id: () => lead.id,
  token: () => "not-a-set-up-token",
  type: () => "webinar",
  key: () => "no-such-item",
  file: () => "INV-000001.pdf",
};

/** Per route pattern and intent ("GET" for the page): the route's own answer, and the bodies. */
function plan(pattern: string, action: Action): { own: Own; bodies: Bodies } {
  const key = `${pattern} ${action.method === "GET" ? "GET" : action.intent}`;
  const signedIn = (kind: Kind) => (fullSession(kind) ? 302 : 200);
  const table: Record<string, { own: Own } & Bodies> = {
    "/admin/sign-in GET": { own: signedIn },
    "/admin/sign-in ": { own: (k) => (fullSession(k) ? 302 : 400) },
    "/admin/sign-in/code GET": { own: (k) => (k === "password" ? 200 : 302) },
    "/admin/sign-in/code ": { own: (k) => (k === "password" ? 401 : 302) },
    "/admin/sign-in/code passkey": { own: (k) => (k === "password" ? 401 : 302) },
    "/admin/passkey-options GET": { own: 404 },
    "/admin/passkey-options ": { own: 400 },
    "/admin/sign-out GET": { own: 302 },
    "/admin/sign-out ": { own: 302 },
    "/admin/setup/:token GET": { own: 404 },
    "/admin/setup/:token ": { own: 404 },
    "/admin/requests/access.json GET": { own: 405 },
    "/admin/requests/access.csv GET": { own: 405 },
    "/admin/requests/access.json ": { own: 400, refused: { email: "someone@example.test" } },
    "/admin/requests/access.csv ": { own: 400, refused: { email: "someone@example.test" } },
    "/admin/webhooks/:id GET": { own: 404 },
    // The consultation's old addresses (ADR 068): a permanent redirect to /admin/consultations, for anyone.
    "/admin/bookings GET": { own: 301 },
    "/admin/bookings/* GET": { own: 301 },
    "/admin/bookings.csv GET": { own: 301 },
    "/admin/outbox ": { own: 409, refused: { message: lead.id } },
    "/admin/spam release": { own: 404, refused: { intent: "release", entry: lead.id } },
    "/admin/spam delete": { own: 404, refused: { intent: "delete", entry: lead.id } },
    "/admin/requests look-up": { own: 400, refused: { intent: "look-up", email: "someone@example.test" } },
    "/admin/requests erase": { own: 400, refused: { intent: "erase", email: lead.email, confirm: lead.email } },
    "/admin/leads/:id update": { own: 400, refused: { intent: "update", status: "won", owner: "" } },
    "/admin/leads/:id note": { own: 400, refused: { intent: "note", note: "A refused note" } },
    "/admin/users invite": {
      own: 400,
      refused: { intent: "invite", name: "Refused", email: refusedInvitee, access: "admin" },
    },
    // Withdrawing a set-up link: allowed, for an address with none open (404); refused, the one left open.
    "/admin/users withdraw": { own: 404, refused: { intent: "withdraw", email: standingInvitee } },
    "/admin/users permissions": {
      own: 400,
      refused: { intent: "permissions", user: users.victim.id, access: "admin" },
    },
    "/admin/users disable": { own: 404, refused: { intent: "disable", user: users.victim.id } },
    "/admin/users revoke": { own: 404, refused: { intent: "revoke", user: users.victim.id } },
    "/admin/users reset": { own: 404, refused: { intent: "reset", user: users.victim.id } },
    "/admin/webhooks ": {
      own: 400,
      refused: { url: refusedHook, description: "Refused", events: "lead.created" },
    },
    "/admin/webhooks/:id retry": { own: 409 },
    "/admin/webhooks/:id replay": { own: 409 },
    "/admin/webhooks/:id events": { own: 400 },
    "/admin/webhooks/:id rotate": { own: 409 },
    "/admin/webhooks/:id disable": { own: 400 },
    // Adding a passkey needs a proof in the last 5 minutes first (the matrix's sessions have none).
    "/admin/account add": { own: 403 },
    "/admin/account remove": { own: 404 },
    "/admin/account prove": { own: 400 },
    "/admin/account password": { own: 400 },
    "/admin/account end-session": { own: 404 },
    "/admin/account end-others": { own: 200 },
    // The content editor, on an item that does not exist: a save (publish,
    // schedule) without fields is refused by the schema; the rest find nothing.
    "/admin/content/:type/:key GET": { own: 404 },
    "/admin/content/:type/:key save": { own: 400 },
    "/admin/content/:type/:key publish": { own: 400 },
    "/admin/content/:type/:key schedule": { own: 400 },
    "/admin/content/:type/:key unschedule": { own: 404 },
    "/admin/content/:type/:key unpublish": { own: 404 },
    "/admin/content/:type/:key restore": { own: 400 },
    "/admin/content/:type/:key delete": { own: 404 },
    // A list's button (the family `list:…`; the bare name changes no list): "not known", nothing saved.
    "/admin/content/:type/:key list": { own: 400 },
    "/admin/content/:type/new add": { own: 400 },
    // Duplicating an item that does not exist.
    "/admin/content/:type/:key/duplicate GET": { own: 404 },
    "/admin/content/:type/:key/duplicate duplicate": { own: 404 },
    "/admin/content/:type/new list": { own: 400 },
    "/admin/content/:type/:key/preview GET": { own: 404 },
    "/admin/content/:type/:key/preview/page GET": { own: 404 },
    // A Markdown field's preview: only a post with the Markdown renders it.
    "/admin/content/markdown-preview GET": { own: 405 },
    "/admin/content/markdown-preview ": { own: 400 },
    // A guide's PDF, of a guide that does not exist: an upload without a file is refused; removing finds nothing.
    "/admin/content/guide/:key/pdf GET": { own: 404 },
    "/admin/content/guide/:key/pdf upload": { own: 400 },
    "/admin/content/guide/:key/pdf remove": { own: 404 },
    // The image library: an upload without a file is refused.
    "/admin/content/images upload": { own: 400 },
    // Deleting an image that is not in the library.
    "/admin/content/images delete": { own: 404 },
    // Course sessions and bookings (issue 29), of a session and a booking that do not exist;
    // cancelling a session without its reason is refused before it is looked for.
    "/admin/sessions/:key GET": { own: 404 },
    "/admin/sessions/:key cancel-session": { own: 400 },
    "/admin/sessions/:key/roster.csv GET": { own: 404 },
    // A session's waiting list (ADR 083), of a session that does not exist.
    "/admin/sessions/:key/waiting-list GET": { own: 404 },
    "/admin/sessions/:key/waiting-list waiting-up": { own: 404 },
    "/admin/sessions/:key/waiting-list waiting-down": { own: 404 },
    "/admin/sessions/:key/waiting-list waiting-remove": { own: 404 },
    "/admin/course-bookings/:id GET": { own: 404 },
    "/admin/course-bookings/:id mark-paid": { own: 404 },
    "/admin/course-bookings/:id cancel": { own: 404 },
    "/admin/course-bookings/:id name-place": { own: 404 },
    "/admin/course-bookings/:id move": { own: 404 },
    "/admin/course-bookings/:id/documents/:file GET": { own: 404 },
    // The export for the accounts' file, asked for without a period: refused by the route, saying why (ADR 080).
    "/admin/accounts-export.csv GET": { own: 400 },
    // The business settings (ADR 066): a post without the fields saves nothing (400); a refused
    // account's post carries a complete, valid form, which would be saved were it let through.
    "/admin/settings ": {
      own: 400,
      refused: {
        legalName: "Refused Ltd",
        registeredAddress: "1 Refused Street\nLondon EC1A 1AA",
        companyNumber: "01234567",
        vatNumber: "GB 999 9999 73",
        accountName: "Refused Ltd",
        sortCode: "00-00-00",
        accountNumber: "00000000",
        paymentTermsDays: "30",
        bookingsEmail: "bookings@refused.example",
      },
    },
  };
  const entry = table[key];
  const intent: Fields = action.intent ? { intent: action.intent } : {};
  if (action.method === "POST" && action.who !== "no-action" && action.who !== "unknown-intent" && !entry) {
    throw new Error(`The matrix has no answer for ${key}: add one to plan() (and to the rules, if new)`);
  }
  return {
    own: entry?.own ?? 200,
    bodies: { harmless: intent, refused: entry?.refused ?? intent },
  };
}

type Expected = { status: number; location?: RegExp; text?: string; own: boolean };

/** The answer the rules give (or the route's own, where they let the request through). */
function expected(pattern: string, action: Action, kind: Kind, csrf: boolean, spelling: Spelling): Expected {
  const { own } = plan(pattern, action);
  const ownAnswer = { status: typeof own === "number" ? own : own(kind), own: true };
  if (!spelling.matched) return { status: action.method === "GET" ? 404 : 405, own: false };
  if (action.method === "POST" && !csrf) return { status: 403, text: csrfRefusal, own: false };
  if (action.who in refusals) {
    const { status, message } = refusals[action.who as keyof typeof refusals];
    return { status, text: message, own: false };
  }
  if (action.who === "public") return ownAnswer;
  if (!fullSession(kind)) return { status: 302, location: /^\/admin\/sign-in(\?next=[^&]+)?$/, own: false };
  if (action.who === "signed-in") return ownAnswer;
  const grant = action.who as Grant;
  if (!(fullKindsOf[kind].grants as readonly Grant[]).includes(grant))
    return { status: 403, text: missingGrant[grant], own: false };
  return ownAnswer;
}

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
  // The accounts are written into the database (the matrix is about sessions, not about setting accounts up).
  const make = async (key: keyof typeof users, role: StaffRole) => {
    const { id, email } = await insertStaff(site.dataDir, {
      email: uniqueEmail(`matrix-${key}`),
      name: `Matrix ${key}`,
      role,
    });
    users[key] = { id, email };
  };
  await Promise.all([
    ...fullKinds.map((kind) => make(kind, fullKindsOf[kind].role)),
    make("victim", "leads"),
    make("off", "admin"),
    // "End all other sessions" really ends them: allowed, it is sent from accounts of its own.
    ...fullKinds.map((kind) => make(`ends-${kind}`, fullKindsOf[kind].role)),
  ]);
  sqliteWrite(site.dataDir, "UPDATE staff_users SET disabled_at = ? WHERE id = ?", [
    new Date().toISOString(),
    users.off.id,
  ]);
  sqliteWrite(
    site.dataDir,
    "INSERT INTO staff_invitations (id, email, name, role, totp_secret, invited_by, user_id, created_at, expires_at, accepted_at) VALUES (?, ?, 'Standing Invitee', 'leads', 'never opened', NULL, NULL, ?, ?, NULL)",
    [
      `matrix-standing-${Date.now()}`,
      standingInvitee,
      new Date().toISOString(),
      new Date(Date.now() + 86_400_000).toISOString(),
    ],
  );

  const long = "2000-01-01T00:00:00.000Z";
  const fixed = new Map<Kind, string>([
    ...(await Promise.all(
      fullKinds.map(async (kind) => [kind, await insertSession(site.dataDir, users[kind].id)] as const),
    )),
    ["expired", await insertSession(site.dataDir, users.admin.id, { expiresAt: long })],
    ["revoked", await insertSession(site.dataDir, users.admin.id, { revokedAt: new Date().toISOString() })],
    ["idle", await insertSession(site.dataDir, users.admin.id, { lastSeenAt: long })],
    ["password", await insertSession(site.dataDir, users.admin.id, { stage: "password" })],
    ["disabled", await insertSession(site.dataDir, users.off.id)],
  ]);
  sessions.set("none", null);
  for (const [kind, cookie] of fixed) sessions.set(kind, cookie);
  victimSession = await insertSession(site.dataDir, users.victim.id);

  // One browser's CSRF pair (the token is not bound to a session).
  const browser = new StaffClient(site.baseURL);
  await browser.get("/admin/sign-in");
  csrfToken = browser.csrf;
  csrfCookie = `__Host-staff-csrf=${browser.cookies.get("__Host-staff-csrf")}`;

  // A lead that refused posts aim at (note it, change it, erase it).
  const email = uniqueEmail("matrix-lead");
  const sent = await postEnquiry(site.baseURL, email, { message: "A lead that no refused request may touch." });
  expect(sent.status).toBe(200);
  const id = String(sqliteQuery(site.dataDir, "SELECT id FROM leads WHERE email = ?", [email])[0]!.id);
  lead = { id, email, events: sqliteCount(site.dataDir, "lead_events", "lead_id = ?", [id]) };
});

test("the access matrix: every route, action, session, CSRF token and spelling gets the answer the rules give", async () => {
  test.setTimeout(180_000);
  type Case = { pattern: string; action: Action; kind: Kind; csrf: boolean; spelling: Spelling; path: string };
  const cases: Case[] = [];
  for (const { pattern } of backOfficeRoutes()) {
    const rule: AccessRule = accessRules[pattern as keyof typeof accessRules];
    const segments = pattern.slice(1).split("/");
    const literal = segments.map((s) => !s.startsWith(":"));
    const concrete = segments.map((s) => (s.startsWith(":") ? params[s.slice(1)]!() : s));
    for (const spelling of spellings) {
      const path = spelling.spell(concrete, literal);
      for (const kind of [...kinds, ...(spelling.name === "canonical" ? canonicalOnly : [])]) {
        for (const action of actionsOf(rule)) {
          for (const csrf of action.method === "POST" ? [true, false] : [false]) {
            cases.push({ pattern, action, kind, csrf, spelling, path });
          }
        }
      }
    }
  }

  const failures: string[] = [];
  const started = Date.now();
  const run = async (c: Case) => {
    const want = expected(c.pattern, c.action, c.kind, c.csrf, c.spelling);
    const { bodies } = plan(c.pattern, c.action);
    // Sign-out ends the session it is sent with: it gets one of its own.
    const ownSession = c.pattern === "/admin/sign-out" && c.action.method === "POST" && c.kind !== "none";
    const endsOthers = c.pattern === "/admin/account" && c.action.intent === "end-others" && fullSession(c.kind);
    const session = ownSession
      ? await freshSession(c.kind)
      : endsOthers && fullSession(c.kind)
        ? await insertSession(site.dataDir, users[`ends-${c.kind}`].id)
        : sessions.get(c.kind)!;
    const cookie = [csrfCookie, session].filter(Boolean).join("; ");
    const init: RequestInit = { headers: { Cookie: cookie }, redirect: "manual" };
    if (c.action.method === "POST") {
      const body = new URLSearchParams(want.own ? bodies.harmless : bodies.refused);
      if (c.csrf) body.set("_csrf", csrfToken);
      init.method = "POST";
      init.body = body;
      init.headers = { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    }
    // Origin + path as written (new URL would read "//admin" as a host).
    const response = await fetch(new URL(site.baseURL).origin + c.path, init);
    const text = await response.text();
    const about = `${c.action.method} ${c.path}${c.action.intent ? ` intent=${c.action.intent}` : ""} as ${c.kind}${
      c.action.method === "POST" ? (c.csrf ? " with CSRF" : " without CSRF") : ""
    }`;
    const problems: string[] = [];
    if (response.status !== want.status) problems.push(`status ${response.status}, expected ${want.status}`);
    const location = response.headers.get("location") ?? "";
    if (want.location && !want.location.test(location)) problems.push(`location "${location}"`);
    // The refusal's words on the page itself (not only in the page's data), or
    // the whole answer of a route without a page (a download, passkey options).
    const says = (words: string) =>
      text.includes(`>${escapeHtml(words)}<`) || text === words || text === JSON.stringify(words);
    if (want.text && !says(want.text)) problems.push(`no "${want.text}" shown`);
    if (!want.own && text.includes(users.admin.email)) problems.push("a refusal shows an account");
    if (response.headers.get("cache-control") !== "no-store") problems.push("not no-store");
    if (response.headers.get("x-robots-tag") !== "noindex, nofollow") problems.push("not noindex");
    if (problems.length) failures.push(`${about}: ${problems.join("; ")}`);
  };
  const queue = [...cases];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) await run(c);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const routes = new Set(cases.map((c) => c.pattern)).size;
  const actions = new Set(cases.map((c) => `${c.pattern} ${c.action.method} ${c.action.intent}`)).size;
  console.log(
    `Access matrix: ${routes} routes, ${actions} route actions, ${kinds.length} session kinds × ${spellings.length} spellings` +
      ` (+${canonicalOnly.length} kinds canonical only), posts with and without CSRF: ${cases.length} requests in ${seconds.toFixed(1)} s`,
  );
  expect(failures.slice(0, 40), `${failures.length} of ${cases.length} answers differ`).toEqual([]);

  // Nothing a refused request asked for was done.
  expect(sqliteCount(site.dataDir, "staff_invitations", "email = ?", [refusedInvitee])).toBe(0);
  expect(sqliteCount(site.dataDir, "staff_invitations", "email = ?", [standingInvitee])).toBe(1);
  expect(sqliteCount(site.dataDir, "staff_invitations", "user_id = ?", [users.victim.id])).toBe(0);
  expect(sqliteCount(site.dataDir, "staff_users", "id = ? AND disabled_at IS NULL", [users.victim.id])).toBe(1);
  expect(sqliteQuery(site.dataDir, "SELECT role FROM staff_users WHERE id = ?", [users.victim.id])).toEqual([
    { role: "leads" },
  ]);
  expect(sqliteCount(site.dataDir, "webhook_endpoints", "url = ?", [refusedHook])).toBe(0);
  expect(
    sqliteCount(site.dataDir, "business_settings_revisions", "settings LIKE ?", ["%bookings@refused.example%"]),
  ).toBe(0);
  expect(sqliteQuery(site.dataDir, "SELECT status FROM leads WHERE id = ?", [lead.id])).toEqual([{ status: "new" }]);
  expect(sqliteCount(site.dataDir, "lead_events", "lead_id = ?", [lead.id])).toBe(lead.events);
  const victim = await fetch(new URL("/admin", site.baseURL), {
    headers: { Cookie: victimSession },
    redirect: "manual",
  });
  expect(victim.status).toBe(200);
});

test("the consultation's old addresses answer 301 to the same under /admin/consultations, the query kept", async () => {
  const moves: [string, string][] = [
    ["/admin/bookings", "/admin/consultations"],
    ["/admin/bookings?after=abc", "/admin/consultations?after=abc"],
    ["/admin/bookings/", "/admin/consultations"],
    ["/admin/bookings/some/page?x=1&y=2", "/admin/consultations/some/page?x=1&y=2"],
    ["/admin/bookings.csv", "/admin/consultations.csv"],
    ["/ADMIN/Bookings?after=abc", "/admin/consultations?after=abc"],
  ];
  for (const [from, to] of moves) {
    for (const cookie of [null, sessions.get("leads")!]) {
      const answer = await fetch(new URL(site.baseURL).origin + from, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      expect([from, answer.status, answer.headers.get("location")]).toEqual([from, 301, to]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  }
  // The new address is the page, for an account that works leads; signed out, sign-in first.
  const page = await fetch(new URL("/admin/consultations", site.baseURL), {
    headers: { Cookie: sessions.get("leads")! },
    redirect: "manual",
  });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<h1");
  const signedOut = await fetch(new URL("/admin/consultations", site.baseURL), { redirect: "manual" });
  expect(signedOut.status).toBe(302);
});

/** A new session of the kind's account and state (for a request that ends it). */
async function freshSession(kind: Kind): Promise<string> {
  const long = "2000-01-01T00:00:00.000Z";
  const user = fullSession(kind) ? users[kind] : kind === "disabled" ? users.off : users.admin;
  return insertSession(site.dataDir, user.id, {
    stage: kind === "password" ? "password" : "full",
    expiresAt: kind === "expired" ? long : undefined,
    lastSeenAt: kind === "idle" ? long : undefined,
    revokedAt: kind === "revoked" ? new Date().toISOString() : null,
  });
}
