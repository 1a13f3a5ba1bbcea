/**
 * The islands loader (ADR 090): the inline script of a page in islands mode
 * (hydration.ts), in place of React Router's scripts. An island wakes (its
 * entry is fetched and hydrates it) when focus enters it, which is when a
 * visitor starts using a form; every island wakes when the page asks for the
 * app (APP_NEEDED_EVENT: the exit intent, or a test), and once all have,
 * <html> is marked `data-hydrated`. An island that has woken is marked
 * ISLAND_AWAKE_ATTRIBUTE. A failed fetch leaves the island as
 * server HTML (its form still posts) and the next focus tries again.
 * An island marked ISLAND_WAKE_ATTRIBUTE (ADR 093) wakes as the page loads:
 * always (`at-load`), or when sessionStorage holds its key (`stored:<key>`).
 */
import { APP_NEEDED_EVENT } from "~/page-script/deferred-hydration.server.ts";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_AWAKE_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_ATTRIBUTE,
  ISLAND_WAKE_STORED_PREFIX,
} from "./names.ts";
import { islandUrls } from "./urls.server.ts";

export function islandsLoader(urls: Partial<Record<string, string>>): string {
  const selector = `[${ISLAND_ATTRIBUTE}]`;
  return (
    `(function(){var u=${JSON.stringify(urls)},d=document;` +
    `function wake(e){if(e.__island)return e.__island;var n=e.getAttribute("${ISLAND_ATTRIBUTE}");` +
    `if(!u[n])return Promise.resolve();` +
    `var p=e.__island=import(u[n]).then(function(m){return m.default(e,JSON.parse(e.getAttribute("${ISLAND_PROPS_ATTRIBUTE}")))});` +
    `p.then(function(){e.setAttribute("${ISLAND_AWAKE_ATTRIBUTE}","")},function(x){e.__island=null;console.error(x)});return p}` +
    `addEventListener("focusin",function(v){var t=v.target,i=t&&t.closest&&t.closest('${selector}');if(i)wake(i)},{passive:true,capture:true});` +
    `[].forEach.call(d.querySelectorAll("[${ISLAND_WAKE_ATTRIBUTE}]"),function(e){var w=e.getAttribute("${ISLAND_WAKE_ATTRIBUTE}"),s=null;` +
    `if(w.indexOf("${ISLAND_WAKE_STORED_PREFIX}")===0)try{s=sessionStorage.getItem(w.slice(${ISLAND_WAKE_STORED_PREFIX.length}))}catch(x){}` +
    `if(w==="at-load"||s!==null)wake(e)});` +
    `addEventListener("${APP_NEEDED_EVENT}",function(){Promise.all([].map.call(d.querySelectorAll('${selector}'),wake)).then(function(){d.documentElement.setAttribute("data-hydrated","true")},function(){})},{capture:true})})();`
  );
}

/** This build's loader text (fixed per build: prerendered pages allow it by hash). */
export const islandsLoaderText = islandsLoader(islandUrls);
