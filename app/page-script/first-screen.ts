/**
 * The inline style element that the root layout renders empty and the server
 * render fills with the first screen's styles (critical-css.server.ts, ADR 089).
 */
export const FIRST_SCREEN_CSS_ID = "first-screen-css";

/** The whole stylesheet's link, applied by the page script once it has arrived. */
export const SITE_CSS_ATTRIBUTE = "data-site-css";
