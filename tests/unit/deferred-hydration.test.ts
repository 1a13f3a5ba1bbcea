import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_NEEDED_EVENT,
  BOOT_ID,
  bootLoader,
  DEFERRED_DATA_TYPE,
  deferHydration,
} from "~/page-script/deferred-hydration.server.ts";

const code = 'import("/assets/entry.js");';
const page = (head: string, scripts: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>${head}<title>T</title></head>` +
  `<body><main>Hello</main><script>window.__reactRouterContext = {};</script>${scripts}</body></html>`;
const preloads = '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';
const reactRouterHtml = page(preloads, `<script type="module" async="">${code}</script>`);

describe("deferHydration", () => {
  it("drops the preloads and turns the bootstrap module into inert text plus the loader", () => {
    const inert =
      `<script type="text/x-deferred-module" id="rr-boot" data-preload='[&quot;/assets/a.js&quot;,&quot;/assets/b.js&quot;]'>${code}</script>` +
      `<script>${bootLoader}</script>`;
    expect(deferHydration(reactRouterHtml)).toBe(page("", inert));
  });

  it("removes every modulepreload link", () => {
    expect(deferHydration(reactRouterHtml)).not.toMatch(/<link[^>]*modulepreload/);
  });

  it('leaves no type="module" anywhere in the output, the loader included', () => {
    expect(deferHydration(reactRouterHtml)).not.toContain('type="module"');
  });

  it("puts the nonce on both the inert script and the loader", () => {
    const html = deferHydration(reactRouterHtml, "abc123");
    expect(html).toContain(`<script type="text/x-deferred-module" id="${BOOT_ID}" nonce="abc123" data-preload=`);
    expect(html).toContain(`<script nonce="abc123">${bootLoader}</script>`);
  });

  it("keeps the route data scripts as inert text too, in order, with their attributes", () => {
    const enqueue = 'window.__reactRouterContext.streamController.enqueue("[1]");';
    const close = "window.__reactRouterContext.streamController.close();";
    const html = deferHydration(
      page(
        preloads,
        `<script type="module" async="">${code}</script><script nonce="n1">${enqueue}</script><script>${close}</script>`,
      ),
    );
    expect(html).toContain(
      `<script type="${DEFERRED_DATA_TYPE}" nonce="n1">${enqueue}</script><script type="${DEFERRED_DATA_TYPE}">${close}</script>`,
    );
    // The context itself still runs with the page (it is small and React Router's other scripts read it).
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("returns a document without a bootstrap module unchanged", () => {
    const html = page(preloads, "");
    expect(deferHydration(html)).toBe(html);
  });
});

type FakeElement = Record<string, unknown>;

/** Runs the loader against a fake browser and returns what it touched. */
function runLoader(options: { performanceObserver?: boolean; readyState?: string } = {}) {
  const head: FakeElement[] = [];
  const body: FakeElement[] = [];
  /** What ran, in order: the route data scripts (by their text), then the module. */
  const ran: string[] = [];
  const listeners = new Map<string, (event?: unknown) => void>();
  const documentListeners = new Map<string, () => void>();
  const dataScripts = ["enqueue(1)", "close()"].map((text) => ({
    nonce: "n0nce",
    textContent: text,
    replaceWith: (el: FakeElement) => ran.push(`data ${String(el.textContent)} nonce ${String(el.nonce)}`),
  }));
  const observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
  const bootElement = {
    nonce: "n0nce",
    textContent: code,
    getAttribute: (name: string) => (name === "data-preload" ? '["/assets/a.js","/assets/b.js"]' : null),
  };
  const document = {
    readyState: options.readyState ?? "complete",
    addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
    querySelectorAll: (selector: string) => (selector === `script[type="${DEFERRED_DATA_TYPE}"]` ? dataScripts : []),
    head: { appendChild: vi.fn((el: FakeElement) => head.push(el)) },
    body: {
      appendChild: vi.fn((el: FakeElement) => {
        body.push(el);
        ran.push(`module ${String(el.textContent)}`);
      }),
    },
    getElementById: vi.fn((id: string) => (id === BOOT_ID ? bootElement : null)),
    createElement: (tagName: string): FakeElement => ({ tagName }),
  };
  const addEventListener = vi.fn((type: string, listener: (event?: unknown) => void) => listeners.set(type, listener));
  class FakePerformanceObserver {
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe = vi.fn();
  }
  const requestAnimationFrame = vi.fn();
  const run = new Function(
    "document",
    "addEventListener",
    "setTimeout",
    "PerformanceObserver",
    "requestAnimationFrame",
    bootLoader,
  );
  run(
    document,
    addEventListener,
    setTimeout,
    options.performanceObserver === false ? undefined : FakePerformanceObserver,
    requestAnimationFrame,
  );
  return { head, body, ran, document, documentListeners, listeners, observers, requestAnimationFrame };
}

describe("bootLoader", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts React Router after 4 seconds: one preload per href, then the module", () => {
    vi.useFakeTimers();
    const { head, body } = runLoader();
    vi.advanceTimersByTime(3999);
    expect(head).toHaveLength(0);
    expect(body).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(head).toStrictEqual([
      { tagName: "link", rel: "modulepreload", href: "/assets/a.js" },
      { tagName: "link", rel: "modulepreload", href: "/assets/b.js" },
    ]);
    expect(body).toStrictEqual([{ tagName: "script", type: "module", nonce: "n0nce", textContent: code }]);
  });

  it("boots only once, even when the visitor interacts after the timeout", () => {
    vi.useFakeTimers();
    const { head, body, listeners } = runLoader();
    expect([...listeners.keys()]).toStrictEqual([APP_NEEDED_EVENT, "pointerdown", "keydown", "touchstart", "focusin"]);
    vi.advanceTimersByTime(4000);
    listeners.get("pointerdown")?.();
    listeners.get("keydown")?.();
    expect(head).toHaveLength(2);
    expect(body).toHaveLength(1);
  });

  it("boots at the first interaction, and the timeout then adds nothing", () => {
    vi.useFakeTimers();
    const { head, body, listeners } = runLoader();
    listeners.get("focusin")?.();
    expect(body).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(head).toHaveLength(2);
    expect(body).toHaveLength(1);
  });

  it("boots right after the first contentful paint is reported", () => {
    vi.useFakeTimers();
    const { body, observers } = runLoader();
    expect(observers).toHaveLength(1);
    observers[0]?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    vi.advanceTimersByTime(0);
    expect(body).toHaveLength(1);
  });

  it("falls back to the next animation frame without PerformanceObserver", () => {
    const { requestAnimationFrame } = runLoader({ performanceObserver: false });
    expect(requestAnimationFrame).toHaveBeenCalledTimes(1);
  });
});

describe("bootLoader, asked by the page (APP_NEEDED_EVENT)", () => {
  // The 4 s fallback never fires within these tests.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs the route data scripts first, in order, with their nonce, then the module", () => {
    const { ran, listeners } = runLoader();
    listeners.get(APP_NEEDED_EVENT)?.();
    expect(ran).toStrictEqual(["data enqueue(1) nonce n0nce", "data close() nonce n0nce", `module ${code}`]);
  });

  it("asked while the page is still being parsed, waits for the end of it (the data scripts come last)", () => {
    const { ran, listeners, document, documentListeners } = runLoader({ readyState: "loading" });
    listeners.get(APP_NEEDED_EVENT)?.();
    expect(ran).toStrictEqual([]);
    document.readyState = "interactive";
    documentListeners.get("DOMContentLoaded")?.();
    expect(ran).toHaveLength(3);
  });

  it("starts React when the page asks for the app, once", () => {
    const { body, listeners } = runLoader();
    listeners.get(APP_NEEDED_EVENT)?.();
    listeners.get(APP_NEEDED_EVENT)?.();
    expect(body).toHaveLength(1);
  });
});
