/**
 * What the content editor's end-to-end tests share: signing in as an editor
 * of a site of the test's own, opening a back-office page once React has it,
 * a London time for the schedule field, and the scheduler's publishing job
 * run against the site's database (as a second instance would run it).
 */
import type { Page } from "@playwright/test";
import { openDatabase } from "../../app/data/db.server.ts";
import { silentLogger } from "../../app/observability/log.server.ts";
import { scheduledPublishingJob, type SiteContent } from "../../app/publishing/site-content.server.ts";
import { expectHydrated, uniqueEmail } from "../e2e/fixtures.ts";
import type { SiteServer } from "./servers.ts";
import { signInNewStaff } from "./staff.ts";

/** Signs a new staff account in on `site` (an administrator: it may edit the site). */
export async function signInEditor(page: Page, site: SiteServer, name = "Eddie Editor") {
  await signInNewStaff(page, site, { email: uniqueEmail("editor"), name });
}

/** Opens a back-office page and waits for React (what is typed before it arrives is the browser's alone). */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await expectHydrated(page);
}

/** `at` as the schedule field takes it: London time, to the minute (YYYY-MM-DDTHH:MM). */
export function londonMinute(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
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
