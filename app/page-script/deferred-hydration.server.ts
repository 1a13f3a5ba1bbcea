/**
 * Deferred hydration (docs/decisions/020-javascript-by-page.md, which replaced 003).
 *
 * React Router puts `<link rel="modulepreload">` for every chunk a page needs
 * in the head and starts them with an inline module script. On a slow phone
 * those ~120 KB of JavaScript compete with the first paint, although the
 * server-rendered HTML is already complete and readable without them.
 *
 * This rewrites the finished HTML so that the page paints first: the preload
 * links are removed, React Router's bootstrap module and its route data
 * scripts are kept as inert text, and a small loader runs them (with the
 * preloads) after the first paint (below). Pages in islands mode
 * (app/page-script/hydration.ts) have no React Router scripts at all. Links,
 * forms and the menus (popovers, <details>) work as plain HTML in the
 * meantime, and the page script (page-script.server.ts) handles the rest of
 * what a page does from the start.
 */

const modulePreload = /<link\s+rel="modulepreload"\s+href="([^"]+)"[^>]*\/?>/g;
const moduleScript = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/;
/** React Router's route data, streamed into the page as scripts at its end. */
const dataScript = /<script\b([^>]*)>(window\.__reactRouterContext\.streamController\.[\s\S]*?)<\/script>/g;
export const DEFERRED_DATA_TYPE = "text/x-deferred-data";

export const BOOT_ID = "rr-boot";

/** The event (on document) with which the page asks for the app: the page script's exit intent. */
export const APP_NEEDED_EVENT = "app:needed";

/**
 * The loader's triggers (a page in `after-paint` mode, app/page-script/hydration.ts):
 * the first contentful paint, the visitor's first interaction, 4 s, or the
 * page asking for the app (APP_NEEDED_EVENT), whichever comes first. (The
 * pages that waited for a form's focus, `on-demand`, are islands since ADR 093.)
 */

// The route data scripts run first, in order; if the page is still being
// parsed, boot waits for the end of it (the data scripts come last).
const bootFunction = `var d=document,done=0;function boot(){if(done)return;if(d.readyState==="loading"){d.addEventListener("DOMContentLoaded",boot);return}done=1;d.querySelectorAll('script[type="${DEFERRED_DATA_TYPE}"]').forEach(function(o){var c=d.createElement("script");if(o.nonce)c.nonce=o.nonce;c.textContent=o.textContent;o.replaceWith(c)});var s=d.getElementById("${BOOT_ID}");JSON.parse(s.getAttribute("data-preload")).forEach(function(h){var l=d.createElement("link");l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var m=d.createElement("script");m.type='module';if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;d.body.appendChild(m)}addEventListener("${APP_NEEDED_EVENT}",boot,{capture:true});`;

const afterPaint = `["pointerdown","keydown","touchstart","focusin"].forEach(function(e){addEventListener(e,boot,{once:true,passive:true,capture:true})});setTimeout(boot,4000);try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(boot,0)}).observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(boot,0)})}`;

/** The loader. Its text is fixed per build, so prerendered pages allow it by hash. */
export const bootLoader = `(function(){${bootFunction}${afterPaint}})();`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * Rewrites a complete HTML document as described above. Returns the input
 * unchanged when it has no React Router bootstrap module (e.g. an error page
 * rendered without scripts).
 */
export function deferHydration(html: string, nonce?: string): string {
  const boot = moduleScript.exec(html);
  if (!boot) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(modulePreload, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : "";
  const inert =
    `<script type="text/x-deferred-module" id="${BOOT_ID}"${nonceAttribute}` +
    ` data-preload='${escapeAttribute(JSON.stringify(preloads))}'>${boot[3]}</script>` +
    `<script${nonceAttribute}>${bootLoader}</script>`;
  // The route data is for React: inert too, so that a page that may never
  // start it does not parse and run it right after its first paint.
  return withoutPreloads
    .replace(moduleScript, () => inert)
    .replace(
      dataScript,
      (_tag, attributes: string, code: string) => `<script type="${DEFERRED_DATA_TYPE}"${attributes}>${code}</script>`,
    );
}
