/**
 * First-interaction benchmark: what a visitor on a mid-range phone feels when they tap a
 * control the moment the page first paints (issue 12).
 *
 *   npm run bench:first-interaction [-- --runs 3] [--only /,/about] [--no-build] [--out NAME]
 *                                   [--tap point|locator|point,locator]
 *
 * Builds (`react-router build`, unless --no-build), starts `node server/index.ts` on a free
 * port with a fresh DATA_DIR (bench/support/runner.ts), and launches Debian's Chromium through
 * Playwright (harness/chromium.ts).
 *
 * Controls tapped: the header's mobile menu button on every page of `sitePages` (pages with
 * a header), and on two pages (`/` and a course page with FAQs) every FAQ question (a
 * <summary> in <details>) and every footer section toggle shown at phone width. They are
 * listed once, first, from the pages as the server sends them (JavaScript off: what is on
 * screen at first paint), with the point to tap and how far the page must scroll to show it.
 *
 * Each tap is its own visit, in a fresh browser context (empty cache): a phone (390 × 844,
 * touch, device scale factor 3, mobile) with the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`). The page is opened (`waitUntil: "commit"`) and the
 * control is tapped as soon as the browser reports the first contentful paint (CDP
 * `Page.lifecycleEvent` "firstContentfulPaint": sent as the paint is recorded, while a
 * PerformanceObserver's callback or a `waitForFunction` poll waits for the page's main
 * thread, which is busy starting React right then; measured 0.1–0.6 s later).
 * How the tap is sent (--tap; both, comma-separated, measures each control both ways in turn
 * and reports them side by side):
 * - `point` (default): a touch at the control's centre (`page.touchscreen.tap`). A control
 *   below the fold is scrolled into view by the page's probe at DOMContentLoaded (the page
 *   is then as a visitor who scrolled sees it). Nothing waits for the page's main thread
 *   before the touch goes out, as for a real finger.
 * - `locator`: Playwright's `locator.tap()`. Its actionability checks run on the page's main
 *   thread, so on a busy page the touch goes out 1–2 s after the first paint; kept to compare.
 * Tap-to-response is measured in the page by a probe installed with `addInitScript` (before
 * any script of the page): a capture-phase `pointerdown`/`touchstart` listener takes the
 * tap's time (the event's timestamp: when the touch reached the page, from which Interaction
 * to Next Paint counts too; `performance.now()` in the listener is kept as the input delay),
 * finds the panel the control opens from the control itself (`aria-controls`, else
 * `popovertarget`, else the <details> of a <summary>), and runs a requestAnimationFrame loop
 * until the first frame in which the response is visible (the panel's `checkVisibility()`;
 * for a <details>: `open` and its content visible). No response within 5 s of the tap is a
 * LOST tap. A tap that lands on another control, or whose panel is open already, is not
 * counted but listed as not measured.
 *
 * Reports per page (taps, lost, median and worst tap-to-response), per kind of control, and
 * overall (lost, median, p90, worst), each with its spread over the runs (median of the
 * per-run figures, min–max), against the issue's targets (0 lost, median ≤ 100 ms, worst
 * ≤ 200 ms: reported as met or missed, never fatal). Records the machine's load average
 * before and after and the Chromium version. Writes bench/results/<out>.{md,json} (default:
 * first-interaction).
 *
 * Exit code: 0 when every tap could be measured (whether or not the targets are met), 1 when
 * the bench fails or some visit could not be measured (listed in the report).
 */
import { loadavg } from "node:os";
import type { Browser, Locator, Page } from "@playwright/test";
import { sitePages } from "../app/content/site-map.server.ts";
import { catalogue } from "../app/content/index.server.ts";
import { coursePath } from "../app/content/paths.ts";
import { chromiumArgs } from "../harness/chromium.ts";
import {
  benchLog,
  measuredExitCode,
  median,
  percentile,
  requireBuild,
  runMain,
  selectPages,
  type Spread,
  spread,
} from "./support/runner.ts";
import { withSiteAndBrowser } from "./support/browser.ts";
import { CPU_SLOWDOWN, openPhone, PHONE, withTimeout } from "./support/phone.ts";
import { pageBenchCommandLine } from "./support/options.ts";
import { folded, machine, writeResults, machineNote } from "./support/report.ts";

/** A tap with no visible response this long after it is lost. */
const LOST_AFTER_MS = 5000;
const NAVIGATION_TIMEOUT_MS = 30_000;
const PAINT_TIMEOUT_MS = 30_000;
const TAP_TIMEOUT_MS = 15_000;
/** How long after the tap the bench waits for the page's report beyond LOST_AFTER_MS (a busy main thread). */
const REPORT_GRACE_MS = 10_000;

/** The issue's targets (reported, never fatal). */
const TARGETS = { lost: 0, medianMs: 100, worstMs: 200 };

/** The course page whose FAQs are tapped (one that has them; checked against the content). */
const FAQ_COURSE_ID = "corporate-finance";

/** Names under which the page calls back into the bench (exposed to every visit's context). */
const SCROLLED_BINDING = "__firstInteractionScrolled";
const REPORT_BINDING = "__firstInteractionReport";

/** How the tap is sent: a touch at the control's centre, or Playwright's `locator.tap()`. */
const TAP_METHODS = ["point", "locator"] as const;
type TapMethod = (typeof TAP_METHODS)[number];

type Options = { runs: number; only: string[] | null; build: boolean; out: string; tap: TapMethod[] };

type ControlKind = "menu" | "faq" | "footer";

const KIND_LABEL: Record<ControlKind, string> = {
  menu: "Header menu button",
  faq: "FAQ question",
  footer: "Footer section toggle",
};

/**
 * Where each kind of control is found, in order of preference: the first query that finds
 * a visible control on a page is used there. Written for today's markup and for one that
 * works without JavaScript (popovers, <details>).
 */
const CONTROL_QUERIES: Record<ControlKind, ((page: Page) => Locator)[]> = {
  menu: [
    (page) => page.locator("header").getByRole("button", { name: "Open menu" }),
    (page) => page.locator("header [popovertarget]"),
  ],
  faq: [(page) => page.locator("main details > summary")],
  footer: [(page) => page.locator("footer").locator("button[aria-controls], button[popovertarget], details > summary")],
};

/**
 * One control to tap: the `index`-th visible match of query `query` of its kind on `page`.
 * `label` is its text as the page's probe reads it (to check where the tap landed), `name`
 * the text shown; `x`, `y` its centre on screen once the page is scrolled to `scrollY`.
 */
type Target = {
  page: string;
  kind: ControlKind;
  query: number;
  index: number;
  label: string;
  name: string;
  scrollY: number;
  x: number;
  y: number;
};

/** What the page reports about one tap (see `probe`). Times are the page's performance clock (ms). */
type ProbeReport = {
  fcpAt: number | null;
  /** The tap: the first pointerdown/touchstart's timestamp. */
  tapAt: number | null;
  /** performance.now() when the listener ran (later than tapAt when the main thread was busy). */
  handlerAt: number | null;
  /** performance.now() in the first animation frame with the response visible; null: lost. */
  respondedAt: number | null;
  /** The label of the control the tap landed on. */
  control: string | null;
  hydratedAtTap: boolean | null;
  hydratedAtResponse: boolean | null;
  /** Why the tap could not be judged (then it is neither answered nor lost). */
  problem: string | null;
};

type Visit = Target & {
  run: number;
  tap: TapMethod;
  /** Tap to first frame with the response visible; null when lost or not measured. */
  ms: number | null;
  lost: boolean;
  /** Why the visit could not be measured; null when it was. */
  error: string | null;
  fcpMs: number | null;
  /** From the first contentful paint to the tap. */
  tapAfterFcpMs: number | null;
  /** From the tap to the page's listener running. */
  inputDelayMs: number | null;
  /** Whether React had hydrated the page (its `data-hydrated` mark) at the tap, and at the response. */
  hydratedAtTap: boolean | null;
  hydratedAtResponse: boolean | null;
};

/** Figures of one set of taps; a lost tap counts as slower than any answer (Infinity). */
type Stats = { taps: number; lost: number; errors: number; median: number; p90: number; worst: number };

/** Figures of a set of taps over the runs: per-run figures and their spread. */
type Summary = {
  taps: number;
  lost: number;
  errors: number;
  lostPerRun: number[];
  median: Spread;
  p90: Spread;
  worstPerRun: Spread;
  /** The slowest tap of all runs (Infinity when one was lost). */
  worst: number;
};

/** What a report says about how it was measured. */
type Meta = { date: string; runs: number; tap: TapMethod[]; env: Record<string, string> };

const log = benchLog("first-interaction");

// ---------------------------------------------------------------------------
// Options and targets
// ---------------------------------------------------------------------------

const parseOptions: (argv: string[]) => Options = pageBenchCommandLine(
  "first-interaction",
  { tap: { type: "string", default: "point" } },
  (values) => ({
    tap: [...new Set(values.tap.split(",").map((m) => m.trim()))].map((name) => {
      const method = TAP_METHODS.find((m) => m === name);
      if (!method) throw new Error(`--tap takes ${TAP_METHODS.join(" and/or ")} (comma-separated), got "${name}"`);
      return method;
    }),
  }),
);

/** The course whose page's FAQs are tapped, and how many it has (checked against the page). */
function faqCourse(): { path: string; faqs: number } {
  const course = catalogue.courses.find((c) => c.id === FAQ_COURSE_ID);
  if (!course || course.faqs.length === 0) throw new Error(`course "${FAQ_COURSE_ID}" has no FAQs: pick another`);
  return { path: coursePath(course.id), faqs: course.faqs.length };
}

type FoundControl = Omit<Target, "page" | "kind" | "index">;

/**
 * The visible controls of one kind, from the first query that finds any (none: empty): their
 * text, and where each is on screen once scrolled into view (centred, as far as the page goes).
 */
async function findControls(page: Page, kind: ControlKind): Promise<FoundControl[]> {
  for (const [query, locate] of CONTROL_QUERIES[kind].entries()) {
    const controls = locate(page).filter({ visible: true });
    const found: FoundControl[] = [];
    for (let i = 0, count = await controls.count(); i < count; i++) {
      const seen = await controls.nth(i).evaluate((el) => {
        el.scrollIntoView({ block: "center" });
        const box = el.getBoundingClientRect();
        // What is read out, roughly: the text not hidden by CSS or aria-hidden.
        let shown = "";
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent?.checkVisibility() && !parent.closest("[aria-hidden='true']")) shown += node.textContent;
        }
        return { text: el.textContent, shown, scrollY, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      found.push({
        query,
        label: labelText(seen.text),
        name: labelText(seen.shown),
        scrollY: Math.round(seen.scrollY),
        x: Math.round(seen.x),
        y: Math.round(seen.y),
      });
    }
    if (found.length > 0) return found;
  }
  return [];
}

/** A control's text as the bench and the page's probe both read it (whitespace collapsed). */
function labelText(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Lists the controls to tap, from the pages as the server sends them (JavaScript off: the
 * document a tap at first paint meets). Pages without a header are left out; a page with a
 * header but no menu button, or a FAQ page without its FAQs, fails the bench.
 */
async function discoverTargets(browser: Browser, base: string, pages: string[]): Promise<Target[]> {
  const course = faqCourse();
  // The pages whose FAQs and footer are tapped: the home page and the course page.
  const faqPages = new Set(["/", course.path]);
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const targets: Target[] = [];
  try {
    const page = await context.newPage();
    for (const pagePath of pages) {
      await page.goto(new URL(pagePath, base).href, { timeout: NAVIGATION_TIMEOUT_MS });
      if ((await page.locator("header").count()) === 0) {
        log(`${pagePath}: no header, left out`);
        continue;
      }
      const kinds: ControlKind[] = faqPages.has(pagePath) ? ["menu", "faq", "footer"] : ["menu"];
      for (const kind of kinds) {
        // One menu button per page (the first, should a fallback query match more).
        const found = (await findControls(page, kind)).slice(0, kind === "menu" ? 1 : undefined);
        if (found.length === 0 && kind !== "faq") throw new Error(`${pagePath}: no ${KIND_LABEL[kind]} found`);
        if (kind === "faq" && pagePath === course.path && found.length !== course.faqs)
          throw new Error(`${pagePath}: ${found.length} FAQ questions found, the content has ${course.faqs}`);
        found.forEach((control, index) => targets.push({ page: pagePath, kind, index, ...control }));
      }
    }
  } finally {
    await context.close();
  }
  return targets;
}

// ---------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------

/**
 * Installed in every visit with `addInitScript` (it runs before any script of the page).
 * Scrolls the page to `scrollY` once the document is parsed (then calls back `scrolled`),
 * and calls back `report(...)` once the first tap has been answered (or lost, or could not
 * be judged). Serialised into the page: it may use nothing from outside its body.
 */
function probe(args: { lostAfterMs: number; scrollY: number; scrolled: string; report: string }): void {
  const { lostAfterMs, scrollY, scrolled, report } = args;
  const w = window as unknown as Record<string, unknown>;
  const call = (name: string, value: unknown): void => {
    const fn = w[name];
    if (typeof fn === "function") void (fn as (v: unknown) => Promise<void>)(value);
  };
  const state = {
    fcpAt: null as number | null,
    tapAt: null as number | null,
    handlerAt: null as number | null,
    respondedAt: null as number | null,
    control: null as string | null,
    hydratedAtTap: null as boolean | null,
    hydratedAtResponse: null as boolean | null,
    problem: null as string | null,
  };
  w.__firstInteraction = state;
  const hydrated = (): boolean => document.documentElement.dataset.hydrated === "true";

  const firstPaint = (): number | null => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;

  if (scrollY > 0) {
    document.addEventListener(
      "DOMContentLoaded",
      () => {
        window.scrollTo(0, scrollY);
        call(scrolled, window.scrollY);
      },
      { once: true },
    );
  }

  /** What the control opens: its aria-controls, else its popovertarget, else (a summary) its <details>. */
  const panelOf = (control: Element): { element: Element; details: boolean } | null => {
    const id =
      (control.getAttribute("aria-controls") ?? "").trim().split(/\s+/)[0] || control.getAttribute("popovertarget");
    if (id) {
      const element = document.getElementById(id);
      return element ? { element, details: false } : null;
    }
    const parent = control.parentElement;
    return control.localName === "summary" && parent?.localName === "details"
      ? { element: parent, details: true }
      : null;
  };
  const shown = (element: Element): boolean => element.checkVisibility({ visibilityProperty: true });
  /** Whether the control's panel is visible now (null: it has none). */
  const isOpen = (control: Element): boolean | null => {
    const panel = panelOf(control);
    if (!panel) return null;
    if (!panel.details) return shown(panel.element);
    const content = Array.from(panel.element.children).find((child) => child.localName !== "summary");
    return (panel.element as HTMLDetailsElement).open && (!content || shown(content));
  };
  const finish = (respondedAt: number | null, problem: string | null): void => {
    state.respondedAt = respondedAt;
    state.hydratedAtResponse = respondedAt === null ? null : hydrated();
    state.problem = problem;
    call(report, state);
  };

  const onTap = (event: Event): void => {
    if (state.tapAt !== null) return;
    const now = performance.now();
    // The event's timestamp is when the touch reached the page; the listener runs later
    // when the main thread is busy. The first is what the visitor waits from.
    const tapAt = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    state.tapAt = tapAt;
    state.handlerAt = now;
    state.fcpAt = firstPaint();
    state.hydratedAtTap = hydrated();
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest("[aria-controls], [popovertarget], summary") ?? null;
    if (!control) return finish(null, "the tap landed on no control");
    state.control = (control.textContent ?? "").replace(/\s+/g, " ").trim();
    const before = isOpen(control);
    if (before === null) return finish(null, "the control has no panel (aria-controls, popovertarget, <details>)");
    if (before) return finish(null, "the panel was already open before the tap");
    const frame = (): void => {
      const t = performance.now();
      if (isOpen(control)) finish(t, null);
      else if (t - tapAt > lostAfterMs) finish(null, null);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  addEventListener("pointerdown", onTap, { capture: true });
  addEventListener("touchstart", onTap, { capture: true, passive: true });
}

// ---------------------------------------------------------------------------
// One visit: open the page, tap at first paint, read the page's report
// ---------------------------------------------------------------------------

type TapPhone = {
  page: Page;
  /** Resolves when the browser reports the first contentful paint. */
  painted: Promise<void>;
  /** Resolves when the probe has scrolled the page to the control (at once when it needs no scrolling). */
  scrolled: Promise<void>;
  reported: Promise<ProbeReport>;
  close: () => Promise<void>;
};

/** A fresh context (empty cache) on a phone with the CPU slowed, the probe installed. */
async function openTapPhone(browser: Browser, scrollY: number): Promise<TapPhone> {
  const scrolled = Promise.withResolvers<void>();
  const reported = Promise.withResolvers<ProbeReport>();
  if (scrollY === 0) scrolled.resolve();
  const phone = await openPhone(browser, {
    bindings: {
      [SCROLLED_BINDING]: () => scrolled.resolve(),
      [REPORT_BINDING]: (report: ProbeReport) => reported.resolve(report),
    },
    probe,
    arg: { lostAfterMs: LOST_AFTER_MS, scrollY, scrolled: SCROLLED_BINDING, report: REPORT_BINDING },
  });
  return { ...phone, scrolled: scrolled.promise, reported: reported.promise };
}

/** The page's report, or (when it never came: a main thread blocked past the grace) its state. */
async function awaitReport(page: Page, reported: Promise<ProbeReport>): Promise<ProbeReport | null> {
  try {
    return await withTimeout(reported, LOST_AFTER_MS + REPORT_GRACE_MS, "report from the page");
  } catch {
    const state = page
      .evaluate(() => (window as unknown as { __firstInteraction?: ProbeReport }).__firstInteraction ?? null)
      .catch(() => null);
    return withTimeout(state, 5000, "state from the page").catch(() => null);
  }
}

function visitFrom(
  target: Target,
  run: number,
  tap: TapMethod,
  report: ProbeReport | null,
  error: string | null,
): Visit {
  const base: Visit = {
    ...target,
    run,
    tap,
    ms: null,
    lost: false,
    error,
    fcpMs: report?.fcpAt ?? null,
    tapAfterFcpMs: null,
    inputDelayMs: null,
    hydratedAtTap: report?.hydratedAtTap ?? null,
    hydratedAtResponse: report?.hydratedAtResponse ?? null,
  };
  if (error) return base;
  if (!report || report.tapAt === null) return { ...base, error: "the tap never reached the page" };
  const timing = {
    tapAfterFcpMs: report.fcpAt === null ? null : report.tapAt - report.fcpAt,
    inputDelayMs: report.handlerAt === null ? null : report.handlerAt - report.tapAt,
  };
  if (report.problem) return { ...base, ...timing, error: report.problem };
  if (report.control !== target.label)
    return { ...base, ...timing, error: `the tap landed on "${report.control}", not "${target.label}"` };
  // No answer (the page gave up after LOST_AFTER_MS, or never reported at all): lost.
  if (report.respondedAt === null) return { ...base, ...timing, lost: true };
  return { ...base, ...timing, ms: report.respondedAt - report.tapAt };
}

/** Sends the tap: a touch at the control's centre (the page scrolled to it), or `locator.tap()`. */
async function tap(page: Page, target: Target, method: TapMethod): Promise<void> {
  if (method === "point") return page.touchscreen.tap(target.x, target.y);
  const control = CONTROL_QUERIES[target.kind][target.query]!(page).filter({ visible: true }).nth(target.index);
  return control.tap({ timeout: TAP_TIMEOUT_MS });
}

/** Opens the target's page on a fresh phone, taps its control at first paint, returns what the page measured. */
async function visit(browser: Browser, base: string, target: Target, run: number, method: TapMethod): Promise<Visit> {
  const phone = await openTapPhone(browser, method === "point" ? target.scrollY : 0);
  try {
    await phone.page.goto(new URL(target.page, base).href, { waitUntil: "commit", timeout: NAVIGATION_TIMEOUT_MS });
    await withTimeout(Promise.all([phone.painted, phone.scrolled]), PAINT_TIMEOUT_MS, "first contentful paint");
    await tap(phone.page, target, method);
    return visitFrom(target, run, method, await awaitReport(phone.page, phone.reported), null);
  } catch (error) {
    return visitFrom(target, run, method, null, error instanceof Error ? error.message.split("\n")[0]! : String(error));
  } finally {
    await phone.close();
  }
}

// ---------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------

function stats(visits: Visit[]): Stats {
  const measured = visits.filter((v) => !v.error);
  const values = measured.map((v) => (v.lost ? Infinity : v.ms!));
  return {
    taps: measured.length,
    lost: measured.filter((v) => v.lost).length,
    errors: visits.length - measured.length,
    median: median(values),
    p90: percentile(values, 90),
    worst: values.length ? Math.max(...values) : NaN,
  };
}

function summarise(visits: Visit[], runs: number): Summary {
  const perRun = Array.from({ length: runs }, (_, i) => stats(visits.filter((v) => v.run === i + 1))).filter(
    (s) => s.taps > 0,
  );
  const all = stats(visits);
  const spreadOf = (pick: (s: Stats) => number): Spread =>
    perRun.length ? spread(perRun.map(pick)) : { median: NaN, min: NaN, max: NaN };
  return {
    taps: all.taps,
    lost: all.lost,
    errors: all.errors,
    lostPerRun: perRun.map((s) => s.lost),
    median: spreadOf((s) => s.median),
    p90: spreadOf((s) => s.p90),
    worstPerRun: spreadOf((s) => s.worst),
    worst: all.worst,
  };
}

function targetChecks(overall: Summary): { name: string; value: string; met: boolean }[] {
  const withUnit = (value: number): string => (Number.isFinite(value) ? `${ms(value)} ms` : ms(value));
  return [
    { name: `${TARGETS.lost} lost`, value: `${overall.lost} lost`, met: overall.lost <= TARGETS.lost },
    {
      name: `median ≤ ${TARGETS.medianMs} ms`,
      value: withUnit(overall.median.median),
      met: overall.median.median <= TARGETS.medianMs,
    },
    { name: `worst ≤ ${TARGETS.worstMs} ms`, value: withUnit(overall.worst), met: overall.worst <= TARGETS.worstMs },
  ];
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

/** Milliseconds for a table: whole numbers; a lost tap is "lost". */
function ms(value: number | null): string {
  if (value === null || Number.isNaN(value)) return "—";
  return value === Infinity ? "lost" : String(Math.round(value));
}

/** "850 (812–903)" over several runs; one run: "850". */
function spreadText(s: Spread, runs: number): string {
  return runs > 1 ? `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})` : ms(s.median);
}

function lostText(s: Summary, runs: number): string {
  return runs > 1 && s.lost > 0 ? `${s.lost} (per run: ${s.lostPerRun.join(", ")})` : String(s.lost);
}

function groupBy<K extends string>(visits: Visit[], key: (v: Visit) => K): Map<K, Visit[]> {
  const groups = new Map<K, Visit[]>();
  for (const v of visits) groups.set(key(v), [...(groups.get(key(v)) ?? []), v]);
  return groups;
}

function overallTable(overall: Summary, runs: number): string {
  return [
    "| Taps | Lost | Median (ms) | p90 (ms) | Worst (ms) | Worst per run (ms) |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${overall.taps} | ${lostText(overall, runs)} | ${spreadText(overall.median, runs)} | ${spreadText(overall.p90, runs)} ` +
      `| ${ms(overall.worst)} | ${spreadText(overall.worstPerRun, runs)} |`,
  ].join("\n");
}

function kindTable(visits: Visit[], runs: number): string {
  const rows = [...groupBy(visits, (v) => v.kind)].map(([kind, group]) => {
    const s = summarise(group, runs);
    return `| ${KIND_LABEL[kind]} | ${s.taps} | ${lostText(s, runs)} | ${spreadText(s.median, runs)} | ${ms(s.worst)} |`;
  });
  return ["| Control | Taps | Lost | Median (ms) | Worst (ms) |", "|---|---:|---:|---:|---:|", ...rows].join("\n");
}

/** One row per page: its taps over all runs; median of the per-run medians (min–max); the worst tap. */
function pageTable(visits: Visit[], runs: number): string {
  const rows = [...groupBy(visits, (v) => v.page)].map(([page, group]) => {
    const s = summarise(group, runs);
    const controls = [
      ...groupBy(
        group.filter((v) => v.run === group[0]!.run),
        (v) => v.kind,
      ),
    ]
      .map(([kind, g]) => (kind === "menu" ? "menu" : `${g.length} ${kind === "faq" ? "FAQ" : "footer"}`))
      .join(", ");
    return `| \`${page}\` | ${controls} | ${s.taps} | ${lostText(s, runs)} | ${spreadText(s.median, runs)} | ${ms(s.worst)} |`;
  });
  return [
    "| Page | Controls | Taps | Lost | Median (ms) | Worst (ms) |",
    "|---|---|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

function visitsTable(visits: Visit[]): string {
  const yesNo = (b: boolean | null): string => (b === null ? "—" : b ? "yes" : "no");
  const rows = visits.map(
    (v) =>
      `| ${v.run} | ${v.tap} | \`${v.page}\` | ${v.kind} | ${v.name.replace(/\|/g, "\\|").slice(0, 60)} | ${v.error ? `error: ${v.error.replace(/\|/g, "\\|")}` : ms(v.lost ? Infinity : v.ms)} ` +
      `| ${ms(v.fcpMs)} | ${ms(v.tapAfterFcpMs)} | ${ms(v.inputDelayMs)} | ${yesNo(v.hydratedAtTap)} |`,
  );
  return [
    "| Run | Tap | Page | Control | Label | Tap → response (ms) | FCP (ms) | Tap after FCP (ms) | Input delay (ms) | Hydrated at tap |",
    "|---:|---|---|---|---|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

/** The figures of one tap method: the targets, overall, per kind of control, per page. */
function methodSection(visits: Visit[], runs: number): string {
  const overall = summarise(visits, runs);
  const checks = targetChecks(overall)
    .map((c) => `${c.met ? "✅" : "❌"} ${c.name} (${c.value})`)
    .join(" · ");
  const measured = visits.filter((v) => !v.error);
  const early = measured.filter((v) => v.hydratedAtTap === false).length;
  const tapAfterFcp = measured.flatMap((v) => (v.tapAfterFcpMs === null ? [] : [v.tapAfterFcpMs]));
  const errors = visits.filter((v) => v.error);
  return [
    `Targets (issue 12): ${checks}`,
    "",
    overallTable(overall, runs),
    "",
    kindTable(visits, runs),
    "",
    pageTable(visits, runs),
    "",
    `The tap came a median ${ms(median(tapAfterFcp))} ms after the first contentful paint (up to ${ms(tapAfterFcp.length ? Math.max(...tapAfterFcp) : NaN)} ms); ` +
      `${early} of ${measured.length} taps came before the page had hydrated.`,
    ...(errors.length
      ? [
          "",
          `**Not measured**: ${errors.length} visit(s), not counted above: ` +
            errors.map((v) => `run ${v.run} \`${v.page}\` ${v.kind} #${v.index + 1}: ${v.error}`).join("; "),
        ]
      : []),
  ].join("\n");
}

function markdownReport(visits: Visit[], meta: Meta): string {
  const { runs, env } = meta;
  const intro =
    `${meta.date} · ${runs} run(s) · production build on 127.0.0.1 · phone: 390 × 844, touch, device scale factor 3, ` +
    `CPU ${CPU_SLOWDOWN}× slower (CDP) · a fresh browser context (empty cache) per tap, tapped as soon as Chromium reports the first contentful paint · ` +
    `lost: no response within ${LOST_AFTER_MS / 1000} s · Chromium ${env.chromium} · ${machineNote(env)}`;
  const sections = meta.tap.map(
    (method) =>
      `## Tap: ${method}\n\n${TAP_TEXT[method]}.\n\n${methodSection(
        visits.filter((v) => v.tap === method),
        runs,
      )}`,
  );
  const how =
    "**Tap → response**: from the tap (the pointerdown/touchstart event's timestamp, when the touch reached the page) " +
    "to the first animation frame in which the control's panel is visible (`checkVisibility()`; a <details>: open, its content visible), " +
    `measured in the page; no response within ${LOST_AFTER_MS / 1000} s: lost. A lost tap counts as slower than any answer in the median and p90. ` +
    `**Median**, **p90** and **worst per run**: the median of the runs' figures (min–max over the ${runs} run(s)); **worst**: the slowest tap of all runs. ` +
    "**Tap after FCP**: how soon after the first contentful paint the tap came. **Input delay**: from the tap until the page's listener ran (a busy main thread).";
  return [
    "# First-interaction benchmark",
    "",
    intro,
    "",
    ...sections.flatMap((section) => [section, ""]),
    how,
    "",
    folded("Every tap", visitsTable(visits)),
    "",
  ].join("\n");
}

const TAP_TEXT: Record<TapMethod, string> = {
  point:
    "A touch at the control's centre (`page.touchscreen.tap`; a control below the fold is scrolled into view at DOMContentLoaded), " +
    "sent as soon as Chromium reports the first contentful paint: nothing waits for the page's main thread, as for a finger",
  locator:
    "Playwright's `locator.tap()` as soon as Chromium reports the first contentful paint; its actionability checks wait for " +
    "the page's main thread, so on a busy page the touch goes out later",
};

/** JSON cannot hold Infinity: a lost figure is written as "lost". */
const jsonReplacer = (_key: string, value: unknown): unknown => (value === Infinity ? "lost" : value);

function writeReport(out: string, visits: Visit[], targets: Target[], meta: Meta): void {
  const figures = (group: Visit[]) => {
    const overall = summarise(group, meta.runs);
    const by = (key: (v: Visit) => string) =>
      Object.fromEntries([...groupBy(group, key)].map(([k, g]) => [k, summarise(g, meta.runs)]));
    return { targetChecks: targetChecks(overall), overall, byKind: by((v) => v.kind), byPage: by((v) => v.page) };
  };
  const json = {
    date: meta.date,
    runs: meta.runs,
    environment: meta.env,
    setup: { phone: PHONE, cpuSlowdown: CPU_SLOWDOWN, lostAfterMs: LOST_AFTER_MS, chromiumArgs },
    targets: TARGETS,
    results: Object.fromEntries(meta.tap.map((method) => [method, figures(visits.filter((v) => v.tap === method))])),
    controls: targets,
    visits,
  };
  writeResults(out, json, markdownReport(visits, meta), undefined, jsonReplacer);
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function runAll(browser: Browser, base: string, targets: Target[], options: Options): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const target of targets) {
      // Methods side by side, so that other work on the machine weighs on each alike.
      for (const method of options.tap) {
        const v = await visit(browser, base, target, run, method);
        visits.push(v);
        const outcome = v.error ? `error: ${v.error}` : v.lost ? "LOST" : `${ms(v.ms)} ms`;
        log(`run ${run} ${method} ${target.page} ${target.kind} "${target.name.slice(0, 40)}": ${outcome}`);
      }
    }
  }
  return visits;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const pages = selectPages(
    options.only,
    sitePages.map((p) => p.path),
  );
  requireBuild(options.build, log, "or run without --no-build");

  return withSiteAndBrowser("bench_first_interaction", async ({ server }, browser) => {
    const targets = await discoverTargets(browser, server.base, pages);
    log(
      `server up at ${server.base}; ${targets.length} control(s) on ${pages.length} page(s) × ${options.runs} run(s)`,
    );

    const loadBefore = loadavg()[0]!;
    const visits = await runAll(browser, server.base, targets, options);
    const loadAfter = loadavg()[0]!;

    const env = { chromium: browser.version(), ...machine(loadBefore, loadAfter) };
    const meta: Meta = { date: new Date().toISOString(), runs: options.runs, tap: options.tap, env };
    writeReport(options.out, visits, targets, meta);

    for (const method of options.tap) {
      const group = visits.filter((v) => v.tap === method);
      const overall = summarise(group, options.runs);
      process.stdout.write(
        `\nTap: ${method}\n${overallTable(overall, options.runs)}\n\n${pageTable(group, options.runs)}\n`,
      );
      for (const c of targetChecks(overall))
        log(`${method}: target ${c.name} ${c.met ? "met" : "MISSED"} (${c.value})`);
    }
    log(`wrote bench/results/${options.out}.{json,md}`);
    return measuredExitCode(visits.filter((v) => v.error).length, log);
  });
}

runMain(main, log);
