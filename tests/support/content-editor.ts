/**
 * What the content editor's end-to-end tests share: signing in as an editor
 * of a site of the test's own, opening a back-office page once React has it,
 * a London time for the schedule field, and the scheduler's publishing job
 * run against the site's database (as a second instance would run it).
 */
import { localDateTimeValue } from "~/time/london.ts";
import type { BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "../../app/data/db.server.ts";
import { silentLogger } from "../../app/observability/log.server.ts";
import { scheduledPublishingJob, type SiteContent } from "../../app/publishing/site-content.server.ts";
import { expectHydrated, uniqueEmail } from "../e2e/fixtures.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { insertStaff, newStaffInBrowser, signInBySession } from "./staff.ts";

/** Signs a new staff account in on `site` (an administrator: it may edit the site), by a session. */
export async function signInEditor(page: Page, site: SiteServer, name = "Eddie Editor") {
  await newStaffInBrowser(page, site, { email: uniqueEmail("editor"), name });
}

/** A new account on `site` that edits the site (and nothing else), or with `role`, written into its database; its id. */
export async function newSiteEditor(site: SiteServer, name: string, role: "site" | "admin" = "site"): Promise<string> {
  return (await insertStaff(site.dataDir, { email: uniqueEmail("site-editor"), name, role })).id;
}

/** Signs the browser `context` in on `site` as account `userId`: a fresh session of its own (no sign-in pages). */
export async function signInAs(context: BrowserContext, site: SiteServer, userId: string) {
  await signInBySession(context, site, userId);
}

/** Opens a back-office page and waits for React (what is typed before it arrives is the browser's alone). */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await expectHydrated(page);
}

/** `at` as the schedule field takes it: London time, to the minute (YYYY-MM-DDTHH:MM). */
export function londonMinute(at: Date): string {
  return localDateTimeValue(at, "Europe/London");
}

/**
 * Runs the scheduler's publishing job on `site`'s database as it would run
 * at `now` (another instance's run: the site serves what it published within
 * its one-second poll); returns the job's result.
 */
export async function runScheduledPublishing(site: SiteServer, now: Date) {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    // This process serves no pages: there is nothing of its own to refresh.
    const content = { refresh: async () => false } as Pick<SiteContent, "refresh"> as SiteContent;
    const job = scheduledPublishingJob({ db: handle.db, content, log: silentLogger });
    return await job.run({ now, signal: new AbortController().signal });
  } finally {
    await handle.close();
  }
}
