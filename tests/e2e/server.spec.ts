import { spawnSync } from "node:child_process";
import { appPagePath, expect, test } from "./fixtures.ts";

// What the production server answers, checked over HTTP.

test("prerendered pages answer 200 at their own path, with no trailing-slash redirect", async ({ request }) => {
  for (const path of ["/privacy", "/privacy/", "/terms", "/cookies"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
  }
  expect(await (await request.get("/privacy")).text()).toContain("Privacy Policy");
});

test("prerendered pages allow their inline scripts by hash, server-rendered pages by a fresh nonce", async ({
  request,
}) => {
  const prerendered = await request.get("/privacy");
  const staticCsp = prerendered.headers()["content-security-policy"] ?? "";
  expect(staticCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(staticCsp).not.toContain("unsafe-inline';" + " script");
  expect(staticCsp).not.toMatch(/script-src[^;]*unsafe-inline/);

  const first = await request.get("/missing-page");
  const second = await request.get("/missing-page");
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const nonce = nonceOf(first.headers()["content-security-policy"] ?? "");
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers()["content-security-policy"] ?? "")).not.toBe(nonce);
  expect(await first.text()).toContain(`nonce="${nonce}"`);
});

test("unknown paths get the 404 page with status 404", async ({ request }) => {
  for (const path of ["/no-such-page", "/pillar/unknown/deeper", "/..%2f..%2fetc%2fpasswd", "/a%00b", "/%E0%A4%A"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).not.toContain("Did you forget");
  }
});

test("hashed assets are cached for a year as immutable", async ({ request }) => {
  const html = await (await request.get(appPagePath)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("responses are compressed with brotli or gzip", async ({ request }) => {
  const br = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
});

test("security headers are set and x-powered-by is not", async ({ request }) => {
  for (const path of ["/", "/missing-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
});

test("outside production every response asks search engines not to index", async ({ request }) => {
  // The test server runs with APP_ENV=test (playwright.config.ts).
  for (const path of ["/", "/privacy", "/missing-page"]) {
    expect((await request.get(path)).headers()["x-robots-tag"]).toBe("noindex, nofollow");
  }
});

test("the 404 page's own head says noindex", async ({ request }) => {
  expect(await (await request.get("/missing-page")).text()).toContain('<meta name="robots" content="noindex"/>');
});

test("GET /healthz answers ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("pages carry a canonical URL, a description and Open Graph tags", async ({ request }) => {
  const html = await (await request.get("/terms")).text();
  expect(html).toContain('<link rel="canonical" href="https://www.meridian-executive.co.uk/terms"/>');
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
  expect(html).toContain('<meta property="og:url" content="https://www.meridian-executive.co.uk/terms"/>');
  expect(html).toMatch(/<title>[^<]+\| Meridian Executive Training<\/title>/);
});

test("the page's JavaScript is not started before the first paint", async ({ request }) => {
  const html = await (await request.get(appPagePath)).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toContain('type="module"');
  expect(html).toContain('type="text/x-deferred-module"');
});

test("the first paint waits for the whole document: a render-blocking link to a marker at the end of <body>", async ({
  request,
}) => {
  // A prerendered page, a server-rendered one and the 404 page.
  for (const path of ["/about", "/contact", "/no-such-page"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).toContain('<link rel="expect" href="#page-end" blocking="render"/>');
    const marker = html.indexOf('<span id="page-end" hidden="">');
    expect(marker, path).toBeGreaterThan(html.indexOf("</footer>"));
    // Everything the page parses is before it; after it only React Router's
    // route data, inert until the app boots (deferred-hydration.server.ts).
    const after = html.slice(marker).replace('<span id="page-end" hidden=""></span>', "");
    const elements = [...after.matchAll(/<(?!\/|!--)([a-z]+)([^>]*)>/g)];
    for (const [tag, name, attributes] of elements) {
      expect(name === "script" && (attributes ?? "").includes('type="text/x-deferred-data"'), `${path}: ${tag}`).toBe(
        true,
      );
    }
  }
});

test("a bad setting stops start-up with a message naming it", () => {
  const result = spawnSync(process.execPath, ["server/index.ts"], {
    env: { ...process.env, PORT: "not-a-port", APP_ENV: "live", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT");
  expect(result.stderr).toContain("APP_ENV");
});
