/**
 * Typing benchmark: what a visitor on a mid-range phone feels when they start typing into
 * a form the moment the page first paints (issue 42). A form's island wakes only when the
 * visitor focuses a field in it (ADR 090; before, the whole app started then): the download
 * and start-up this bench measures happen while they type.
 *
 *   npm run bench:typing [-- --runs 3] [--base REF] [--only /contact,/] [--no-build] [--out NAME]
 *
 * Builds (`react-router build`, unless --no-build), starts `node server/index.ts` on a free
 * port with a fresh DATA_DIR (bench/support/runner.ts), saves the business settings an
 * administrator would (the release ships none, and the booking page takes no booking
 * without them: ADR 066), and launches Debian's Chromium through Playwright
 * (harness/chromium.ts).
 *
 * --base REF measures another build side by side: REF is checked out in a temporary
 * `git worktree` (node_modules a link to this checkout's), built there (`npm run build`, that
 * is `react-router build`) and started as a second server with its own port and DATA_DIR
 * (bench/support/base-build.ts); the worktree is removed at the end. The two builds are
 * alternated visit by visit (A B, then B A for the next form), so that other work on the
 * machine weighs on both alike, and the report gives their figures in adjacent columns with
 * the ratio (this tree ÷ base).
 *
 * Forms (the first text field of each: an input of a text-entry type or a textarea, shown,
 * not the spam trap's tabindex="-1" field): `/contact`, `/get-guide`, the booking page of
 * the first course with a bookable session (the first /courses/<id>/book/<session> link of
 * the server's /training page), the footer's newsletter field on `/` and on `/training` (a
 * page of islands, ADR 090: only the form wakes, and its mark is `data-island-awake`), the
 * consultation's payment details on `/consultation-payment` (an island, ADR 093), and a webinar's
 * registration form on `/resources` (the site map has no page of its own for it; left out
 * when no webinar is upcoming). That form is behind "Register Now", a native <details>: the
 * probe opens it when it finds the field, as the visitor's tap on it would (no JavaScript).
 *
 * Each run of each form is its own visit, in a fresh browser context (empty cache): a phone
 * (390 × 844, touch, device scale factor 3, mobile) with the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`; bench/support/phone.ts, as first-interaction.ts). A
 * probe installed with `addInitScript` (before any script of the page) finds the field at
 * DOMContentLoaded, scrolls it into view (centred) and says where it is. As soon as the
 * browser reports the first contentful paint (CDP `Page.lifecycleEvent`, not a poll that
 * waits for the busy main thread) the field's centre, asked for again then (the rest of the
 * stylesheet can move a footer's field after DOMContentLoaded), is touched (`page.touchscreen.tap`),
 * then TYPED (18 characters, as fit for a name as for an e-mail field) is typed at 8 keys a
 * second: key i is due 125 ms × i after the touch has gone out and is sent then with CDP
 * `Input.dispatchKeyEvent` (keyDown with its text, then keyUp), never waiting for the page
 * to take the one before: a thumb does not wait for a busy page, and the keys queue behind
 * the tap, in order, as on a phone. Then the bench waits for React to have started (the
 * root's `data-hydrated` mark; at most 20 s: a field React resets or replaces as it starts
 * shows as characters lost; not at all on a page of islands whose form is in no island, a
 * plain post that wakes nothing), for the network to be quiet and half a second more (the last
 * Event Timing entries come after the next paint), and reads the page.
 *
 * Measured in the page with the Event Timing API (PerformanceObserver type "event",
 * durationThreshold 16, buffered): the entries are grouped by interactionId, and a
 * keystroke's latency is the longest duration among its keydown, keypress, keyup and input
 * entries (an input entry has no interactionId: it goes with the keystroke whose keydown came
 * last before it), as Interaction to Next Paint counts it. A keystroke faster than 16 ms
 * reports nothing: it counts as "< 16 ms". Characters kept: the field's final value against
 * what was typed (nothing may be lost). Bytes, from the CDP Network events: each response's
 * body as served (compressed: `loadingFinished`'s encodedDataLength less the headers),
 * JavaScript requested after the tap, and the visit's HTML, CSS and JavaScript in all.
 *
 * Per page and build: characters kept in each run, the p98 keystroke (per run: with 18
 * keystrokes a visit's p98 is its slowest, as INP counts under 50 interactions), the worst
 * keystroke of all runs, JavaScript after the focus, the visit's bytes and how long after
 * the focus React was ready, and the longest main-thread task that started after the focus
 * (the Long Tasks API: over 50 ms); overall the p98 of every keystroke of a run. Figures of several
 * runs are the median (min–max). Against issue 42's targets (nothing lost, worst keystroke
 * ≤ 200 ms, p98 ≤ 150 ms, JavaScript on focus ≤ 60 KB compressed on every page: reported as
 * met or missed, never fatal). Records the load average before and after and the Chromium
 * version. Writes bench/results/<out>.{md,json} (default: typing).
 *
 * Exit code: 0 when every visit could be measured (whether or not the targets are met), 1
 * when the bench fails or some visit could not be measured (listed in the report).
 */
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, CDPSession, Page } from "@playwright/test";
import { ensureSiteBusinessSettings } from "../harness/business-settings.ts";
import { chromiumArgs } from "../harness/chromium.ts";
import { inTurn, withBuildsAndBrowser, type Build, type BuildInfo, type BuildName } from "./support/browser.ts";
import { pageBenchCommandLine } from "./support/options.ts";
import { CPU_SLOWDOWN, openPhone, PHONE, withTimeout } from "./support/phone.ts";
import { folded, machine, machineNote, markdownTable, ratio, writeResults } from "./support/report.ts";
import {
  benchLog,
  measuredExitCode,
  percentile,
  requireBuild,
  runMain,
  selectPages,
  type Spread,
  spread,
} from "./support/runner.ts";

/** What the visitor types: 18 characters, fit for a name or an e-mail field alike. */
const TYPED = "ann.lee@example.io";
/** 8 keys a second. */
const KEY_INTERVAL_MS = 125;
/** Event Timing's smallest threshold: a faster keystroke reports nothing. */
const EVENT_THRESHOLD_MS = 16;

const NAVIGATION_TIMEOUT_MS = 30_000;
const PAINT_TIMEOUT_MS = 30_000;
/** How long after the last key the bench waits for React to have started. */
const APP_TIMEOUT_MS = 20_000;
/** The network is quiet when nothing has been in flight this long (waited for at most QUIET_TIMEOUT_MS). */
const QUIET_MS = 500;
const QUIET_TIMEOUT_MS = 10_000;
/** Then this long for the last keystrokes' Event Timing entries (sent after the next paint). */
const SETTLE_MS = 500;
const READ_TIMEOUT_MS = 10_000;

/** Issue 42's targets (reported, never fatal). */
const TARGETS = { lostCharacters: 0, worstMs: 200, p98Ms: 150, jsOnFocusKb: 60 };

const KB = 1024;

/** The name under which the probe says where the field is (exposed to every visit's context). */
const PLACED_BINDING = "__typingPlaced";

type Options = { runs: number; only: string[] | null; build: boolean; out: string; base: string | null };

/** A form to type into: its page, and the forms (a CSS selector) whose first text field is tapped. */
type FormPage = { label: string; path: string; forms: string };

const FIXED_FORMS: FormPage[] = [
  { label: "Contact", path: "/contact", forms: "main form" },
  { label: "Guide download", path: "/get-guide", forms: "main form" },
  { label: "Footer newsletter", path: "/", forms: "footer form" },
  // On a page without React Router its form is an island (ADR 090).
  { label: "Footer newsletter (island)", path: "/training", forms: "footer form" },
  // The consultation's payment details (an island since ADR 093; the whole app on focus before).
  {
    label: "Consultation payment",
    path: "/consultation-payment",
    forms: 'main form[aria-labelledby="consultation-details-title"]',
  },
];
const WEBINAR_FORMS = 'main form[aria-label^="Register for"]';

/** An Event Timing entry as the probe keeps it. */
type EventEntry = { name: string; interactionId: number; startTime: number; duration: number };

/** What the page reports (see `probe`); times are the page's performance clock (ms). */
type ProbeReport = {
  /** The field found (its id, or tag and name); null with `problem`. */
  field: string | null;
  problem: string | null;
  fcpAt: number | null;
  /** The first focusin: when, and on what. */
  focusAt: number | null;
  focusedOn: string | null;
  /** When React marked the document hydrated. */
  hydratedAt: number | null;
  /** Whether a closed <details> was opened to show the field. */
  opened: boolean;
  /** The field's value at the end (the field looked up again by id, should React have replaced it). */
  value: string | null;
  entries: EventEntry[];
  /** The main thread's tasks over 50 ms (Long Tasks API, buffered): when each started and how long it took. */
  longTasks: { startTime: number; duration: number }[] | null;
};

type Transfer = { url: string; type: string; afterFocus: boolean; bytes: number };

type Visit = {
  build: BuildName;
  run: number;
  page: string;
  label: string;
  field: string | null;
  /** Why the visit could not be measured; null when it was. */
  error: string | null;
  value: string | null;
  /** Characters of TYPED found in the final value, in order. */
  kept: number | null;
  /** The latency of each keystroke that reported one (≥ 16 ms), in order; the others were faster. */
  reportedKeyMs: number[];
  /** Over the TYPED.length keystrokes (0: faster than 16 ms). */
  p98Ms: number | null;
  worstMs: number | null;
  /** The tap's own interaction (pointerdown/pointerup/click); 0: faster than 16 ms. */
  tapMs: number | null;
  jsAfterFocusBytes: number | null;
  /** HTML, CSS and JavaScript of the whole visit. */
  visitBytes: number | null;
  bytesByType: Record<string, number>;
  fcpMs: number | null;
  focusAfterFcpMs: number | null;
  hydratedAfterFocusMs: number | null;
  /** The longest task that started after the focus (what a key can wait behind); 0: none over 50 ms. */
  longestTaskAfterFocusMs: number | null;
  /** How late the latest key went out against its time (the typist kept time). */
  keysLateMs: number | null;
};

/** A set of visits' figures over the runs. */
type Summary = {
  visits: number;
  errors: number;
  keptPerRun: number[];
  lost: number;
  p98: Spread | null;
  worst: number | null;
  jsAfterFocusKb: Spread | null;
  visitKb: Spread | null;
  hydratedAfterFocus: Spread | null;
  longestTaskAfterFocus: Spread | null;
};

type Meta = { date: string; runs: number; builds: BuildInfo[]; left: string[]; env: Record<string, string> };

const log = benchLog("typing");

const parseOptions: (argv: string[]) => Options = pageBenchCommandLine(
  "typing",
  { base: { type: "string" } },
  (values) => ({ base: values.base ?? null }),
);

// ---------------------------------------------------------------------------
// The forms and the sites
// ---------------------------------------------------------------------------

async function fetchPage(base: string, pagePath: string): Promise<string> {
  const res = await fetch(new URL(pagePath, base), { signal: AbortSignal.timeout(NAVIGATION_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
  return res.text();
}

/**
 * The forms to type into, as this tree's server has them: the fixed ones, the booking page
 * of the first bookable session /training links to, and a webinar's registration form when
 * /resources has one (`left`: what was left out, and why).
 */
async function discoverForms(base: string): Promise<{ forms: FormPage[]; left: string[] }> {
  const booking = /href="(\/courses\/[^"/]+\/book\/[^"/?#]+)"/.exec(await fetchPage(base, "/training"))?.[1];
  if (!booking) throw new Error("/training links to no booking page: no course has a bookable session");
  const forms = [...FIXED_FORMS];
  forms.splice(2, 0, { label: "Course booking", path: booking, forms: "main form" });
  const left: string[] = [];
  if (/<form\b[^>]*aria-label="Register for/.test(await fetchPage(base, "/resources")))
    forms.push({ label: "Webinar registration", path: "/resources", forms: WEBINAR_FORMS });
  else left.push("the webinar registration form (no upcoming webinar on /resources)");
  return { forms, left };
}

// ---------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------

/**
 * Installed in every visit with `addInitScript` (it runs before any script of the page).
 * Keeps every Event Timing entry of 16 ms or more; at DOMContentLoaded finds the first text
 * field of the forms `forms`, scrolls it into view and calls back `placed` with its centre
 * (null when there is none), and at the first paint tells its centre again
 * (`window.__typingRecentre()`: the rest of the stylesheet may have moved it); notes the first focus and when React marks the document
 * hydrated. `window.__typingRead()` returns the report. Serialised into the page: it may use
 * nothing from outside its body.
 */
function probe(args: { forms: string; placed: string; threshold: number }): void {
  const { forms, placed, threshold } = args;
  const w = window as unknown as Record<string, unknown>;
  const entries: EventEntry[] = [];
  let longTasks: ProbeReport["longTasks"] = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks?.push({ startTime: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    longTasks = null; // No Long Tasks API: the figure reads "—".
  }
  const state: Omit<ProbeReport, "fcpAt" | "value" | "entries" | "longTasks"> = {
    field: null,
    problem: null,
    focusAt: null,
    focusedOn: null,
    hydratedAt: null,
    opened: false,
  };
  let field: HTMLInputElement | HTMLTextAreaElement | null = null;
  const describe = (el: Element): string =>
    el.id ? `#${el.id}` : `${el.localName}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""}`;
  const keep = (list: PerformanceEntryList): void => {
    for (const e of list) {
      const timing = e as PerformanceEventTiming;
      entries.push({
        name: timing.name,
        interactionId: timing.interactionId ?? 0,
        startTime: timing.startTime,
        duration: timing.duration,
      });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  try {
    observer.observe({ type: "event", durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  } catch {
    state.problem = "the browser has no Event Timing API";
  }

  // React Router's mark, or on a page of islands (ADR 090) the mark of an island that has woken.
  const hydrated = (): boolean =>
    document.documentElement.dataset.hydrated === "true" || document.querySelector("[data-island-awake]") !== null;
  new MutationObserver(() => {
    if (state.hydratedAt === null && hydrated()) state.hydratedAt = performance.now();
    // The document, not its root element: there is none yet when this runs.
  }).observe(document, { attributes: true, attributeFilter: ["data-hydrated", "data-island-awake"], subtree: true });

  const textTypes = new Set(["text", "email", "tel", "search", "url"]);
  const isTextField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
    (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && textTypes.has(el.type))) &&
    el.tabIndex !== -1 &&
    !el.disabled &&
    !el.readOnly;
  /** Whether the field is shown once the closed <details> around it are opened (as the visitor's tap on their summary would). */
  const shownOpened = (el: Element): boolean => {
    for (let d = el.closest("details:not([open])"); d; d = d.closest("details:not([open])")) {
      (d as HTMLDetailsElement).open = true;
      state.opened = true;
    }
    return el.checkVisibility();
  };
  /** The field scrolled into view (centred) and where its centre is now. */
  const centre = (el: HTMLElement): { x: number; y: number } => {
    el.scrollIntoView({ block: "center" });
    const box = el.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const place = (): void => {
    const call = w[placed] as (value: unknown) => Promise<void>;
    field =
      Array.from(document.querySelectorAll(`:is(${forms}) :is(input, textarea)`))
        .filter(isTextField)
        .find(shownOpened) ?? null;
    if (!field) {
      state.problem = `no text field in ${forms}`;
      void call(null);
      return;
    }
    state.field = describe(field);
    void call(centre(field));
  };
  document.addEventListener("DOMContentLoaded", place, { once: true });
  // At the first paint the rest of the stylesheet may have moved the field since DOMContentLoaded
  // (a footer's field, below long content): where it is now, scrolled into view again.
  w.__typingRecentre = (): { x: number; y: number } | null => (field ? centre(field) : null);
  addEventListener(
    "focusin",
    (event) => {
      if (state.focusAt !== null) return;
      state.focusAt = event.timeStamp > 0 ? event.timeStamp : performance.now();
      state.focusedOn = event.target instanceof Element ? describe(event.target) : null;
    },
    { capture: true },
  );

  w.__typingRead = (): ProbeReport => {
    keep(observer.takeRecords());
    const current = field?.id ? document.getElementById(field.id) : field;
    const value = current && "value" in current ? String(current.value) : null;
    const fcpAt = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    return { ...state, fcpAt, value, entries, longTasks };
  };
}

/** The page's report (the probe's `__typingRead`). */
function readReport(page: Page): Promise<ProbeReport> {
  const read = page.evaluate(() => (window as unknown as { __typingRead: () => ProbeReport }).__typingRead());
  return withTimeout(read, READ_TIMEOUT_MS, "report from the page");
}

// ---------------------------------------------------------------------------
// One visit: open the page, tap the field at first paint, type, read the page
// ---------------------------------------------------------------------------

/**
 * The responses of a visit, from the CDP Network events: each one's body as served
 * (`loadingFinished`'s encodedDataLength less the headers `responseReceived` counted), and
 * whether it was requested after the tap.
 */
function networkLog(cdp: CDPSession) {
  const requests = new Map<string, { url: string; type: string; afterFocus: boolean; headers: number }>();
  const transfers: Transfer[] = [];
  const inFlight = new Set<string>();
  let focused = false;
  let lastChange = performance.now();
  const settle = (id: string): void => {
    inFlight.delete(id);
    lastChange = performance.now();
  };
  const listen = async (): Promise<void> => {
    cdp.on("Network.requestWillBeSent", (e) => {
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? "Other", afterFocus: focused, headers: 0 });
      inFlight.add(e.requestId);
      lastChange = performance.now();
    });
    cdp.on("Network.responseReceived", (e) => {
      const request = requests.get(e.requestId);
      if (request) request.headers = e.response.encodedDataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      const request = requests.get(e.requestId);
      if (request) {
        const { url, type, afterFocus, headers } = request;
        transfers.push({ url, type, afterFocus, bytes: Math.max(0, e.encodedDataLength - headers) });
      }
      settle(e.requestId);
    });
    cdp.on("Network.loadingFailed", (e) => settle(e.requestId));
    await cdp.send("Network.enable");
  };
  return {
    listen,
    /** From now on a request counts as after the focus. */
    markFocus: (): void => void (focused = true),
    transfers: (): Transfer[] => [...transfers],
    /** Resolves once nothing has been in flight for `quietMs` (or after `maxMs`). */
    quiet: async (quietMs: number, maxMs: number): Promise<void> => {
      const deadline = performance.now() + maxMs;
      while (performance.now() < deadline && (inFlight.size > 0 || performance.now() - lastChange < quietMs))
        await sleep(50);
    },
  };
}

/** The CDP key event fields of one character of TYPED. */
function keyOf(char: string): { key: string; code: string; windowsVirtualKeyCode: number; modifiers: number } {
  if (/^[a-z]$/.test(char))
    return {
      key: char,
      code: `Key${char.toUpperCase()}`,
      windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0),
      modifiers: 0,
    };
  if (char === ".") return { key: ".", code: "Period", windowsVirtualKeyCode: 190, modifiers: 0 };
  if (char === "@") return { key: "@", code: "Digit2", windowsVirtualKeyCode: 50, modifiers: 8 }; // Shift
  throw new Error(`no key for "${char}" in TYPED`);
}

/**
 * Types `text`, key i due `KEY_INTERVAL_MS` × (i + 1) after `from` (performance.now() of
 * the tap); each key is sent when due, not after the page has taken the one before. Returns
 * how late the latest key went out.
 */
async function typeAtPace(cdp: CDPSession, text: string, from: number): Promise<number> {
  const sent: Promise<unknown>[] = [];
  let late = 0;
  for (const [i, char] of [...text].entries()) {
    const due = from + KEY_INTERVAL_MS * (i + 1);
    await sleep(Math.max(0, due - performance.now()));
    late = Math.max(late, performance.now() - due);
    const key = keyOf(char);
    sent.push(
      cdp.send("Input.dispatchKeyEvent", { type: "keyDown", ...key, text: char, unmodifiedText: char }),
      cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...key }),
    );
  }
  await Promise.all(sent);
  return late;
}

/**
 * Each keystroke's latency, in order: its keydown/keypress/keyup (and input) entries grouped
 * by interactionId, the longest duration of each group. An input entry without an
 * interactionId goes with the keystroke whose keydown came last before it.
 */
function keystrokeLatencies(entries: EventEntry[]): number[] {
  const keyEvents = new Set(["keydown", "keypress", "keyup", "input"]);
  const groups = new Map<number, { start: number; ms: number }>();
  for (const e of entries) {
    if (!keyEvents.has(e.name) || e.interactionId === 0) continue;
    const group = groups.get(e.interactionId);
    if (group) Object.assign(group, { start: Math.min(group.start, e.startTime), ms: Math.max(group.ms, e.duration) });
    else groups.set(e.interactionId, { start: e.startTime, ms: e.duration });
  }
  const ordered = [...groups.values()].sort((a, b) => a.start - b.start);
  for (const e of entries) {
    if (e.name !== "input" || e.interactionId !== 0) continue;
    const owner = ordered.findLast((g) => g.start <= e.startTime);
    if (owner) owner.ms = Math.max(owner.ms, e.duration);
  }
  return ordered.map((g) => g.ms);
}

/** The tap's latency: its pointer interaction's longest entry (0: none reported, faster than 16 ms). */
function tapLatency(entries: EventEntry[]): number {
  const pointer = entries.filter((e) => ["pointerdown", "pointerup", "click"].includes(e.name) && e.interactionId > 0);
  const id = pointer[0]?.interactionId;
  return Math.max(0, ...pointer.filter((e) => e.interactionId === id).map((e) => e.duration));
}

/** How many characters of `typed` stand in `value`, in order. */
function charactersKept(typed: string, value: string): number {
  let kept = 0;
  for (const char of value) if (kept < typed.length && char === typed[kept]) kept++;
  return kept;
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

type Outcome = { report: ProbeReport | null; transfers: Transfer[]; keysLateMs: number | null; error: string | null };

function visitFrom(build: Build, form: FormPage, run: number, outcome: Outcome): Visit {
  const { report, transfers } = outcome;
  const bytesByType: Record<string, number> = {};
  for (const t of transfers) bytesByType[t.type] = (bytesByType[t.type] ?? 0) + t.bytes;
  const base: Visit = {
    build: build.name,
    run,
    page: form.path,
    label: form.label,
    field: report?.field ? `${report.field}${report.opened ? " (disclosure opened)" : ""}` : null,
    error: outcome.error ?? report?.problem ?? null,
    value: null,
    kept: null,
    reportedKeyMs: [],
    p98Ms: null,
    worstMs: null,
    tapMs: null,
    jsAfterFocusBytes: null,
    visitBytes: null,
    bytesByType,
    fcpMs: report?.fcpAt ?? null,
    focusAfterFcpMs: null,
    hydratedAfterFocusMs: null,
    longestTaskAfterFocusMs: null,
    keysLateMs: outcome.keysLateMs,
  };
  if (base.error) return base;
  if (!report || report.focusAt === null) return { ...base, error: "the tap focused nothing" };
  if (report.focusedOn !== report.field)
    return { ...base, error: `the tap focused ${report.focusedOn}, not the field ${report.field}` };
  const reportedKeyMs = keystrokeLatencies(report.entries);
  // The keystrokes that reported nothing were faster than the threshold: 0 stands for "< 16 ms".
  const all = [...reportedKeyMs, ...Array<number>(Math.max(0, TYPED.length - reportedKeyMs.length)).fill(0)];
  return {
    ...base,
    value: report.value,
    kept: report.value === null ? 0 : charactersKept(TYPED, report.value),
    reportedKeyMs,
    p98Ms: percentile(all, 98),
    worstMs: Math.max(...all),
    tapMs: tapLatency(report.entries),
    jsAfterFocusBytes: sum(transfers.filter((t) => t.type === "Script" && t.afterFocus).map((t) => t.bytes)),
    visitBytes: sum(["Document", "Stylesheet", "Script"].map((type) => bytesByType[type] ?? 0)),
    focusAfterFcpMs: report.fcpAt === null ? null : report.focusAt - report.fcpAt,
    hydratedAfterFocusMs: report.hydratedAt === null ? null : report.hydratedAt - report.focusAt,
    longestTaskAfterFocusMs:
      report.longTasks === null
        ? null
        : Math.max(0, ...report.longTasks.filter((t) => t.startTime >= report.focusAt!).map((t) => t.duration)),
  };
}

/** Opens the form's page on a fresh phone, taps its field at first paint, types TYPED, returns what was measured. */
async function visit(browser: Browser, build: Build, form: FormPage, run: number): Promise<Visit> {
  const placed = Promise.withResolvers<{ x: number; y: number } | null>();
  let network: ReturnType<typeof networkLog> | null = null;
  const phone = await openPhone(browser, {
    bindings: { [PLACED_BINDING]: (point: { x: number; y: number } | null) => placed.resolve(point) },
    probe,
    arg: { forms: form.forms, placed: PLACED_BINDING, threshold: EVENT_THRESHOLD_MS },
    beforeOpen: (cdp) => (network = networkLog(cdp)).listen(),
  });
  const outcome = (rest: Partial<Outcome>): Outcome => ({
    report: null,
    transfers: network?.transfers() ?? [],
    keysLateMs: null,
    error: null,
    ...rest,
  });
  try {
    const { page, cdp } = phone;
    await page.goto(new URL(form.path, build.site.server.base).href, {
      waitUntil: "commit",
      timeout: NAVIGATION_TIMEOUT_MS,
    });
    const [point] = await withTimeout(
      Promise.all([placed.promise, phone.painted]),
      PAINT_TIMEOUT_MS,
      "first contentful paint with the field in view",
    );
    if (!point) return visitFrom(build, form, run, outcome({ report: await readReport(page) }));
    const at =
      (await page.evaluate(() =>
        (window as unknown as { __typingRecentre?: () => { x: number; y: number } | null }).__typingRecentre?.(),
      )) ?? point;
    network!.markFocus();
    await page.touchscreen.tap(at.x, at.y);
    const keysLateMs = await typeAtPace(cdp, TYPED, performance.now());
    await page
      .waitForFunction(
        () =>
          document.documentElement.dataset.hydrated === "true" ||
          document.querySelector("[data-island-awake]") !== null ||
          // A page of islands whose form is in none (a plain post: nothing wakes for it).
          (!("__reactRouterContext" in window) && document.activeElement?.closest("[data-island]") === null),
        undefined,
        {
          timeout: APP_TIMEOUT_MS,
        },
      )
      .catch(() => undefined); // not started: reported as such (hydratedAfterFocusMs null)
    await network!.quiet(QUIET_MS, QUIET_TIMEOUT_MS);
    await sleep(SETTLE_MS);
    return visitFrom(build, form, run, outcome({ report: await readReport(page), keysLateMs }));
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    return visitFrom(build, form, run, outcome({ error: message }));
  } finally {
    await phone.close();
  }
}

// ---------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------

/** The spread of a figure over the measured visits that have it (null: none). */
function spreadOf(visits: Visit[], pick: (v: Visit) => number | null): Spread | null {
  const values = visits.flatMap((v) => (v.error || pick(v) === null ? [] : [pick(v)!]));
  return values.length ? spread(values) : null;
}

function summarise(visits: Visit[]): Summary {
  const measured = visits.filter((v) => !v.error);
  const worsts = measured.map((v) => v.worstMs!);
  return {
    visits: measured.length,
    errors: visits.length - measured.length,
    keptPerRun: measured.map((v) => v.kept!),
    lost: sum(measured.map((v) => TYPED.length - v.kept!)),
    p98: spreadOf(visits, (v) => v.p98Ms),
    worst: worsts.length ? Math.max(...worsts) : null,
    jsAfterFocusKb: spreadOf(visits, (v) => (v.jsAfterFocusBytes === null ? null : v.jsAfterFocusBytes / KB)),
    visitKb: spreadOf(visits, (v) => (v.visitBytes === null ? null : v.visitBytes / KB)),
    hydratedAfterFocus: spreadOf(visits, (v) => v.hydratedAfterFocusMs),
    longestTaskAfterFocus: spreadOf(visits, (v) => v.longestTaskAfterFocusMs),
  };
}

/** Every keystroke of a build's run, over all forms: the p98 per run, its spread. */
function overallP98(visits: Visit[], runs: number): Spread | null {
  const perRun = Array.from({ length: runs }, (_, i) =>
    visits
      .filter((v) => v.run === i + 1 && !v.error)
      .flatMap((v) => [
        ...v.reportedKeyMs,
        ...Array<number>(Math.max(0, TYPED.length - v.reportedKeyMs.length)).fill(0),
      ]),
  ).filter((keys) => keys.length > 0);
  return perRun.length ? spread(perRun.map((keys) => percentile(keys, 98))) : null;
}

type Check = { name: string; value: string; met: boolean };

const TARGET_NAMES = [
  "nothing lost",
  `worst keystroke ≤ ${TARGETS.worstMs} ms`,
  `p98 keystroke ≤ ${TARGETS.p98Ms} ms`,
  `JavaScript on focus ≤ ${TARGETS.jsOnFocusKb} KB`,
] as const;

function targetChecks(visits: Visit[], forms: FormPage[], runs: number): Check[] {
  const all = summarise(visits);
  if (all.visits === 0) return TARGET_NAMES.map((name) => ({ name, value: "not measured", met: false }));
  const p98 = overallP98(visits, runs);
  const jsPerForm = forms.map((f) => ({
    path: f.path,
    kb: summarise(visits.filter((v) => v.page === f.path)).jsAfterFocusKb?.median ?? NaN,
  }));
  const heaviest = jsPerForm.reduce((a, b) => (b.kb > a.kb ? b : a), jsPerForm[0]!);
  return [
    { name: TARGET_NAMES[0], value: `${all.lost} character(s) lost`, met: all.lost <= TARGETS.lostCharacters },
    { name: TARGET_NAMES[1], value: msUnit(all.worst), met: (all.worst ?? Infinity) <= TARGETS.worstMs },
    { name: TARGET_NAMES[2], value: msUnit(p98?.median ?? null), met: (p98?.median ?? Infinity) <= TARGETS.p98Ms },
    {
      name: TARGET_NAMES[3],
      value: `${kb(heaviest.kb)} KB (\`${heaviest.path}\`)`,
      met: heaviest.kb <= TARGETS.jsOnFocusKb,
    },
  ];
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

/** A latency for a table: whole milliseconds; under the threshold (nothing reported), "< 16". */
function ms(value: number | null): string {
  if (value === null || Number.isNaN(value)) return "—";
  return value < EVENT_THRESHOLD_MS ? `< ${EVENT_THRESHOLD_MS}` : String(Math.round(value));
}
/** A long task for a table: whole milliseconds; none (the API reports tasks over 50 ms only), "≤ 50". */
const LONG_TASK_MS = 50;
const longTaskMs = (value: number): string => (value < LONG_TASK_MS ? `≤ ${LONG_TASK_MS}` : String(Math.round(value)));
const msUnit = (value: number | null): string => (value === null ? "—" : `${ms(value)} ms`);
const kb = (value: number | null): string => (value === null || Number.isNaN(value) ? "—" : value.toFixed(1));

/** "850 (812–903)"; one figure when the runs read alike (or there is one run). */
function spreadText(s: Spread | null, format: (n: number) => string): string {
  if (!s) return "—";
  const [median, min, max] = [format(s.median), format(s.min), format(s.max)];
  return min === max ? median : `${median} (${min}–${max})`;
}

/** A form's characters kept in each run ("18 of 18" when none was lost); for all forms, how many were lost. */
function keptText(s: Summary, overall: boolean): string {
  if (s.visits === 0) return "—";
  const all = s.keptPerRun.every((k) => k === TYPED.length);
  if (overall) return all ? `all, in ${s.visits} visit(s)` : `${s.lost} lost in ${s.visits} visit(s)`;
  return all ? `${TYPED.length} of ${TYPED.length}` : `${s.keptPerRun.join(", ")} of ${TYPED.length}`;
}

/** The rows of one set of visits per build: [figure, this, base, ratio] (no base: [figure, this]). */
function figureRows(groups: Visit[][], runs: number, overall: boolean): string[][] {
  const s = groups.map(summarise);
  const p98 = overall ? groups.map((g) => overallP98(g, runs)) : s.map((x) => x.p98);
  const rows: [string, string[], string][] = [
    ["Characters kept", s.map((x) => keptText(x, overall)), ""],
    [
      overall ? "p98 keystroke, all forms (ms)" : "p98 keystroke (ms)",
      p98.map((x) => spreadText(x, ms)),
      ratio(p98[0]?.median, p98[1]?.median, EVENT_THRESHOLD_MS),
    ],
    ["Worst keystroke (ms)", s.map((x) => ms(x.worst)), ratio(s[0]?.worst, s[1]?.worst, EVENT_THRESHOLD_MS)],
    [
      "JavaScript after focus (KB)",
      s.map((x) => spreadText(x.jsAfterFocusKb, kb)),
      ratio(s[0]?.jsAfterFocusKb?.median, s[1]?.jsAfterFocusKb?.median),
    ],
    [
      "HTML + CSS + JS of the visit (KB)",
      s.map((x) => spreadText(x.visitKb, kb)),
      ratio(s[0]?.visitKb?.median, s[1]?.visitKb?.median),
    ],
    [
      "React ready after focus (ms)",
      s.map((x) => spreadText(x.hydratedAfterFocus, (n) => String(Math.round(n)))),
      ratio(s[0]?.hydratedAfterFocus?.median, s[1]?.hydratedAfterFocus?.median),
    ],
    [
      "Longest task after focus (ms)",
      s.map((x) => spreadText(x.longestTaskAfterFocus, longTaskMs)),
      ratio(s[0]?.longestTaskAfterFocus?.median, s[1]?.longestTaskAfterFocus?.median, LONG_TASK_MS),
    ],
  ];
  // For all forms: what was kept and the keystrokes (the bytes are each form's own).
  return rows
    .slice(0, overall ? 3 : rows.length)
    .map(([name, cells, r]) => (groups.length > 1 ? [name, ...cells, r] : [name, ...cells]));
}

function resultsTable(visits: Visit[], forms: FormPage[], builds: BuildInfo[], runs: number): string {
  const byBuild = (group: Visit[]) => builds.map((b) => group.filter((v) => v.build === b.name));
  const rows = [
    ...forms.flatMap((form) =>
      figureRows(byBuild(visits.filter((v) => v.page === form.path)), runs, false).map((cells, j) => [
        j === 0 ? `${form.label} \`${form.path}\`` : "",
        ...cells,
      ]),
    ),
    ...figureRows(byBuild(visits), runs, true).map((cells, j) => [j === 0 ? "**All forms**" : "", ...cells]),
  ];
  const header = ["Form", "Figure", ...builds.map((b) => b.label), ...(builds.length > 1 ? ["Ratio"] : [])];
  return markdownTable(header, `ll${"r".repeat(builds.length)}${builds.length > 1 ? "r" : ""}`, rows);
}

function targetsTable(visits: Visit[], forms: FormPage[], builds: BuildInfo[], runs: number): string {
  const checks = builds.map((b) =>
    targetChecks(
      visits.filter((v) => v.build === b.name),
      forms,
      runs,
    ),
  );
  const rows = checks[0]!.map((c, i) => [c.name, ...checks.map((cs) => `${cs[i]!.met ? "✅" : "❌"} ${cs[i]!.value}`)]);
  return markdownTable(["Target (issue 42)", ...builds.map((b) => b.label)], `l${"l".repeat(builds.length)}`, rows);
}

function visitsTable(visits: Visit[]): string {
  const rows = visits.map((v) => [
    v.run,
    v.build,
    `\`${v.page}\``,
    v.field ?? "—",
    v.error ? `error: ${v.error.replace(/\|/g, "\\|")}` : `${v.kept} of ${TYPED.length}`,
    v.error ? "—" : v.reportedKeyMs.length,
    ms(v.p98Ms),
    ms(v.worstMs),
    ms(v.tapMs),
    kb(v.jsAfterFocusBytes === null ? null : v.jsAfterFocusBytes / KB),
    kb(v.visitBytes === null ? null : v.visitBytes / KB),
    v.fcpMs === null ? "—" : Math.round(v.fcpMs),
    v.focusAfterFcpMs === null ? "—" : Math.round(v.focusAfterFcpMs),
    v.hydratedAfterFocusMs === null ? "—" : Math.round(v.hydratedAfterFocusMs),
    v.keysLateMs === null ? "—" : Math.round(v.keysLateMs),
  ]);
  return markdownTable(
    [
      "Run",
      "Build",
      "Page",
      "Field",
      "Kept",
      "Keys ≥ 16 ms",
      "p98 (ms)",
      "Worst (ms)",
      "Tap (ms)",
      "JS after focus (KB)",
      "Visit (KB)",
      "FCP (ms)",
      "Focus after FCP (ms)",
      "React after focus (ms)",
      "Latest key late (ms)",
    ],
    "rllllrrrrrrrrrr",
    rows,
  );
}

function markdownReport(visits: Visit[], forms: FormPage[], meta: Meta): string {
  const { runs, builds, env } = meta;
  const side =
    builds.length > 1
      ? `builds: ${builds.map((b) => b.label).join(" and ")}, alternated visit by visit; ratio: ${builds[0]!.label} ÷ ${builds[1]!.label}`
      : `build: ${builds[0]!.label}`;
  const intro =
    `${meta.date} · ${runs} run(s) · production build(s) on 127.0.0.1 · ${side} · phone: 390 × 844, touch, device scale factor 3, ` +
    `CPU ${CPU_SLOWDOWN}× slower (CDP) · a fresh browser context (empty cache) per visit; the form's first text field tapped as soon as ` +
    `Chromium reports the first contentful paint, then "${TYPED}" (${TYPED.length} characters) typed at ${1000 / KEY_INTERVAL_MS} keys a second ` +
    `without waiting for the page · Chromium ${env.chromium} · ${machineNote(env)}`;
  const errors = visits.filter((v) => v.error);
  const how =
    "**Keystroke latency**: Event Timing (durationThreshold 16 ms) grouped by interactionId, the longest of a keystroke's keydown, keypress, keyup and input " +
    "entries, as Interaction to Next Paint counts it; a keystroke that reported nothing took under 16 ms. **p98**: per visit over its " +
    `${TYPED.length} keystrokes (with fewer than 50, the slowest, as INP), and for all forms over every keystroke of a run; the median of the runs (min–max). ` +
    "**Worst**: the slowest keystroke of all runs. **Characters kept**: the characters typed found, in order, in the field's final value (per run). " +
    "**JavaScript after focus**: the bodies as served (compressed) of the scripts requested after the tap; **HTML + CSS + JS**: all of the visit's. " +
    "KB = 1024 bytes. **React ready after focus**: from the focus to React (or an island's Preact, ADR 092) marking the document or the island hydrated. " +
    '**Longest task after focus**: the longest main-thread task that started after the focus (Long Tasks API, which reports tasks over 50 ms: "≤ 50" when there was none), ' +
    "what a key can wait behind; issue 42 asks for chunks under 50 ms.";
  return [
    "# Typing benchmark",
    "",
    intro,
    "",
    targetsTable(visits, forms, builds, runs),
    "",
    resultsTable(visits, forms, builds, runs),
    "",
    ...(meta.left.length ? [`Left out: ${meta.left.join("; ")}.`, ""] : []),
    ...(errors.length
      ? [
          `**Not measured**: ${errors.length} visit(s), not counted above: ` +
            errors.map((v) => `run ${v.run} ${v.build} \`${v.page}\`: ${v.error}`).join("; "),
          "",
        ]
      : []),
    how,
    "",
    folded("Every visit", visitsTable(visits)),
    "",
  ].join("\n");
}

function writeReport(out: string, visits: Visit[], forms: FormPage[], meta: Meta): void {
  const figures = (group: Visit[]) => ({
    targetChecks: targetChecks(group, forms, meta.runs),
    overall: { ...summarise(group), p98AllForms: overallP98(group, meta.runs) },
    byPage: Object.fromEntries(forms.map((f) => [f.path, summarise(group.filter((v) => v.page === f.path))])),
  });
  const json = {
    date: meta.date,
    runs: meta.runs,
    environment: meta.env,
    setup: {
      phone: PHONE,
      cpuSlowdown: CPU_SLOWDOWN,
      typed: TYPED,
      keyIntervalMs: KEY_INTERVAL_MS,
      eventTimingThresholdMs: EVENT_THRESHOLD_MS,
      chromiumArgs,
    },
    targets: TARGETS,
    builds: meta.builds,
    forms,
    leftOut: meta.left,
    results: Object.fromEntries(meta.builds.map((b) => [b.name, figures(visits.filter((v) => v.build === b.name))])),
    visits,
  };
  writeResults(out, json, markdownReport(visits, forms, meta), log);
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function runAll(browser: Browser, builds: Build[], forms: FormPage[], runs: number): Promise<Visit[]> {
  const visits: Visit[] = [];
  let turn = 0;
  for (let run = 1; run <= runs; run++) {
    for (const form of forms) {
      // The builds side by side, the first of the pair in turn (A B, B A, …).
      for (const build of inTurn(builds, turn++)) {
        const v = await visit(browser, build, form, run);
        visits.push(v);
        const outcome = v.error
          ? `error: ${v.error}`
          : `kept ${v.kept}/${TYPED.length}, p98 ${msUnit(v.p98Ms)}, worst ${msUnit(v.worstMs)}, JS after focus ${kb(v.jsAfterFocusBytes! / KB)} KB`;
        log(`run ${run} ${build.name} ${form.path}: ${outcome}`);
      }
    }
  }
  return visits;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  requireBuild(options.build, log, "or run without --no-build");
  return withBuildsAndBrowser("bench_typing", options.base, log, async (builds, browser) => {
    // The booking page needs the business settings: saved as an administrator would.
    for (const build of builds) await ensureSiteBusinessSettings(build.site);
    const infos: BuildInfo[] = builds.map(({ name, label }) => ({ name, label }));
    const discovered = await discoverForms(builds[0]!.site.server.base);
    const paths = selectPages(
      options.only,
      discovered.forms.map((f) => f.path),
    );
    const forms = discovered.forms.filter((f) => paths.includes(f.path));
    log(
      `${builds.map((b) => `${b.label} at ${b.site.server.base}`).join("; ")}; ${forms.length} form(s) × ${options.runs} run(s)`,
    );

    const loadBefore = loadavg()[0]!;
    const visits = await runAll(browser, builds, forms, options.runs);
    const loadAfter = loadavg()[0]!;

    const env = { chromium: browser.version(), ...machine(loadBefore, loadAfter) };
    const meta: Meta = {
      date: new Date().toISOString(),
      runs: options.runs,
      builds: infos,
      left: discovered.left,
      env,
    };
    writeReport(options.out, visits, forms, meta);
    process.stdout.write(
      `\n${targetsTable(visits, forms, infos, options.runs)}\n\n${resultsTable(visits, forms, infos, options.runs)}\n`,
    );
    return measuredExitCode(visits.filter((v) => v.error).length, log);
  });
}

runMain(main, log);
