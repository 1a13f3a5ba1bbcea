/**
 * A delegate's pre-course questionnaire on a site of a test's own with a
 * real SMTP server (issue 41, ADR 082): a booker books a place on a live
 * online session by invoice and confirms it from their inbox, then the
 * joining job (run here as if its days before were long enough) e-mails the
 * delegate their instructions, whose private link opens the questionnaire.
 */
import type { APIRequestContext } from "@playwright/test";
import { openDatabase } from "../../app/data/db.server.ts";
import { siteCalendar } from "../../app/calendar/business-hours.ts";
import { sendJoiningEmails } from "../../app/orders/course-booking/joining.server.ts";
import { loadKeyring } from "../../app/secrets/keys.server.ts";
import { uniqueEmail, type Mailbox } from "../../harness/mail.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { expect } from "../e2e/fixtures.ts";
import { bookingFormFields } from "./booking-form.ts";

/** A site with an SMTP server of its own, whose mailbox it carries. */
export type SiteWithMail = SiteServer & { mailbox: Mailbox };

/** The live online session booked. */
export const joiningSessionKey = "risk-management-2027-05-online";
const bookingPath = `/courses/risk-management/book/${joiningSessionKey}`;

/** The joining job, run now against the site's database with the site's key, as if its days before were long enough. */
export async function runJoiningJob(site: SiteServer): Promise<number> {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    const { sent } = await sendJoiningEmails(handle.db, {
      now: new Date(),
      mail: { siteUrl: site.baseURL, teamEmail: "team@example.test", calendar: siteCalendar() },
      keys: loadKeyring({ dataDir: site.dataDir }).keys,
      days: { "in-person": 400, online: 400 },
    });
    return sent.length;
  } finally {
    await handle.close();
  }
}

/** A confirmed booking whose one delegate is its booker, their joining instructions sent: the questionnaire's address. */
export async function delegateWithInstructions(
  site: SiteWithMail,
  request: APIRequestContext,
  tag: string,
): Promise<{ email: string; path: string; text: string }> {
  const email = uniqueEmail(tag);
  const booked = await request.post(`${site.baseURL}${bookingPath}`, {
    form: bookingFormFields(email),
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(200);
  const confirm = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(confirm.text)?.[1];
  const confirmed = await request.post(`${site.baseURL}/booking/${token}`, {
    form: { intent: "confirm" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  expect(await runJoiningJob(site)).toBeGreaterThanOrEqual(1);
  const message = await site.mailbox.waitForEmail(email, {
    subject: /^Joining instructions: Enterprise Risk Management/,
  });
  const path = new RegExp(`${site.baseURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/joining/[A-Za-z0-9_-]{43})`).exec(
    message.text,
  )?.[1];
  expect(path, message.text).toBeTruthy();
  return { email, path: path!, text: message.text };
}
