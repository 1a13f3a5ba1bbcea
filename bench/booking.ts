/**
 * Load benchmark of booking a place on a course (issue 29) against the production build,
 * on SQLite and on PostgreSQL, with the Stripe-shaped test server (harness/fake-stripe.ts)
 * in this process as the site's STRIPE_API_URL.
 *
 *   npm run bench:booking [-- --duration 10] [--connections 20] [--runs 3] [--only sqlite|postgres]
 *                         [--rate N] [--warmup 10] [--oversell-attempts 200] [--oversell-places 3] [--build]
 *                         [--out NAME]
 *
 * For each database and each run: starts `node server/index.ts` on a free port with a fresh
 * DATA_DIR (SQLite in it, or a fresh schema in the PostgreSQL database `test`), no rate limit,
 * no bot timer, e-mail written as .eml files, and card payment pointed at the Stripe-shaped
 * server. The sessions the bench books are given room first (their capacity raised in
 * course_session_places: the release's sessions have 12–16 places). Then, each on a session
 * of its own:
 *
 * 1. invoice: --connections loops, each POSTing the booking form
 *    (POST /courses/{course}/book/{session}, paymentMethod=invoice, 1–3 named places, a new
 *    booker e-mail each time) and sending the next as soon as the last is answered, for
 *    --duration seconds (no new request after that; those in flight are awaited and counted).
 *    Figures: bookings per second (bookings answered per second of load: by invoice the
 *    "check your inbox to confirm" page, ADR 060), latency p50/p99/max of every request,
 *    other answers. Then each booker confirms from the link in their e-mail (DATA_DIR/mail)
 *    as the booking page's button does (timed apart, not in the figures). Check: every
 *    booking answered is exactly one booking, invoiced once confirmed, with its places as
 *    sent and one VAT invoice; no other request stored one;
 *    the database's invoice numbers are unbroken from 1; the session's places taken are
 *    the sum of the places booked.
 * 2. card: the same with paymentMethod=card (each booking creates a PaymentIntent at the
 *    Stripe-shaped server). Check: every 303 is one booking held with its PaymentIntent,
 *    which the Stripe-shaped server has for that booking and amount; no invoice yet.
 * 3. oversell: a session with exactly --oversell-places places left, --oversell-attempts
 *    concurrent POSTs of one place each. Check: exactly that many 303s, every other attempt
 *    a 409 saying "no longer available" and offering the course's other date, places taken
 *    equal to the capacity, exactly that many bookings (the ones answered 303).
 *
 * Before the load, --warmup bookings of each kind are made one at a time on another session
 * (a fresh server's first requests compile and load what the rest reuse); they are not in
 * the figures, but their invoices are in the numbering check.
 *
 * By default each booker books again as soon as its last booking is answered: the server is
 * saturated, and a booking's time is then mostly its wait behind the others (with 20 bookers,
 * about 20 ÷ the bookings per second). --rate N offers N bookings per second in all instead
 * (an open load, each booking timed from when it was due), to see the latency below saturation.
 *
 * With --runs N (default 1) each figure is reported as the median and the spread (min–max)
 * of the N runs. Writes bench/results/<out>.{md,json} (default: booking).
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/test unless TEST_DATABASE_URL is set.
 * Exit code: 0 when every check passes, 2 when a check fails, 1 when the bench itself fails.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { releaseSessions } from "../app/content/seed/sessions.ts";
import { ensureSiteBusinessSettings } from "../harness/business-settings.ts";
import { startFakeStripe, type FakeStripe } from "../harness/fake-stripe.ts";
import { courseBookingsOnSession, type CourseBookingSummary } from "../harness/order-rows.ts";
import {
  benchLog,
  percentile,
  positiveOption,
  requireBuild,
  runMain,
  type Spread,
  spread,
  startSite,
  verdict,
} from "./support/runner.ts";
import { type DbKind, type Reader } from "./support/databases.ts";
import { loadBenchCommandLine, type LoadBenchOptions, onlyDatabases } from "./support/options.ts";
import {
  fmt,
  fmtSpread,
  markdownTable,
  writeResults,
  measurePerDatabase,
  machineNote,
  runsPerDatabaseNote,
  databaseSection,
  folded,
} from "./support/report.ts";

/** The issue's target for the 99th percentile of a booking's answer. */
const TARGET_P99_MS = 300;
/** Room enough for any run's bookings on the loaded sessions. */
const LOAD_CAPACITY = 1_000_000;
const REQUEST_TIMEOUT_MS = 30_000;
const STRIPE_KEYS = {
  secret: "sk_test_bench_booking",
  publishable: "pk_test_bench_booking",
  webhook: "whsec_bench_booking",
};

type PaymentMethod = "invoice" | "card";

/** A release session the bench books; it must exist (app/content/sessions.ts). */
function releaseSession(id: string): { courseId: string; sessionKey: string } {
  const session = releaseSessions.find((s) => s.id === id);
  if (!session) throw new Error(`the release has no course session "${id}" (app/content/sessions.ts)`);
  return { courseId: session.courseId, sessionKey: session.id };
}

const SESSIONS = {
  warmup: releaseSession("risk-management-2027-05-online"),
  invoice: releaseSession("corporate-finance-2027-04-online"),
  card: releaseSession("strategy-execution-2027-06-london"),
  oversell: releaseSession("financial-analysis-2027-06-online"),
  /** The oversell session's course's other date, which a refusal offers. */
  oversellOther: releaseSession("financial-analysis-2027-03-london"),
};

type Options = LoadBenchOptions & {
  /** Bookings per second offered in all; null: each booker books again as soon as answered. */
  rate: number | null;
  only: DbKind[];
  warmup: number;
  oversellAttempts: number;
  oversellPlaces: number;
};

const log = benchLog("bench:booking");

const parseOptions: (argv: string[]) => Options = loadBenchCommandLine(
  { duration: "10", connections: "20", runs: "1", out: "booking" },
  {
    only: { type: "string" },
    rate: { type: "string" },
    warmup: { type: "string", default: "10" },
    "oversell-attempts": { type: "string", default: "200" },
    "oversell-places": { type: "string", default: "3" },
  },
  (values) => {
    const only = onlyDatabases(values.only);
    const oversellAttempts = positiveOption("oversell-attempts", values["oversell-attempts"], true);
    const oversellPlaces = positiveOption("oversell-places", values["oversell-places"], true);
    if (oversellPlaces >= oversellAttempts) throw new Error("--oversell-places must be fewer than --oversell-attempts");
    const warmup = Number(values.warmup);
    if (!Number.isInteger(warmup) || warmup < 0)
      throw new Error(`--warmup must be a whole number, got "${values.warmup}"`);
    const rate = values.rate === undefined ? null : positiveOption("rate", values.rate);
    return { only, rate, warmup, oversellAttempts, oversellPlaces };
  },
);

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** One booking request as sent and answered. */
type Attempt = {
  email: string;
  places: number;
  /** HTTP status; 0 when no answer came (a network error or the timeout). */
  status: number;
  ms: number;
  location: string | null;
  /** Booked: a 303 to the card payment, or by invoice the "check your inbox to confirm" answer (ADR 060). */
  booked: boolean;
  /** The answer's body when not booked (the page with its message). */
  body: string | null;
  error: string | null;
};

/** The booking form, as the page posts it: `places` named delegates, each with an address of their own. */
function bookingForm(email: string, places: number, method: PaymentMethod, n: number): URLSearchParams {
  const form = new URLSearchParams({
    places: String(places),
    bookerName: "Bench Booker",
    bookerEmail: email,
    bookerPhone: "+44 20 7946 0999",
    bookerJobTitle: "Head of Learning",
    organisation: "Load Test Ltd",
    addressLine1: "1 Example Street",
    city: "London",
    postcode: "EC1A 1BB",
    country: "United Kingdom",
    paymentMethod: method,
    acceptTerms: "on",
  });
  if (method === "invoice") {
    form.set("purchaseOrder", `PO-${n}`);
    form.set("vatNumber", "GB980780684");
  }
  for (let i = 0; i < places; i++) {
    form.set(`delegate-${i}-name`, `Delegate ${i + 1}`);
    form.set(`delegate-${i}-email`, email.replace("@", `+d${i + 1}@`));
    form.set(`delegate-${i}-jobTitle`, "Analyst");
  }
  return form;
}

/** What the booking form answers an invoice booking with: the booker must confirm it from their inbox. */
const confirmSent = "Check your inbox to confirm the booking";

/**
 * The bookers confirm their invoice bookings, as they would from their inbox
 * (ADR 060): each booker's "please confirm" e-mail (an .eml file in
 * DATA_DIR/mail) gives the booking link, and the booking page's button posts
 * `intent=confirm` to it. `connections` at a time; how many were confirmed (303).
 */
async function confirmAll(
  base: string,
  dataDir: string,
  emails: readonly string[],
  connections: number,
): Promise<{ confirmed: number; ms: number; problems: string[] }> {
  const started = performance.now();
  const want = new Set(emails.map((e) => e.toLowerCase()));
  const links = new Map<string, string>();
  const mailDir = path.join(dataDir, "mail");
  const deadline = Date.now() + 60_000;
  while (links.size < want.size && Date.now() < deadline) {
    // Only finished messages: the transport writes "….eml.tmp", then renames it.
    for (const name of existsSync(mailDir) ? readdirSync(mailDir).filter((n) => n.endsWith(".eml")) : []) {
      const raw = readFileSync(path.join(mailDir, name), "utf8").replace(/=\r?\n/g, "");
      if (!raw.includes("Please confirm your booking")) continue;
      const to = /^To: (?:.*<)?([^<>\s]+@[^<>\s]+?)>?$/im.exec(raw)?.[1]?.toLowerCase();
      const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
      if (to && token && want.has(to)) links.set(to, token);
    }
    if (links.size < want.size) await new Promise((r) => setTimeout(r, 200));
  }
  const problems: string[] = [];
  if (links.size < want.size) problems.push(`${want.size - links.size} bookers got no confirmation e-mail`);
  const queue = [...links.values()];
  let confirmed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let token = queue.pop(); token; token = queue.pop()) {
        const res = await fetch(`${base}/booking/${token}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "confirm" }),
          redirect: "manual",
        });
        await res.arrayBuffer();
        if (res.status === 303) confirmed++;
        else problems.push(`confirming answered ${res.status}`);
      }
    }),
  );
  return { confirmed, ms: performance.now() - started, problems: problems.slice(0, 5) };
}

async function book(
  base: string,
  session: { courseId: string; sessionKey: string },
  email: string,
  places: number,
  method: PaymentMethod,
  n: number,
  /** When the request was due (performance.now()): its time is counted from then (default: now). */
  due?: number,
): Promise<Attempt> {
  const started = Math.min(due ?? Infinity, performance.now());
  try {
    const res = await fetch(`${base}/courses/${session.courseId}/book/${session.sessionKey}`, {
      method: "POST",
      body: bookingForm(email, places, method, n),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const booked = method === "card" ? res.status === 303 : res.status === 200 && text.includes(confirmSent);
    return {
      email,
      places,
      status: res.status,
      ms: performance.now() - started,
      location: res.headers.get("location"),
      booked,
      body: booked ? null : text,
      error: null,
    };
  } catch (error) {
    return {
      email,
      places,
      status: 0,
      ms: performance.now() - started,
      location: null,
      booked: false,
      body: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * `connections` loops, each booking as soon as its last booking is answered, until
 * `durationS` has passed; the requests then in flight are awaited. Places 1–3 in turn.
 * With `rate`, the n-th booking is due n/rate seconds after the start, taken by the first
 * free loop (which waits until then), and its time is counted from when it was due: a
 * booking waiting for a free loop is waiting too.
 */
async function drive(
  base: string,
  session: { courseId: string; sessionKey: string },
  method: PaymentMethod,
  {
    connections,
    durationS,
    prefix,
    rate,
  }: { connections: number; durationS: number; prefix: string; rate: number | null },
): Promise<{ attempts: Attempt[]; elapsedS: number }> {
  const attempts: Attempt[] = [];
  let n = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const i = ++n;
      const due = rate === null ? undefined : started + ((i - 1) * 1000) / rate;
      if (due !== undefined && due >= deadline) break;
      // Pacing an open load: the booking is not due yet.
      if (due !== undefined && due > performance.now())
        await new Promise((r) => setTimeout(r, due - performance.now()));
      attempts.push(await book(base, session, `${prefix}-${i}@example.test`, 1 + (i % 3), method, i, due));
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { attempts, elapsedS: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------
// The database behind the server
// ---------------------------------------------------------------------------

/** Sets a session's capacity (its row was made when the release was seeded). */
async function setSessionCapacity(
  kind: DbKind,
  dataDir: string,
  databaseUrl: string | undefined,
  sessionKey: string,
  capacity: (taken: number) => number,
): Promise<number> {
  const read = async (reader: Reader): Promise<number> => {
    const [row] = await reader.query(
      `SELECT taken FROM course_session_places WHERE session_key = '${sessionKey.replaceAll("'", "''")}'`,
    );
    if (!row) throw new Error(`no places row for session ${sessionKey}: was the release seeded?`);
    return Number(row.taken);
  };
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const taken = await read({ query: async (sql) => (await client.query(sql)).rows, close: async () => {} });
      const value = capacity(taken);
      await client.query("UPDATE course_session_places SET capacity = $1 WHERE session_key = $2", [value, sessionKey]);
      return value;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, "site.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const taken = await read({
      query: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
      close: async () => {},
    });
    const value = capacity(taken);
    db.prepare("UPDATE course_session_places SET capacity = ? WHERE session_key = ?").run(value, sessionKey);
    return value;
  } finally {
    db.close();
  }
}

const sql = (s: string): string => `'${s.replaceAll("'", "''")}'`;

async function placesOn(reader: Reader, sessionKey: string): Promise<{ capacity: number; taken: number }> {
  const [row] = await reader.query(
    `SELECT capacity, taken FROM course_session_places WHERE session_key = ${sql(sessionKey)}`,
  );
  return { capacity: Number(row?.capacity ?? NaN), taken: Number(row?.taken ?? NaN) };
}

/** The invoice numbers in the database, in order, and where they break the sequence 1..N. */
async function invoiceNumbering(reader: Reader): Promise<{ count: number; last: number; problems: string[] }> {
  const rows = await reader.query(`SELECT number FROM course_invoices WHERE kind = 'invoice'`);
  const numbers = rows.map((r) => String(r.number));
  const problems: string[] = [];
  const parsed = numbers
    .map((n) => /^INV-(\d{6,})$/.exec(n))
    .map((m, i) => {
      if (!m) problems.push(`invoice number "${numbers[i]}" is not INV-nnnnnn`);
      return m ? Number(m[1]) : NaN;
    });
  const sorted = parsed.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  const repeats = sorted.filter((n, i) => i > 0 && sorted[i - 1] === n);
  const used = new Set(sorted);
  // Numbers missing from 1 to the highest issued.
  const gaps: number[] = [];
  for (let k = 1; k <= (sorted.at(-1) ?? 0) && gaps.length < 5; k++) if (!used.has(k)) gaps.push(k);
  if (repeats.length) problems.push(`invoice numbers used twice: ${repeats.slice(0, 5).join(", ")}`);
  if (gaps.length) problems.push(`the invoice numbers break at ${gaps.slice(0, 5).join(", ")}`);
  const [sequence] = await reader.query(`SELECT last_number FROM invoice_sequences WHERE series = 'INV'`);
  const last = Number(sequence?.last_number ?? 0);
  if (last !== sorted.length) problems.push(`the INV sequence is at ${last}, with ${sorted.length} invoices`);
  return { count: sorted.length, last, problems };
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

type LoadCheck = {
  bookings: number;
  answered303: number;
  placesBooked: number;
  placesTaken: number;
  invoices: number;
  pass: boolean;
  notes: string[];
};

const payLink = /^\/booking\/[A-Za-z0-9_-]{43}\/pay$/;

async function checkLoad(
  reader: Reader,
  method: PaymentMethod,
  sessionKey: string,
  attempts: Attempt[],
  stripe: FakeStripe,
): Promise<LoadCheck> {
  const notes: string[] = [];
  const rows = await courseBookingsOnSession(reader, sessionKey);
  const byEmail = new Map<string, CourseBookingSummary[]>();
  for (const r of rows) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r]);
  const sent = new Map(attempts.map((a) => [a.email, a]));
  const ok = attempts.filter((a) => a.booked);

  const missing = ok.filter((a) => !byEmail.has(a.email));
  const twice = [...byEmail.values()].filter((list) => list.length > 1);
  const unknown = rows.filter((r) => !sent.has(r.email));
  const storedAfterRefusal = rows.filter((r) => {
    const a = sent.get(r.email);
    return a !== undefined && !a.booked;
  });
  const wrongLink = ok.filter((a) => method === "card" && !payLink.test(a.location ?? ""));
  if (missing.length) notes.push(`${missing.length} answered 303 with no booking (e.g. ${missing[0]!.email})`);
  if (twice.length) notes.push(`${twice.length} bookers have more than one booking`);
  if (unknown.length) notes.push(`${unknown.length} bookings were never sent`);
  if (storedAfterRefusal.length)
    notes.push(
      `${storedAfterRefusal.length} bookings stored although answered ${storedAfterRefusal.map((r) => sent.get(r.email)!.status).join(",")}`,
    );
  if (wrongLink.length) notes.push(`${wrongLink.length} 303s to an unexpected place (e.g. ${wrongLink[0]!.location})`);

  const wrong: string[] = [];
  for (const a of ok) {
    const r = byEmail.get(a.email)?.[0];
    if (!r) continue;
    if (r.quantity !== a.places || r.delegates !== a.places)
      wrong.push(`${a.email}: ${r.quantity} places, ${r.delegates} delegates, ${a.places} sent`);
    if (r.method !== method) wrong.push(`${a.email}: paid by ${r.method}`);
    if (method === "invoice") {
      if (r.status !== "invoiced") wrong.push(`${a.email}: ${r.status}, not invoiced`);
      if (r.invoices !== 1) wrong.push(`${a.email}: ${r.invoices} invoices`);
    } else {
      if (r.status !== "held") wrong.push(`${a.email}: ${r.status}, not held`);
      if (r.invoices !== 0) wrong.push(`${a.email}: ${r.invoices} invoices before paying`);
      const intent = r.intent ? stripe.intents.get(r.intent) : undefined;
      if (!r.intent) wrong.push(`${a.email}: no PaymentIntent`);
      else if (!intent) wrong.push(`${a.email}: PaymentIntent ${r.intent} unknown to the Stripe-shaped server`);
      else if (intent.metadata.course_booking_id !== r.id || intent.amount !== r.total)
        wrong.push(
          `${a.email}: PaymentIntent ${intent.id} is for ${intent.metadata.course_booking_id}, ${intent.amount} pence`,
        );
    }
  }
  if (wrong.length) notes.push(`${wrong.length} bookings not as sent (e.g. ${wrong.slice(0, 3).join("; ")})`);

  const placesBooked = ok.reduce((sum, a) => sum + a.places, 0);
  const { taken } = await placesOn(reader, sessionKey);
  if (taken !== placesBooked) notes.push(`places taken ${taken}, places booked ${placesBooked}`);

  let invoices = 0;
  if (method === "invoice") {
    const numbering = await invoiceNumbering(reader);
    invoices = numbering.count;
    notes.push(...numbering.problems);
  }
  return {
    bookings: rows.length,
    answered303: ok.length,
    placesBooked,
    placesTaken: taken,
    invoices,
    pass: notes.length === 0,
    notes,
  };
}

// ---------------------------------------------------------------------------
// One run on one database
// ---------------------------------------------------------------------------

type Latency = { p50: number; p99: number; max: number; mean: number };

function latency(attempts: Attempt[]): Latency {
  const ms = attempts.map((a) => a.ms);
  return {
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: Math.max(...ms),
    mean: ms.reduce((a, b) => a + b, 0) / ms.length,
  };
}

function byStatus(attempts: Attempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of attempts) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
}

/** The first few answers other than 303: status and the page's message, or the error. */
function sampleFailures(attempts: Attempt[]): string[] {
  return attempts
    .filter((a) => !a.booked)
    .slice(0, 3)
    .map((a) => {
      if (a.error) return `no answer: ${a.error}`;
      const alert = /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(a.body ?? "")?.[1];
      const text = (alert ?? a.body ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return `${a.status}: ${text.slice(0, 200)}`;
    });
}

type PathRun = {
  path: PaymentMethod;
  session: string;
  durationS: number;
  connections: number;
  requests: number;
  bookingsPerS: number;
  latencyMs: Latency;
  /** Answers other than 303, and requests with no answer. */
  errors: number;
  byStatus: Record<string, number>;
  failures: string[];
  check: LoadCheck;
};

type OversellRun = {
  session: string;
  capacity: number;
  attempts: number;
  answered303: number;
  answered409: number;
  /** 409s whose page says "no longer available" and offers the other date. */
  clear409: number;
  other: number;
  byStatus: Record<string, number>;
  /** From the first request sent to the last answer. */
  wallMs: number;
  latencyMs: Latency;
  placesTaken: number;
  bookings: number;
  pass: boolean;
  notes: string[];
};

type DbRun = { run: number; paths: PathRun[]; oversell: OversellRun; serverErrors: string | null };

async function oversell(
  base: string,
  reader: Reader,
  setCapacity: (key: string, capacity: (taken: number) => number) => Promise<number>,
  options: Options,
  prefix: string,
): Promise<OversellRun> {
  const session = SESSIONS.oversell;
  const capacity = await setCapacity(session.sessionKey, (taken) => taken + options.oversellPlaces);
  const started = performance.now();
  const attempts = await Promise.all(
    Array.from({ length: options.oversellAttempts }, (_, i) =>
      book(base, session, `${prefix}-${i + 1}@example.test`, 1, "invoice", i + 1),
    ),
  );
  const wallMs = performance.now() - started;
  const otherHref = `/courses/${SESSIONS.oversellOther.courseId}/book/${SESSIONS.oversellOther.sessionKey}`;
  const ok = attempts.filter((a) => a.booked);
  const refused = attempts.filter((a) => a.status === 409);
  const clear = refused.filter((a) => a.body?.includes("no longer available") && a.body.includes(otherHref));
  const { taken } = await placesOn(reader, session.sessionKey);
  const rows = await courseBookingsOnSession(reader, session.sessionKey);
  const okEmails = new Set(ok.map((a) => a.email));
  const notes: string[] = [];
  const want = options.oversellPlaces;
  if (ok.length !== want) notes.push(`${ok.length} answered 303, expected ${want}`);
  if (refused.length !== attempts.length - want)
    notes.push(`${refused.length} answered 409, expected ${attempts.length - want}`);
  if (clear.length !== refused.length)
    notes.push(`${refused.length - clear.length} 409s without "no longer available" and the other date`);
  if (taken !== capacity) notes.push(`places taken ${taken}, capacity ${capacity}`);
  if (rows.length !== want || rows.some((r) => !okEmails.has(r.email)))
    notes.push(`${rows.length} bookings on the session, expected the ${want} answered 303`);
  return {
    session: session.sessionKey,
    capacity,
    attempts: attempts.length,
    answered303: ok.length,
    answered409: refused.length,
    clear409: clear.length,
    other: attempts.length - ok.length - refused.length,
    byStatus: byStatus(attempts),
    wallMs,
    latencyMs: latency(attempts),
    placesTaken: taken,
    bookings: rows.length,
    pass: notes.length === 0,
    notes,
  };
}

async function runDatabase(
  kind: DbKind,
  run: number,
  options: Options,
): Promise<{ description: string; result: DbRun }> {
  const stripe = await startFakeStripe({ webhookSecret: STRIPE_KEYS.webhook });
  const site = await startSite(kind, "bench_booking", {
    env: {
      STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
      STRIPE_API_URL: stripe.url,
      // The load books far more places than a real session waits to have confirmed (ADR 060).
      BOOKING_UNCONFIRMED_SESSION_PERCENT: "100",
    },
  }).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  const { server, dataDir, databaseUrl, description } = site;
  stripe.setWebhookUrl(`${server.base}/api/webhook/stripe`);
  try {
    // The release ships no business settings, and no booking is taken without them (ADR 066):
    // saved as an administrator would, before the load.
    await ensureSiteBusinessSettings(site);
    log(`${kind} run ${run}: server up at ${server.base}, Stripe-shaped server at ${stripe.url}`);
    const reader = await site.reader();
    const setCapacity = (key: string, capacity: (taken: number) => number) =>
      setSessionCapacity(kind, dataDir, databaseUrl, key, capacity);
    for (const key of [SESSIONS.warmup, SESSIONS.invoice, SESSIONS.card].map((s) => s.sessionKey))
      await setCapacity(key, () => LOAD_CAPACITY);
    const runId = randomBytes(3).toString("hex");

    for (const method of ["invoice", "card"] as const) {
      for (let i = 1; i <= options.warmup; i++) {
        const a = await book(
          server.base,
          SESSIONS.warmup,
          `bench-${runId}-warmup-${method}-${i}@example.test`,
          1 + (i % 3),
          method,
          i,
        );
        if (!a.booked)
          throw new Error(`warm-up booking by ${method} answered ${a.status}: ${sampleFailures([a]).join("")}`);
      }
    }

    const paths: PathRun[] = [];
    for (const method of ["invoice", "card"] as const) {
      const session = SESSIONS[method];
      log(
        `${kind} run ${run}: ${method} bookings for ${options.duration} s with ${options.connections} bookers` +
          (options.rate ? ` at ${options.rate} bookings/s` : ""),
      );
      const { attempts, elapsedS } = await drive(server.base, session, method, {
        connections: options.connections,
        durationS: options.duration,
        prefix: `bench-${runId}-${method}`,
        rate: options.rate,
      });
      if (method === "invoice") {
        const booked = attempts.filter((a) => a.booked).map((a) => a.email);
        const confirmation = await confirmAll(server.base, dataDir, booked, options.connections);
        log(
          `${kind} run ${run} invoice: ${confirmation.confirmed} of ${booked.length} confirmed from the inbox in ${confirmation.ms.toFixed(0)} ms` +
            (confirmation.problems.length ? ` (${confirmation.problems.join("; ")})` : ""),
        );
      }
      const check = await checkLoad(reader, method, session.sessionKey, attempts, stripe);
      const ok = attempts.filter((a) => a.booked).length;
      const entry: PathRun = {
        path: method,
        session: session.sessionKey,
        durationS: elapsedS,
        connections: options.connections,
        requests: attempts.length,
        bookingsPerS: ok / elapsedS,
        latencyMs: latency(attempts),
        errors: attempts.length - ok,
        byStatus: byStatus(attempts),
        failures: sampleFailures(attempts),
        check,
      };
      paths.push(entry);
      log(
        `${kind} run ${run} ${method}: ${entry.bookingsPerS.toFixed(1)} bookings/s, p50 ${entry.latencyMs.p50.toFixed(0)} ms, ` +
          `p99 ${entry.latencyMs.p99.toFixed(0)} ms, max ${entry.latencyMs.max.toFixed(0)} ms, errors ${entry.errors}` +
          `${entry.failures.length ? ` (${entry.failures.join(" | ")})` : ""} → ${check.pass ? "PASS" : `FAIL: ${check.notes.join("; ")}`}`,
      );
    }

    log(
      `${kind} run ${run}: oversell, ${options.oversellAttempts} concurrent attempts for ${options.oversellPlaces} places`,
    );
    const over = await oversell(server.base, reader, setCapacity, options, `bench-${runId}-oversell`);
    log(
      `${kind} run ${run} oversell: ${over.answered303} × 303, ${over.answered409} × 409 (${over.clear409} clear), ` +
        `${over.other} other, in ${over.wallMs.toFixed(0)} ms → ${over.pass ? "PASS" : `FAIL: ${over.notes.join("; ")}`}`,
    );
    const output = server.output();
    const serverErrors = /\b(error|Error)\b/.test(output) ? output.slice(-2000) : null;
    return { description, result: { run, paths, oversell: over, serverErrors } };
  } finally {
    await site.stop();
    await stripe.close();
  }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

type PathSummary = {
  path: PaymentMethod;
  runs: number;
  bookingsPerS: Spread;
  p50: Spread;
  p99: Spread;
  max: Spread;
  errors: Spread;
  /** The median p99 under the target. */
  meetsTarget: boolean;
  pass: boolean;
};

type OversellSummary = {
  runs: number;
  answered303: Spread;
  answered409: Spread;
  other: Spread;
  wallMs: Spread;
  pass: boolean;
};

type DbResult = {
  database: DbKind;
  description: string;
  runs: DbRun[];
  summary: PathSummary[];
  oversell: OversellSummary;
};

function summarise(runs: DbRun[]): { summary: PathSummary[]; oversell: OversellSummary } {
  const summary = (["invoice", "card"] as const).map((method): PathSummary => {
    const all = runs.flatMap((r) => r.paths.filter((p) => p.path === method));
    const p99 = spread(all.map((p) => p.latencyMs.p99));
    return {
      path: method,
      runs: all.length,
      bookingsPerS: spread(all.map((p) => p.bookingsPerS)),
      p50: spread(all.map((p) => p.latencyMs.p50)),
      p99,
      max: spread(all.map((p) => p.latencyMs.max)),
      errors: spread(all.map((p) => p.errors)),
      meetsTarget: p99.median < TARGET_P99_MS,
      pass: all.every((p) => p.check.pass),
    };
  });
  const over = runs.map((r) => r.oversell);
  return {
    summary,
    oversell: {
      runs: over.length,
      answered303: spread(over.map((o) => o.answered303)),
      answered409: spread(over.map((o) => o.answered409)),
      other: spread(over.map((o) => o.other)),
      wallMs: spread(over.map((o) => o.wallMs)),
      pass: over.every((o) => o.pass),
    },
  };
}

function summaryTable(db: DbResult): string {
  return markdownTable(
    [
      "Path",
      "Bookings/s",
      "p50 (ms)",
      "p99 (ms)",
      "max (ms)",
      "errors (not 303)",
      `p99 < ${TARGET_P99_MS} ms`,
      "database = answers",
    ],
    "lrrrrrll",
    db.summary.map((s) => [
      s.path,
      fmtSpread(s.bookingsPerS, 1),
      fmtSpread(s.p50),
      fmtSpread(s.p99),
      fmtSpread(s.max),
      fmtSpread(s.errors),
      s.meetsTarget ? "✅ yes" : "❌ no",
      s.pass ? "✅ PASS" : "❌ FAIL",
    ]),
  );
}

function oversellTable(db: DbResult, options: Options): string {
  const o = db.oversell;
  return markdownTable(
    [
      "Attempts",
      "Places left",
      "303 (booked)",
      "409 (no longer available)",
      "other",
      "time, all answered (ms)",
      "check",
    ],
    "rrrrrrl",
    [
      [
        options.oversellAttempts,
        options.oversellPlaces,
        fmtSpread(o.answered303),
        fmtSpread(o.answered409),
        fmtSpread(o.other),
        fmtSpread(o.wallMs),
        o.pass ? "✅ PASS" : "❌ FAIL",
      ],
    ],
  );
}

function runsTable(db: DbResult): string {
  const answers = (byStatus: Record<string, number>) =>
    Object.entries(byStatus)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ");
  const rows = db.runs.flatMap((r) => [
    ...r.paths.map((p) => {
      const c = p.check;
      return [
        r.run,
        p.path,
        p.requests,
        fmt(p.durationS, 1),
        fmt(p.bookingsPerS, 1),
        fmt(p.latencyMs.p50),
        fmt(p.latencyMs.p99),
        fmt(p.latencyMs.max),
        answers(p.byStatus),
        c.bookings,
        `${c.placesBooked} / ${c.placesTaken}`,
        p.path === "invoice" ? c.invoices : "–",
        `${c.pass ? "✅ PASS" : `❌ FAIL: ${c.notes.join("; ")}`}${p.failures.length ? ` (${p.failures.join(" | ")})` : ""}`,
      ];
    }),
    [
      r.run,
      "oversell",
      r.oversell.attempts,
      fmt(r.oversell.wallMs / 1000, 2),
      "–",
      fmt(r.oversell.latencyMs.p50),
      fmt(r.oversell.latencyMs.p99),
      fmt(r.oversell.latencyMs.max),
      answers(r.oversell.byStatus),
      r.oversell.bookings,
      `${r.oversell.placesTaken} / capacity ${r.oversell.capacity}`,
      "–",
      r.oversell.pass ? "✅ PASS" : `❌ FAIL: ${r.oversell.notes.join("; ")}`,
    ],
  ]);
  return markdownTable(
    [
      "Run",
      "Path",
      "requests",
      "load (s)",
      "bookings/s",
      "p50 (ms)",
      "p99 (ms)",
      "max (ms)",
      "answers",
      "bookings stored",
      "places booked / taken",
      "invoices in the database",
      "check",
    ],
    "rlrrrrrrlrlrl",
    rows,
  );
}

function markdownReport(
  results: DbResult[],
  meta: { date: string; options: Options; env: Record<string, string> },
): string {
  const { options } = meta;
  const intro =
    `${meta.date} · ${options.connections} concurrent bookers (fetch loops, ${options.rate ? `${options.rate} bookings/s offered in all, each timed from when it was due` : "each booking when its last is answered: the most the server takes"}) for ${options.duration} s per path, ` +
    `1–3 named places a booking, a new booker each time · ${options.warmup} warm-up bookings of each kind first (not counted) · ` +
    `${runsPerDatabaseNote(options.runs)} · ` +
    `production build, 127.0.0.1, no rate limit, no bot timer, e-mail to .eml files, card payments at the Stripe-shaped server in the bench's process · ` +
    machineNote(meta.env);
  const sections = results.map((db) =>
    databaseSection(db, [
      summaryTable(db),
      `Oversell: ${options.oversellAttempts} concurrent attempts of one place each at a session with ${options.oversellPlaces} places left.`,
      oversellTable(db, options),
      folded("Each run", runsTable(db)),
    ]),
  );
  const how =
    "**Bookings/s**: 303 answers (a booking made) per second of load, from the first request to the last answer. " +
    "**p50/p99/max**: of every request's time to its whole answer, as the bench's client saw it (the client, the server, the database and the Stripe-shaped server share the machine); " +
    "with every booker booking again as soon as answered the server is saturated and this is mostly the wait behind the other bookers (about bookers ÷ bookings/s), with --rate it is timed from when the booking was due. " +
    "**errors**: answers other than 303 and requests with no answer. " +
    "**database = answers**: every 303 is exactly one booking with its places and delegates as sent; by invoice, invoiced with one VAT invoice, and every invoice in the database numbered in one unbroken sequence from INV-000001 (the warm-up's included); " +
    "by card, held with a PaymentIntent the Stripe-shaped server made for that booking and its total, and no invoice yet; no other request stored a booking; the session's places taken are the sum of the places booked. " +
    '**Oversell**: exactly the places left are booked (303), every other attempt is a 409 whose page says "no longer available" and offers the course\'s other date, places taken = capacity, and the bookings stored are those answered 303; the time is from the first request sent to the last answer.';
  return `# Course booking load benchmark (issue 29)\n\n${intro}\n\n${sections.join("\n\n")}\n\n${how}\n`;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  requireBuild(options.build, log);
  const measured = await measurePerDatabase(options, (kind, run) => runDatabase(kind, run, options));
  const { date, env } = measured;
  const results: DbResult[] = measured.results.map((db) => ({ ...db, ...summarise(db.runs) }));
  const json = { date, options, environment: env, targetP99Ms: TARGET_P99_MS, results };
  writeResults(options.out, json, markdownReport(results, { date, options, env }));
  for (const db of results)
    process.stdout.write(`\n${db.database}\n${summaryTable(db)}\n\n${oversellTable(db, options)}\n`);
  log(`load average ${env.load}; wrote bench/results/${options.out}.{json,md}`);
  const failed = results.flatMap((db) =>
    db.runs.flatMap((r) => [
      ...r.paths.filter((p) => !p.check.pass).map((p) => `${db.database} run ${r.run} ${p.path}`),
      ...(r.oversell.pass ? [] : [`${db.database} run ${r.run} oversell`]),
    ]),
  );
  return verdict(failed, "every booking answered is stored as sent, and no session is oversold", log);
}

runMain(main, log);
