/**
 * The page benchmarks' phone (first-interaction.ts, typing.ts): a fresh
 * browser context (empty cache) on a mid-range phone with the CPU slowed
 * through CDP, a probe installed before any script of the page, and the
 * browser's own word on the first contentful paint.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from "@playwright/test";

/** A mid-range phone: the viewport and CPU slowdown of issues 12 and 42. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
export const CPU_SLOWDOWN = 4;

/** `promise`, or a rejection saying "no `what` within N s" once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Phone = {
  context: BrowserContext;
  page: Page;
  /** The page's CDP session (the CPU slowdown is set on it; Page events are on). */
  cdp: CDPSession;
  /**
   * Resolves when the browser reports the first contentful paint (CDP `Page.lifecycleEvent`
   * "firstContentfulPaint": sent as the paint is recorded, while a PerformanceObserver's
   * callback in the page waits for the page's main thread, busy right then).
   */
  painted: Promise<void>;
  close: () => Promise<void>;
};

/**
 * A fresh context on the phone with the CPU slowed: `bindings` exposed to the page (how
 * the probe calls back), `probe(arg)` installed with `addInitScript` (it runs before any
 * script of the page; serialised, it may use nothing from outside its body), and
 * `beforeOpen` run on the CDP session before Page events are switched on (e.g. Network.enable).
 */
export async function openPhone<A>(
  browser: Browser,
  setup: {
    bindings: Record<string, (value: never) => void>;
    probe: (arg: A) => void;
    arg: A;
    beforeOpen?: (cdp: CDPSession) => Promise<void>;
  },
): Promise<Phone> {
  const context = await browser.newContext(PHONE);
  for (const [name, fn] of Object.entries(setup.bindings)) await context.exposeFunction(name, fn);
  // The arguments are plain JSON: what Playwright hands the page is `arg` itself.
  await context.addInitScript(setup.probe as (arg: unknown) => void, setup.arg);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await setup.beforeOpen?.(cdp);
  const painted = new Promise<void>((resolve) =>
    cdp.on("Page.lifecycleEvent", (event) => {
      if (event.name === "firstContentfulPaint") resolve();
    }),
  );
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  return { context, page, cdp, painted, close: () => context.close() };
}
