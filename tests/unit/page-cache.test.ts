/**
 * The page cache (server/page-cache.ts): the build's pages while the
 * release's content is served; after a publish, each page rendered once per
 * content version (concurrent requests share the render), compressed, with
 * its inline scripts' hashes; a page that is not a 200 is not kept.
 */
import { describe, expect, it } from "vitest";
import { createPageCache } from "../../server/page-cache.ts";
import { resourceFrom, serveAs } from "../../server/static-files.ts";

function setUp() {
  const state = { version: 1, release: true, renders: [] as string[], status: 200 };
  const built = serveAs(resourceFrom(Buffer.from("<p>built</p>"), {}, "text/html", new Date(0)), {});
  const cache = createPageCache({
    prerendered: new Map([["/about", built]]),
    render: async (path) => {
      state.renders.push(`${state.version} ${path}`);
      return { status: state.status, html: `<p>${path} v${state.version}</p><script>go()</script>` };
    },
    headers: (hashes) => ({ "Content-Security-Policy": `script-src ${hashes.join(" ")}` }),
    version: () => String(state.version),
    servesRelease: () => state.release,
    keeps: (path) => path !== "/resources",
  });
  return { state, built, cache };
}

const body = (served: ReturnType<typeof serveAs> | null | undefined) => served?.answers.identity.body.toString();

describe("the page cache", () => {
  it("serves the build's pages while the release's content is served, rendering only a kept page the build has not", async () => {
    const { state, built, cache } = setUp();
    expect(cache.get("/about")).toBe(built);
    expect(await cache.fill("/about")).toBe(built);
    expect(state.renders).toEqual([]);
    expect(body(await cache.fill("/training"))).toBe("<p>/training v1</p><script>go()</script>");
    expect(body(cache.get("/training"))).toBe("<p>/training v1</p><script>go()</script>");
    expect(state.renders).toEqual(["1 /training"]);
  });

  it("keeps each page for its own version: a page whose version moved is rendered again, the others are not", async () => {
    const { state, cache } = setUp();
    const pageVersions = new Map([["/courses/a", "1 places-1"]]);
    const perPage = createPageCache({
      prerendered: new Map(),
      render: async (path) => {
        state.renders.push(`${pageVersions.get(path) ?? "1"} ${path}`);
        return { status: 200, html: `<p>${path} ${pageVersions.get(path) ?? "1"}</p>` };
      },
      headers: () => ({}),
      version: (path) => pageVersions.get(path) ?? "1",
      servesRelease: () => false,
      keeps: () => true,
    });
    void cache;
    await perPage.fill("/courses/a");
    await perPage.fill("/about");
    pageVersions.set("/courses/a", "1 places-2");
    expect(perPage.get("/about")).toBeDefined();
    expect(perPage.get("/courses/a")).toBeUndefined();
    expect(body(await perPage.fill("/courses/a"))).toBe("<p>/courses/a 1 places-2</p>");
    expect(state.renders).toEqual(["1 places-1 /courses/a", "1 /about", "1 places-2 /courses/a"]);
  });

  it("after a publish, renders each page once per version; requests at the same time share the render", async () => {
    const { state, cache } = setUp();
    state.release = false;
    state.version = 2;
    expect(cache.get("/about")).toBeUndefined();
    const [a, b] = await Promise.all([cache.fill("/about"), cache.fill("/about")]);
    expect(a).toBe(b);
    expect(body(cache.get("/about"))).toBe("<p>/about v2</p><script>go()</script>");
    expect(a?.available).toEqual(["br", "gzip", "identity"]);
    expect(a?.answers.br?.ok["Content-Security-Policy"]).toMatch(/^script-src 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(a?.answers.br?.ok["Content-Encoding"]).toBe("br");
    state.version = 3;
    expect(cache.get("/about")).toBeUndefined();
    await cache.fill("/about");
    expect(body(cache.get("/about"))).toBe("<p>/about v3</p><script>go()</script>");
    expect(state.renders).toEqual(["2 /about", "3 /about"]);
  });

  it("keeps no page that is not a 200, and none it is not told to keep", async () => {
    const { state, cache } = setUp();
    state.release = false;
    state.status = 404;
    expect(await cache.fill("/courses/gone")).toBeNull();
    expect(cache.get("/courses/gone")).toBeUndefined();
    expect(await cache.fill("/resources")).toBeNull();
    expect(state.renders).toEqual(["1 /courses/gone"]);
  });
});
