/**
 * The exit-intent popup's rules (spec section 4), used by the page script
 * (app/page-script/page-script.server.ts), which watches for the intent on every
 * page from the first paint.
 */

/** The local-storage key of the "already shown" flag (named in the cookie policy). */
export const exitPopupStorageKey = "exitPopupShown";

/**
 * Pages where the popup never shows: the newsletter's own pages, the test
 * dashboard, and the payment pages (never interrupt a checkout).
 * Self-contained: the page script receives it serialised.
 */
export function exitPopupExcluded(pathname: string): boolean {
  return /^\/(newsletter|test-forms|consultation-payment|consultation-success|test-payment|test-payment-success)(\/|$)/.test(
    pathname,
  );
}
