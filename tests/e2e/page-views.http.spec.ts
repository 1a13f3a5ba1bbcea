/**
 * Page views as the server counts them (app/analytics): a person's browser
 * opening a page counts, and so does the page script's beacon for a page
 * the browser had prefetched; a known bot, a prefetch, a non-page and a
 * beacon for no page of the site do not. Nothing about the visitor is kept.
 */
import { pollUntil, rawRequest, sqliteQuery } from "../../harness/servers.ts";
import { expect, test } from "./fixtures.ts";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const open = (path: string, headers: Record<string, string> = {}) => ({
  path,
  headers: { "User-Agent": chrome, "Sec-Fetch-Dest": "document", Accept: "text/html", ...headers },
});

test("views are counted per page for people's browsers only; prefetched pages when opened", async ({ servers }) => {
  // Counts are written every 0.2 s here (PAGE_VIEWS_FLUSH_SECONDS), not every 5 s.
  const site = await servers.site({ name: "page-views", env: { PAGE_VIEWS_FLUSH_SECONDS: "0.2" } });
  const views = (path: string) =>
    sqliteQuery(site.dataDir, "SELECT day, views FROM page_views WHERE path = ?", [path]) as {
      day: string;
      views: number;
    }[];

  const statuses = [
    (await rawRequest(site.baseURL, open("/about"))).status, // counted
    (await rawRequest(site.baseURL, open("/about/"))).status, // the same page: counted
    (
      await rawRequest(
        site.baseURL,
        open("/about", { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }),
      )
    ).status,
    (await rawRequest(site.baseURL, open("/about", { "Sec-Purpose": "prefetch" }))).status,
    (await rawRequest(site.baseURL, open("/no-such-page"))).status,
    (await rawRequest(site.baseURL, open("/about", { "Sec-Fetch-Dest": "image" }))).status,
    (await rawRequest(site.baseURL, { ...open("/api/page-view"), method: "POST", body: "/about" })).status, // counted
    (await rawRequest(site.baseURL, { ...open("/api/page-view"), method: "POST", body: "/no-such-page" })).status,
    (
      await rawRequest(site.baseURL, {
        ...open("/api/page-view", { "User-Agent": "curl/8.5.0" }),
        method: "POST",
        body: "/about",
      })
    ).status,
  ];
  expect(statuses).toEqual([200, 200, 200, 200, 404, 200, 204, 204, 204]);
  // The last view: once it is written, everything before it is too.
  await rawRequest(site.baseURL, open("/terms"));
  expect(await pollUntil(() => views("/terms").length === 1, 15_000, 50)).toBe(true);
  expect(views("/about").map((r) => Number(r.views))).toEqual([3]);
  expect(views("/no-such-page")).toEqual([]);
  expect(Object.keys(sqliteQuery(site.dataDir, "SELECT * FROM page_views LIMIT 1")[0]!).sort()).toEqual([
    "day",
    "path",
    "views",
  ]);
});
