/** Which requests are page views (app/analytics/page-view-rules.ts). */
import { describe, expect, it } from "vitest";
import { pageOf, viewedPage } from "~/analytics/page-view-rules.ts";
import { expectOutputs } from "../support/cases.ts";

const pages = new Set(["/", "/about", "/courses/corporate-finance"]);
const chrome =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const view = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  viewedPage(
    {
      method,
      path,
      header: (name) => ({ "user-agent": chrome, "sec-fetch-dest": "document", ...headers })[name],
    },
    pages,
  );

describe("viewedPage", () => {
  it("a browser opening a public page is a view of that page", () => {
    for (const page of ["/about", "/", "/courses/corporate-finance"]) expect(view(page), page).toBe(page);
    expect(view("/about/")).toBe("/about");
  });

  it("not a page of the site, not a document, not a GET: no view", () => {
    for (const path of ["/admin", "/api/geo", "/no-such-page"]) expect(view(path), path).toBeNull();
    expect(view("/about", { "sec-fetch-dest": "script" })).toBeNull();
    expect(view("/about", {}, "POST")).toBeNull();
  });

  /** A browser's GET of /about, with these headers over its usual ones. */
  const viewAbout = (headers: Record<string, string>) => view("/about", headers);

  it("a prefetch is not a view (the page script counts it once it is opened)", () => {
    expectOutputs(viewAbout, [
      [{ "sec-purpose": "prefetch" }, null],
      [{ "sec-purpose": "prefetch;prerender" }, null],
      [{ purpose: "prefetch" }, null],
    ]);
  });

  it("known bots and clients without a user agent are not views", () => {
    expectOutputs(viewAbout, [
      [{ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, null],
      [{ "user-agent": "curl/8.5.0" }, null],
      [{ "user-agent": "" }, null],
    ]);
  });

  it("without Sec-Fetch-Dest (older browsers), an HTML request counts", () => {
    const old = (accept: string) =>
      viewedPage({ method: "GET", path: "/about", header: (n) => ({ "user-agent": chrome, accept })[n] }, pages);
    expect(old("text/html,application/xhtml+xml,*/*;q=0.8")).toBe("/about");
    expect(old("*/*")).toBeNull();
  });
});

describe("pageOf", () => {
  it("names only the site's pages", () => {
    expect(pageOf("/about///", pages)).toBe("/about");
    expect(pageOf("/about?x=1", pages)).toBeNull();
  });
});
