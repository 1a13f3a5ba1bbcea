/**
 * Course bookings as the tests make them: a site of a test file's own to
 * book on, and the booking form a real booker posts.
 */
import type { StartOptions } from "../../harness/servers.ts";
import type { Launcher } from "../e2e/fixtures.ts";

/**
 * A site of the test file's own (from `launcher`) with an SMTP server of its
 * own, set for a test to book at its own pace: the rate limits out of its
 * way and no bot timer.
 */
export const startBookingSite = (launcher: Launcher, name: string, options: Omit<StartOptions, "name" | "env"> = {}) =>
  launcher.siteWithMail({
    ...options,
    name,
    env: { RATE_LIMIT_MAX: "100000", BOOKING_RATE_LIMIT_MAX: "100000", FORM_MIN_FILL_SECONDS: "0" },
  });

/**
 * A real booker's course booking form, as the booking page posts it: one
 * named place (the booker), by invoice unless `over` says otherwise, shown
 * five seconds ago (slower than the bot timer) with an empty honeypot.
 */
export const bookingFormFields = (email: string, over: Record<string, string> = {}): Record<string, string> => ({
  places: "1",
  bookerName: "Katherine Johnson",
  bookerEmail: email,
  bookerPhone: "020 7946 0002",
  organisation: "Orbital Ltd",
  bookerJobTitle: "Head of Finance",
  addressLine1: "3 Example Road",
  city: "Bristol",
  postcode: "BS1 1AA",
  country: "United Kingdom",
  "delegate-0-name": "Katherine Johnson",
  "delegate-0-email": email,
  paymentMethod: "invoice",
  acceptTerms: "on",
  website: "",
  formStartedAt: String(Date.now() - 5_000),
  ...over,
});
