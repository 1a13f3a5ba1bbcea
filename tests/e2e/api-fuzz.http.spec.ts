/**
 * Property tests (fast-check) against a server of its own: random and
 * hostile requests at every form endpoint never get a 5xx, and the JSON API
 * always answers { success: boolean, message: string }. Odd addresses on the
 * form pages and downloads never get a 5xx either. Header injection through
 * a visitor's name or address is refused, and never reaches an e-mail.
 */
import fc from "fast-check";
import { messages } from "../../app/forms/schemas.ts";
import {
  type RawRequest,
  type RawResponse,
  type SiteServer,
  pollUntil,
  postJson,
  rawRequest,
  sqliteCount,
  sqliteQuery,
  teamAddress,
} from "../../harness/servers.ts";
import type { Mailbox, ReceivedEmail } from "../../harness/mail.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const RUNS_PER_ENDPOINT = 250;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

let server: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(45_000);
  server = await launcher.siteWithMail({
    name: "api-fuzz",
    env: {
      MAIL_RETRY_MAX_SECONDS: "2",
      RATE_LIMIT_MAX: "1000000",
      FORM_MIN_FILL_SECONDS: "0",
    },
  });
});

test.afterAll(({ launcher }) => launcher.stopAll());

// ---------------------------------------------------------------------------
// Endpoints and their valid payloads
// ---------------------------------------------------------------------------

const validBodies = {
  "/api/contact": () => ({
    name: "Fuzz Tester",
    email: uniqueEmail("fuzz-contact"),
    phone: "+44 20 7946 0003",
    company: "Fuzz Ltd",
    jobTitle: "Tester",
    serviceInterest: "sustainability",
    message: "A perfectly ordinary enquiry about training.",
    preferredContact: "phone",
  }),
  "/api/resource-download": () => ({ email: uniqueEmail("fuzz-resource"), resourceId: "finance-toolkit" }),
  "/api/newsletter-signup": () => ({ email: uniqueEmail("fuzz-news") }),
  "/api/webhook/guide-request": () => ({
    first_name: "Fuzz",
    last_name: "Tester",
    email: uniqueEmail("fuzz-guide"),
    company: "Fuzz Ltd",
    guide_name: "sustainable-business-practices",
  }),
  "/api/webinar-registration": () => ({
    webinarId: "scope-3-supplier-data",
    name: "Fuzz Tester",
    email: uniqueEmail("fuzz-webinar"),
    company: "Fuzz Ltd",
  }),
} satisfies Record<string, () => Record<string, unknown>>;
type Endpoint = keyof typeof validBodies;
const endpoints = Object.keys(validBodies) as Endpoint[];

// ---------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------

const EVIL = "x@evil.test";
const hostileStrings = [
  `Eve\r\nBcc: ${EVIL}`,
  `eve@example.test\r\nBcc: ${EVIL}`,
  `eve@example.test\nCc: ${EVIL}`,
  `eve@example.test, ${EVIL}`,
  `"eve@example.test\r\n"@example.test`,
  `Eve%0d%0aBcc:%20${EVIL}`,
  "Robert'); DROP TABLE contact_enquiries;--",
  "' OR '1'='1",
  "1; SELECT pg_sleep(5); --",
  '" OR ""="',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "{{7*7}} ${7*7} <%= 7*7 %>",
  "../../../../etc/passwd",
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c",
  "\u2028\u2029",
  "\ufeff",
  "\ud800",
  "🙂".repeat(60),
  "é".normalize("NFD").repeat(40),
  "__proto__",
  "constructor",
  "toString",
  "risk-grc ",
  "RISK-GRC",
  "NaN",
  "-1",
  "1e309",
  " ",
  "",
];

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 4 },
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme" }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 50 }), weight: 2 },
  { arbitrary: fc.string({ minLength: 200, maxLength: 6000, unit: "grapheme-ascii" }), weight: 1 },
  { arbitrary: fc.integer({ min: 5000, max: 31000 }).map((n) => "x".repeat(n)), weight: 1 },
  { arbitrary: fc.emailAddress(), weight: 2 },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), weight: 1 },
);

const odd = fc.constantFrom("__proto__", "constructor", "prototype", "website", "formStartedAt", "", "x".repeat(100));

/** A payload: the endpoint's valid body with some fields replaced, removed or added. */
function mutatedBody(endpoint: Endpoint) {
  const keys = Object.keys(validBodies[endpoint]());
  const key = fc.oneof(fc.constantFrom(...keys), odd, fc.string({ maxLength: 20 }));
  return fc
    .tuple(
      fc.array(fc.tuple(key, anyValue), { maxLength: 4 }),
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.option(fc.oneof(fc.constant(0), fc.integer(), fc.constant(Date.now()), fc.string()), { nil: undefined }),
    )
    .map(([changes, removed, startedAt]) => {
      const body: Record<string, unknown> = validBodies[endpoint]();
      for (const k of removed) delete body[k];
      // defineProperty: "__proto__" becomes a real key, as a JSON parser sees it.
      for (const [k, v] of changes)
        Object.defineProperty(body, k, { value: v, enumerable: true, configurable: true, writable: true });
      if (startedAt !== undefined) body.formStartedAt = startedAt;
      return JSON.stringify(body);
    });
}

/** JSON text that tries to pollute prototypes, around an otherwise valid body. */
function pollutionBody(endpoint: Endpoint) {
  return fc
    .constantFrom(
      `"__proto__":{"website":"filled","isTest":true,"polluted":"yes"}`,
      `"constructor":{"prototype":{"polluted":"yes","website":"filled"}}`,
      `"__proto__":{"__proto__":{"polluted":"yes"}}`,
      `"prototype":{"polluted":"yes"}`,
      `"__proto__":null`,
      `"hasOwnProperty":"nope","toString":"nope","valueOf":1`,
    )
    .map((extra) => {
      const valid = JSON.stringify(validBodies[endpoint]());
      return `{${extra},${valid.slice(1)}`;
    });
}

function malformedBody(endpoint: Endpoint) {
  return fc.oneof(
    fc.nat({ max: 200 }).map((n) => JSON.stringify(validBodies[endpoint]()).slice(0, n)),
    fc.constantFrom(
      "",
      " ",
      "null",
      "[]",
      "[{}]",
      "1",
      '"text"',
      "true",
      "{",
      "}",
      "{'a':1}",
      '{"a":1,}',
      "\ufeff{}",
      "NaN",
      '{"a":1}{"b":2}',
      "\u0000",
    ),
    fc.string(),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? ""),
    // Deep nesting.
    fc.integer({ min: 100, max: 5000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
    fc.integer({ min: 100, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  );
}

const contentTypes = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json; charset=utf-16",
      "application/jsonx",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "text/plain",
      "text/html",
      "application/xml",
      "",
      "*/*",
      "application/json\u00e9",
    ),
    weight: 2,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

type Shot = {
  endpoint: Endpoint;
  method: string;
  contentType: string | undefined;
  body: string | Buffer | undefined;
  chunked: boolean;
  header: [string, string] | null;
};

function shots(endpoint: Endpoint): fc.Arbitrary<Shot> {
  const body = fc.oneof(
    { arbitrary: mutatedBody(endpoint), weight: 10 },
    { arbitrary: pollutionBody(endpoint), weight: 2 },
    { arbitrary: malformedBody(endpoint), weight: 3 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    // Over 32 KB.
    {
      arbitrary: fc.integer({ min: 32 * 1024 + 1, max: 100 * 1024 }).map((n) => `{"message":"${"y".repeat(n)}"}`),
      weight: 1,
    },
    // Invalid UTF-8.
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 200 }).map((a) => Buffer.from(a)), weight: 1 },
  );
  return fc.record({
    endpoint: fc.constant(endpoint),
    method: fc.oneof(
      { arbitrary: fc.constant("POST"), weight: 12 },
      { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "GET", "HEAD", "OPTIONS"), weight: 1 },
    ),
    contentType: contentTypes,
    body,
    chunked: fc.oneof({ arbitrary: fc.constant(false), weight: 12 }, { arbitrary: fc.constant(true), weight: 1 }),
    header: fc.option(
      fc.constantFrom<[string, string]>(
        ["X-Test-Submission", "true"],
        ["X-Forwarded-For", "1.2.3.4, <script>"],
        ["Referer", "http://127.0.0.1/contact?x=<>"],
        ["Referer", "not a url"],
        ["Cookie", "a=b; __proto__=x"],
        ["Accept", "text/html"],
        ["Accept-Encoding", "br, gzip, identity;q=0"],
        ["CF-IPCountry", "XX"],
      ),
      { nil: null },
    ),
  });
}

function toRequest(shot: Shot): RawRequest {
  const headers: Record<string, string> = {};
  if (shot.contentType !== undefined) headers["Content-Type"] = shot.contentType;
  if (shot.header) headers[shot.header[0]] = shot.header[1];
  const hasBody = shot.method !== "GET" && shot.method !== "HEAD";
  return {
    method: shot.method,
    path: shot.endpoint,
    headers,
    body: hasBody ? shot.body : undefined,
    chunked: hasBody && shot.chunked,
  };
}

const describe = (shot: Shot) =>
  `${shot.method} ${shot.endpoint} type=${JSON.stringify(shot.contentType)} chunked=${shot.chunked} header=${JSON.stringify(shot.header)} body=${JSON.stringify(
    typeof shot.body === "string" ? shot.body.slice(0, 300) : shot.body?.toString("hex").slice(0, 300),
  )}`;

/** The API's promise: no 5xx; JSON { success: boolean, message: string }; success iff 2xx. */
function checkApiAnswer(res: RawResponse, what: string, method: string) {
  if (res.status >= 500) throw new Error(`${res.status} for ${what}: ${res.text.slice(0, 300)}`);
  if (method === "HEAD") return; // no body by definition
  if (method === "OPTIONS" && res.status < 300) return;
  const body = res.json as { success?: unknown; message?: unknown } | undefined;
  if (typeof body !== "object" || body === null)
    throw new Error(`not a JSON object (${res.status}) for ${what}: ${res.text.slice(0, 300)}`);
  if (typeof body.success !== "boolean")
    throw new Error(`no boolean success (${res.status}) for ${what}: ${res.text.slice(0, 300)}`);
  if (typeof body.message !== "string" || body.message === "")
    throw new Error(`no message (${res.status}) for ${what}: ${res.text.slice(0, 300)}`);
  if (res.status < 300 !== body.success) throw new Error(`success=${body.success} with ${res.status} for ${what}`);
}

const statusCounts = new Map<string, number>();
const tally = (key: string) => statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);

test("a CR LF in a name or address is refused (400, single-line rule) and nothing is stored", async () => {
  // Each endpoint, the table it stores in, and its single-line fields to break.
  const endpoints: [Endpoint, string, string[]][] = [
    ["/api/contact", "contact_enquiries", ["name", "company", "phone", "email"]],
    ["/api/webhook/guide-request", "guide_requests", ["first_name", "email"]],
    ["/api/webinar-registration", "webinar_registrations", ["name"]],
    ["/api/newsletter-signup", "newsletter_subscriptions", ["email"]],
  ];
  const cases = endpoints.flatMap(([path, table, fields]) => fields.map((field) => ({ path, field, table })));
  for (const c of cases) {
    for (const breaker of ["\r\n", "\n", "\r"]) {
      const body: Record<string, unknown> = validBodies[c.path]();
      const email = String(body.email);
      body[c.field] = c.field === "email" ? `${email}${breaker}Bcc: ${EVIL}` : `Eve Example${breaker}Bcc: ${EVIL}`;
      const res = await postJson(server.baseURL, c.path, body);
      const what = `${c.path} ${c.field} ${JSON.stringify(breaker)}`;
      expect(res.status, what).toBe(400);
      const answer = res.json as { success: boolean; errors?: Record<string, string> };
      expect(answer.success, what).toBe(false);
      if (c.field !== "email") expect(answer.errors?.[c.field], what).toBe(messages.singleLine);
      else expect(answer.errors?.email, what).toBeTruthy();
      expect(sqliteCount(server.dataDir, c.table, "email = ? OR email = ?", [email, email.toLowerCase()]), what).toBe(
        0,
      );
    }
  }
});

test("CR LF and header lines inside a message stay in the body: no extra header, no extra recipient", async () => {
  const body = validBodies["/api/contact"]();
  body.message = `Hello,\r\nBcc: ${EVIL}\r\nSubject: hijacked\r\n\r\nX-Injected: yes\nmore text.`;
  const res = await postJson(server.baseURL, "/api/contact", body);
  expect(res.status, res.text).toBe(200);
  const visitor = String(body.email);
  const started = Date.now();
  const mail = server.mailbox;
  const found = await pollUntil(async () => {
    const all = await mail.all();
    const ack = all.find((m) => m.to.includes(visitor));
    const team = all.find((m) => m.to.includes(teamAddress) && m.text.includes(visitor));
    return ack && team ? [ack, team] : null;
  }, 15_000);
  test.info().annotations.push({ type: "outbox", description: `e-mails arrived after ${Date.now() - started} ms` });
  expect(found, "acknowledgement and team notification").toBeTruthy();
  const header = (m: ReceivedEmail, name: string) => m.headerList.find(([k]) => k === name)?.[1];
  for (const email of found!) {
    expect(header(email, "bcc")).toBeUndefined();
    expect(header(email, "x-injected")).toBeUndefined();
    expect(email.subject).not.toContain("hijacked");
    expect(email.to.some((a) => a.endsWith("evil.test"))).toBe(false);
    expect(email.text).toContain(`Bcc: ${EVIL}`); // quoted in the body, as typed
  }
});

for (const endpoint of endpoints) {
  test(`fuzz ${endpoint}: never a 5xx, always { success, message }`, async () => {
    test.setTimeout(40_000);
    await fc.assert(
      fc.asyncProperty(shots(endpoint), async (shot) => {
        let res: RawResponse;
        try {
          res = await rawRequest(server.baseURL, toRequest(shot));
        } catch (error) {
          // A server that answers early (413, 411) may close before a large body is sent.
          if (shot.chunked || (shot.body && Buffer.byteLength(shot.body) > 32 * 1024)) {
            if (/EPIPE|ECONNRESET/.test((error as Error).message)) return;
          }
          throw new Error(`request failed: ${(error as Error).message} for ${describe(shot)}`, { cause: error });
        }
        tally(`${endpoint} ${res.status}`);
        checkApiAnswer(res, describe(shot), shot.method);
      }),
      { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: false },
    );
    const seen = [...statusCounts]
      .filter(([k]) => k.startsWith(`${endpoint} `))
      .map(([k, n]) => `${k.split(" ")[1]}×${n}`);
    test.info().annotations.push({ type: "statuses", description: `seed ${SEED}: ${seen.join(", ")}` });
    // The fuzz reached the lead service, not only the validation.
    expect(statusCounts.get(`${endpoint} 200`) ?? 0, `some valid ${endpoint} submissions`).toBeGreaterThan(0);
    expect(statusCounts.get(`${endpoint} 400`) ?? 0).toBeGreaterThan(0);
  });
}

test("fuzz the page forms (form-encoded POSTs to the pages' actions): never a 5xx", async () => {
  test.setTimeout(60_000);
  const forms: Record<string, () => Record<string, unknown>> = {
    "/contact": validBodies["/api/contact"],
    "/get-guide": validBodies["/api/webhook/guide-request"],
    "/lead-capture": validBodies["/api/webhook/guide-request"],
    "/newsletter": validBodies["/api/newsletter-signup"],
    "/": validBodies["/api/resource-download"],
    "/resources": validBodies["/api/webinar-registration"],
    "/newsletter/confirm": () => ({ token: "a".repeat(32) }),
    "/newsletter/unsubscribe": () => ({ token: "b".repeat(32) }),
  };
  const fields = [
    "name",
    "email",
    "phone",
    "company",
    "message",
    "serviceInterest",
    "preferredContact",
    "first_name",
    "last_name",
    "guide_name",
    "resourceId",
    "webinarId",
    "token",
    "website",
    "formStartedAt",
    "__proto__",
  ];
  const value = fc.oneof(
    hostileString,
    fc.constantFrom("risk-grc", "email", "finance-toolkit", "scope-3-supplier-data", "enterprise-risk-management"),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...Object.keys(forms)),
      fc.constantFrom("", "?index", "?_routes=routes%2Fcontact", ".data", "?token=abc", "?%zz=%"),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })), value, fc.boolean()), {
        maxLength: 5,
      }),
      fc.oneof(
        { arbitrary: fc.constant("application/x-www-form-urlencoded"), weight: 6 },
        {
          arbitrary: fc.constantFrom(
            "multipart/form-data; boundary=----x",
            "application/json",
            "text/plain",
            undefined,
          ),
          weight: 1,
        },
      ),
      async (page, suffix, pairs, contentType) => {
        const path = page === "/" && suffix === ".data" ? "/_root.data" : `${page}${suffix}`;
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(forms[page]!())) params.set(k, String(v));
        for (const [k, v, replace] of pairs) {
          const text = typeof v === "string" ? v.replace(/[\ud800-\udfff]/g, "?") : String(v);
          if (replace) params.set(k, text);
          else params.append(k, text);
        }
        const headers: Record<string, string> = {};
        if (contentType) headers["Content-Type"] = contentType;
        const res = await rawRequest(server.baseURL, { method: "POST", path, headers, body: params.toString() });
        tally(`pages ${res.status}`);
        if (res.status >= 500)
          throw new Error(
            `${res.status} for POST ${path} (${contentType}) ${params.toString().slice(0, 300)}: ${res.text.slice(0, 300)}`,
          );
      },
    ),
    { numRuns: 200, seed: SEED },
  );
  const seen = [...statusCounts].filter(([k]) => k.startsWith("pages ")).map(([k, n]) => `${k.split(" ")[1]}×${n}`);
  test.info().annotations.push({ type: "statuses", description: `seed ${SEED}: ${seen.join(", ")}` });
  expect(statusCounts.get("pages 200") ?? 0, "some page forms accepted").toBeGreaterThan(0);
});

test("odd addresses and query strings on the form pages and downloads: never a 5xx", async () => {
  test.setTimeout(60_000);
  const rawJunk = fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "..%2f..%2fetc%2fpasswd",
    "%00",
    "%C0%AE%C0%AE",
    ";",
    "a/../../b",
    "//",
    "?&&==",
    "%ff%fe",
    "%u0041",
    "+",
    "%2e%2e",
    "x".repeat(3000),
    "%0d%0aSet-Cookie:%20a=b",
  );
  const junk = fc.oneof(
    rawJunk,
    fc.string({ unit: "grapheme" }).map(encodeURIComponent),
    fc.string({ unit: "grapheme-ascii", maxLength: 80 }).map((s) => s.replace(/[^\x21-\x7e]/g, "").replace(/#/g, "")),
    fc
      .base64String({ minLength: 20, maxLength: 64 })
      .map((s) => s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "")),
  );
  const templates = [
    (j: string) => `/contact?${j}`,
    (j: string) => `/contact?serviceInterest=${j}`,
    (j: string) => `/get-guide?guide=${j}`,
    (j: string) => `/lead-capture?${j}`,
    (j: string) => `/newsletter?email=${j}`,
    (j: string) => `/newsletter/confirm?token=${j}`,
    (j: string) => `/newsletter/unsubscribe?token=${j}`,
    (j: string) => `/downloads/${j}`,
    (j: string) => `/downloads/${j}?${j}`,
    (j: string) => `/resources?${j}`,
    (j: string) => `/resources/${j}`,
    (j: string) => `/courses/${j}`,
    (j: string) => `/courses/${j}/brochure.pdf`,
    (j: string) => `/pillar/${j}`,
    (j: string) => `/api/guides?${j}`,
    (j: string) => `/test-forms?${j}`,
    (j: string) => `/${j}.data`,
    (j: string) => `/contact.data?${j}`,
    (j: string) => `/?${j}`,
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: templates.length - 1 }),
      junk,
      fc.constantFrom("GET", "HEAD"),
      async (t, j, method) => {
        const path = templates[t]!(j);
        const res = await rawRequest(server.baseURL, { method, path });
        tally(`gets ${res.status}`);
        if (res.status >= 500) throw new Error(`${res.status} for ${method} ${path}: ${res.text.slice(0, 300)}`);
      },
    ),
    { numRuns: 300, seed: SEED },
  );
  const seen = [...statusCounts].filter(([k]) => k.startsWith("gets ")).map(([k, n]) => `${k.split(" ")[1]}×${n}`);
  test.info().annotations.push({ type: "statuses", description: `seed ${SEED}: ${seen.join(", ")}` });
});

test("after the fuzz: the server is healthy, works normally, and no e-mail went to an injected address", async () => {
  test.setTimeout(45_000);
  expect(server.child.exitCode).toBeNull();
  expect((await rawRequest(server.baseURL, { path: "/healthz" })).status).toBe(200);
  // No prototype pollution: an ordinary submission is still accepted and stored.
  const body = validBodies["/api/contact"]();
  const res = await postJson(server.baseURL, "/api/contact", body);
  expect(res.status, res.text).toBe(200);
  expect(sqliteCount(server.dataDir, "contact_enquiries", "email = ?", [String(body.email)])).toBe(1);
  expect((await rawRequest(server.baseURL, { path: "/contact" })).status).toBe(200);

  // Every e-mail the fuzz caused, as queued: one plain recipient, one-line subject, no injected headers.
  const queued = sqliteQuery(server.dataDir, "SELECT id, to_address, subject, headers_json FROM outbox");
  expect(queued.length).toBeGreaterThan(100);
  const badRows = queued.filter(
    (r) =>
      /evil\.test|[\r\n,;<>\s]/i.test(String(r.to_address)) ||
      /[\r\n]/.test(String(r.subject)) ||
      Object.keys(JSON.parse(String(r.headers_json)) as object).some((k) => !/^list-unsubscribe(-post)?$/i.test(k)),
  );
  expect(badRows).toEqual([]);

  // The hostile (but valid) leads' e-mails go out without errors. The
  // outbox sends one message per SMTP connection, ~10 a second to the test
  // SMTP server (it waits 100 ms before its greeting): check the first 60.
  const sentSoFar = () => sqliteCount(server.dataDir, "outbox", "sent_at IS NOT NULL");
  await pollUntil(() => sentSoFar() >= 60, 25_000, 500);
  const failed = sqliteQuery(
    server.dataDir,
    "SELECT to_address, subject, last_error FROM outbox WHERE last_error IS NOT NULL",
  );
  expect(failed).toEqual([]);
  const sentCount = sentSoFar();
  const all = await server.mailbox.all();
  test.info().annotations.push({
    type: "outbox",
    description: `${queued.length} e-mails queued by the fuzz; ${sentCount} sent so far`,
  });
  expect(sentCount).toBeGreaterThanOrEqual(60);
  expect(all.length).toBeGreaterThanOrEqual(sentCount - 1);
  const bad = all.filter(
    (m) =>
      m.to.some((a) => /evil\.test/i.test(a)) ||
      m.headerList.some(([k]) => k === "bcc" || k === "cc" || k === "x-injected"),
  );
  expect(bad.map((m) => `${m.file}: to=${m.to.join(",")} subject=${m.subject}`)).toEqual([]);
  for (const m of all) {
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.to).toHaveLength(1);
  }
  expect(server.output()).not.toMatch(/TypeError|ReferenceError|Unhandled/);
});
