/**
 * The site's stylesheet, read for each page's first screen (ADR 089): the
 * server render fills the root layout's empty style element with the rules
 * the page's first screen can use (critical-css.server.ts).
 */
import siteCss from "../app.css?inline";
import { criticalCss, firstScreen, indexStylesheet, namesIn, type StylesheetIndex } from "./critical-css.server.ts";
import { FIRST_SCREEN_CSS_ID, SITE_CSS_ATTRIBUTE } from "./first-screen.ts";

let siteIndex: StylesheetIndex | undefined;

/**
 * The rules kept for each set of names seen lately: pages rendered for each
 * request (a form's answer, the booker's page) show the same first screen
 * with other words, and the reading is the costlier half. Bounded: emptied
 * when full.
 */
const keptFor = new Map<string, string>();
const keptForLimit = 500;

/** The site stylesheet's rules that a page's first screen can use (read once, on the first page). */
export function firstScreenCss(html: string): string {
  siteIndex ??= indexStylesheet(siteCss);
  const names = namesIn(firstScreen(html));
  const key = `${[...names.classes].sort().join(" ")}|${[...names.tags].sort().join(" ")}`;
  let css = keptFor.get(key);
  if (css === undefined) {
    if (keptFor.size >= keptForLimit) keptFor.clear();
    css = criticalCss(siteIndex, names);
    keptFor.set(key, css);
  }
  return css;
}

const placeholder = new RegExp(`(<style\\b[^>]*\\bid="${FIRST_SCREEN_CSS_ID}"[^>]*>)(</style>)`);

/** A finished page with its first screen's styles inline; a page without the placeholder (the back office) as it is. */
export function withFirstScreenCss(html: string): string {
  const found = placeholder.exec(html);
  if (!found) return html;
  const css = firstScreenCss(html).replace(/<\/style/gi, "<\\/style");
  return html.slice(0, found.index) + found[1] + css + found[2] + html.slice(found.index + found[0].length);
}

const siteStylesheetLink = new RegExp(`<link\\b[^>]*\\b${SITE_CSS_ATTRIBUTE}\\b[^>]*>`);

/**
 * A page for a document that runs no script (a draft's preview): the whole
 * stylesheet applies from the start, as the page script would make it once
 * it has arrived.
 */
export function withSiteStylesheetApplied(html: string): string {
  return html.replace(siteStylesheetLink, (link) => link.replace(/\smedia="print"/, ""));
}
