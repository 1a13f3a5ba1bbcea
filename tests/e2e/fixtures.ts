/**
 * What the end-to-end tests share, as Playwright fixtures: every spec file
 * imports `test` and `expect` from here.
 *
 * - `baseURL`: the shared site started by tests/e2e/global-setup.ts.
 * - `mailbox`: the e-mails that site sent (a real SMTP server received them).
 * - `siteDb`: read-only queries on that site's SQLite database.
 * - `siteWith(name)`: a site apart from the shared one, with one of the named
 *   settings of tests/e2e/shared-site.ts (`apartSites`), started once per
 *   worker and shared by the files of that worker that name it.
 * - `servers` (per test) and `launcher` (per worker, for beforeAll): start a
 *   site, an SMTP server, the Stripe-shaped server or a PostgreSQL schema of
 *   a test's own, each on a free port; all are stopped (and their data
 *   removed) when the test, or the worker, ends.
 */
import { rmSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe, type FakeStripeOptions } from "../../harness/fake-stripe.ts";
import { Mailbox, uniqueEmail } from "../../harness/mail.ts";
import { insertStaff, signInBySession } from "../support/staff.ts";
import {
  createPgSchema,
  createSmtpSink,
  dropPgSchema,
  freshDataDir,
  sqliteQuery,
  startSite,
  teamAddress,
  type Row,
  type SiteServer,
  type SmtpSink,
  type StartOptions,
} from "../../harness/servers.ts";
import { apartSites, type ApartSiteName } from "./shared-site.ts";
import { APP_NEEDED_EVENT } from "../../app/page-script/deferred-hydration.server.ts";

export { expect };
export { axeViolations } from "../../harness/axe.ts";
export { uniqueEmail, type ReceivedEmail } from "../../harness/mail.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e tests run through playwright.config.ts (globalSetup)`);
  return value;
}

/** The site every browser test shares (tests/e2e/global-setup.ts). */
export type SharedSite = { baseURL: string; dataDir: string; smtpDir: string; stripeUrl: string };

/** Starts servers of a test's own and stops every one of them at the end. */
export class Launcher {
  private readonly stops: (() => Promise<void>)[] = [];

  /** The production site on a free port with a fresh DATA_DIR (or the one given, for a restart). */
  async site(options: StartOptions): Promise<SiteServer> {
    const server = await startSite(options);
    this.stops.push(async () => {
      await server.kill();
      if (!options.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
    });
    return server;
  }

  /** A real SMTP server on a free port, writing to a fresh folder; `mailbox` reads it. */
  async smtp(name: string, options: { listen?: boolean } = {}): Promise<SmtpSink & { mailbox: Mailbox }> {
    const dir = `${freshDataDir(name)}-smtp`;
    const sink = await createSmtpSink({ dir, ...options });
    this.stops.push(async () => {
      await sink.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    return Object.assign(sink, { mailbox: new Mailbox(dir, teamAddress) });
  }

  /** A site (as `site`) sending its e-mail to an SMTP server of its own (as `smtp`), whose `mailbox` it carries. */
  async siteWithMail(options: StartOptions): Promise<SiteServer & { mailbox: Mailbox }> {
    const smtp = await this.smtp(`${options.name}-smtp`);
    const site = await this.site({ ...options, env: { ...options.env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    return Object.assign(site, { mailbox: smtp.mailbox });
  }

  /** The Stripe-shaped test server on a free port. */
  async stripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
    const fake = await startFakeStripe(options);
    this.stops.push(() => fake.close());
    return fake;
  }

  /** A fresh PostgreSQL schema in the test database, dropped at the end. */
  async pgSchema(prefix: string): Promise<string> {
    const schema = await createPgSchema(prefix);
    this.stops.push(() => dropPgSchema(schema));
    return schema;
  }

  /** A folder under .e2e/ removed at the end. */
  dataDir(name: string): string {
    const dir = freshDataDir(name);
    this.stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  async stopAll() {
    const errors: unknown[] = [];
    for (const stop of this.stops.splice(0).reverse()) {
      await stop().catch((error: unknown) => errors.push(error));
    }
    if (errors.length) throw errors[0];
  }
}

/** A site of `apartSites`, carrying the mailbox of its SMTP server if it has one. */
export type ApartSite<N extends ApartSiteName> = SiteServer &
  ((typeof apartSites)[N]["mail"] extends true ? { mailbox: Mailbox } : object);

/** The name of the administrator `adminPage` signs in as. */
export const adminName = "Alex Admin";

type TestFixtures = {
  servers: Launcher;
  /**
   * `page` on the shared site's back office overview, signed in as the
   * worker's administrator (`workerAdmin`) by a fresh session of its own
   * written into the database (no sign-in pages: admin.spec.ts and
   * account.spec.ts sign in through them).
   */
  adminPage: Page;
};
type WorkerFixtures = {
  sharedSite: SharedSite;
  mailbox: Mailbox;
  siteDb: (sql: string, params?: unknown[]) => Row[];
  launcher: Launcher;
  /** An administrator account named `adminName` on the shared site, one per worker (tests/support/staff.ts insertStaff). */
  workerAdmin: { id: string; email: string; key: string };
  siteWith: <N extends ApartSiteName>(name: N) => Promise<ApartSite<N>>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sharedSite: [
    async ({}, use) =>
      use({
        baseURL: required("E2E_BASE_URL"),
        dataDir: required("E2E_DATA_DIR"),
        smtpDir: required("E2E_SMTP_DIR"),
        stripeUrl: required("E2E_STRIPE_URL"),
      }),
    { scope: "worker" },
  ],
  baseURL: async ({ sharedSite }, use) => use(sharedSite.baseURL),
  mailbox: [async ({ sharedSite }, use) => use(new Mailbox(sharedSite.smtpDir, teamAddress)), { scope: "worker" }],
  siteDb: [
    async ({ sharedSite }, use) => use((sql, params = []) => sqliteQuery(sharedSite.dataDir, sql, params)),
    { scope: "worker" },
  ],
  launcher: [
    async ({}, use) => {
      const launcher = new Launcher();
      await use(launcher);
      await launcher.stopAll();
    },
    { scope: "worker" },
  ],
  workerAdmin: [
    async ({ sharedSite }, use) =>
      use(await insertStaff(sharedSite.dataDir, { email: uniqueEmail("admin"), name: adminName })),
    { scope: "worker" },
  ],
  siteWith: [
    async ({}, use) => {
      const launcher = new Launcher();
      const sites = new Map<ApartSiteName, Promise<SiteServer>>();
      await use(<N extends ApartSiteName>(name: N) => {
        let site = sites.get(name);
        if (!site) {
          const { mail, env } = apartSites[name];
          const options = { name: `apart-${name}`, env };
          site = mail ? launcher.siteWithMail(options) : launcher.site(options);
          sites.set(name, site);
        }
        return site as Promise<ApartSite<N>>;
      });
      await launcher.stopAll();
    },
    { scope: "worker" },
  ],
  adminPage: async ({ page, sharedSite, workerAdmin }, use) => {
    await signInBySession(page.context(), sharedSite, workerAdmin.id);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await use(page);
  },
  servers: async ({}, use) => {
    const launcher = new Launcher();
    await use(launcher);
    await launcher.stopAll();
  },
});

/**
 * `test` on a site of the worker's own (`ownSite`), started as `name` with
 * `env`: the site its pages open.
 */
export const testOnOwnSite = (name: string, env: Record<string, string>) =>
  test.extend<object, { ownSite: SiteServer }>({
    ownSite: [async ({ launcher }, use) => use(await launcher.site({ name, env })), { scope: "worker" }],
    baseURL: async ({ ownSite }, use) => use(ownSite.baseURL),
  });

/**
 * Opens a page and waits until React has hydrated it. A reading page starts
 * React only on demand (ADR 020): the test asks for it the way the page
 * itself does (the exit popup's trigger), with the app-needed event.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrate(page);
  return response;
}

/** Asks the page now open for React, as the page itself does, and waits until it has hydrated. */
export async function hydrate(page: Page) {
  await page.evaluate((event) => document.dispatchEvent(new Event(event)), APP_NEEDED_EVENT);
  await expectHydrated(page);
}

/**
 * Opens a page with the app's JavaScript refused (every script under /assets/):
 * what a visitor has between the first paint and the moment React takes over,
 * or for good when the scripts fail to load.
 */
export async function gotoWithoutApp(page: Page, path: string) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return page.goto(path);
}

/**
 * Holds the app's code back (its entry script waits) until `release()`: the
 * visitor taps and types into the server's HTML, then React arrives.
 */
export async function holdApp(page: Page): Promise<{ release: () => void }> {
  return holdRequests(page, "**/assets/entry.client-*.js");
}

/**
 * Holds an island's entry back (ADR 090) until `release()`: on a page without
 * React Router the visitor taps and types into the server's HTML, then the
 * island wakes.
 */
export async function holdIsland(page: Page, name: string): Promise<{ release: () => void }> {
  return holdRequests(page, `**/assets/islands/${name}-*.js`);
}

/** Records the app's scripts (/assets/*.js) the page requests from now on. */
export function appScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Waits until the island `name` has woken (hydrated). */
export async function expectIslandAwake(page: Page, name: string) {
  await expect(page.locator(`[data-island="${name}"]`)).toHaveAttribute("data-island-awake", "", { timeout: 10_000 });
}

/**
 * Holds back the page's requests to `url` (a glob) until `release()`: what
 * the page shows while an answer is on its way (a form being sent).
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/**
 * From now on the page's requests to `url` (a glob) get this JSON answer, in
 * place of any route set for them before: a refusal or a failure as the
 * server would send it.
 */
export async function answerWithJson(page: Page, url: string, status: number, json: unknown) {
  await page.unroute(url);
  await page.route(url, (route) => route.fulfill({ status, json }));
}

/** Waits until React has hydrated the page. */
export async function expectHydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
}

/**
 * Records analytics events sent through a page-provided gtag function. They
 * are kept here, in the test, so an event sent just before the page is left
 * (a link to another document) is kept too.
 */
export async function recordAnalytics(page: Page) {
  const events: unknown[][] = [];
  await page.exposeBinding("__recordAnalytics", (_source, args: unknown[]) => {
    events.push(args);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { gtag: (...args: unknown[]) => void; __recordAnalytics: (a: unknown[]) => void };
    w.gtag = (...args: unknown[]) => void w.__recordAnalytics(args);
  });
  return async () => [...events];
}

/**
 * Stops the page's clock (installed with page.clock.install) a moment ahead
 * of where it is (it can only move forward, and it runs while we ask it the
 * time): from then on its timers run only as far as page.clock.runFor moves
 * them. Call it before the action whose timer the test measures.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/**
 * A public page that still starts React Router's app (after the first paint):
 * a payment's return page, which asks the server for the payment's outcome.
 * The tests of the app's scripts (their caching, their deferred start) read
 * them from it.
 */
export const appPagePath = "/consultation-success";

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The "without JavaScript" group of a spec: its tests run with the browser's JavaScript off. */
export function withoutJavaScript(tests: () => void) {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    tests();
  });
}

/**
 * Publishes a content editor's draft whose publishing changes what someone
 * already has: "Publish now" warns first (the alert says `warning`), and
 * publishes once the editor has ticked that they read it.
 */
export async function publishAfterWarning(page: Page, warning: string) {
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("alert")).toContainText(warning);
  await page.getByRole("checkbox", { name: /I have read what publishing this changes/ }).check();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published: it is on the site now" })).toBeVisible();
}
