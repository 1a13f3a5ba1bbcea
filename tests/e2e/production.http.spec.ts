import { statSync } from "node:fs";
import path from "node:path";
import { holidaysRunningOut, siteCalendar } from "../../app/calendar/business-hours.ts";
import { freePort } from "../../harness/ports.ts";
import { pgUrl, pollUntil, postJson, rawRequest } from "../../harness/servers.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

// What `npm start` does for a team that follows the README and docs/production.md: production by
// default, the embedded fallbacks named, wrong settings refused; logs with
// request ids and no personal data; readiness and metrics. Production build.

const contact = (email: string) => ({
  name: "Dana Whitfield",
  email,
  phone: "+44 20 7946 0000",
  company: "Whitfield Ltd",
  serviceInterest: "risk-grc",
  message: "Please call me about a programme for our risk team.",
  preferredContact: "email",
});

const metricsToken = "t0ken-for-the-metrics-scraper-0123456789";
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test("npm start is production: indexed, no test pages, and each embedded fallback named once", async ({ servers }) => {
  // The quick start (no APP_ENV, no SITE_URL, no keys), with a metrics token to read readiness's details.
  const site = await servers.site({
    name: "prod-defaults",
    env: { APP_ENV: "", SITE_URL: "", TEAM_EMAIL: "", METRICS_TOKEN: metricsToken },
  });

  const robots = await rawRequest(site.baseURL, { path: "/robots.txt" });
  expect(robots.text).toContain("Allow: /");
  expect(robots.text).toContain("Sitemap:");
  expect(robots.text).not.toMatch(/^Disallow: \/$/m);
  for (const path of ["/", "/about", "/contact"]) {
    const page = await rawRequest(site.baseURL, { path });
    expect(page.status, path).toBe(200);
    expect(page.headers["x-robots-tag"], path).toBeUndefined();
  }
  expect((await rawRequest(site.baseURL, { path: "/test-forms" })).status).toBe(404);

  const warnings = site
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; fallbacks?: string[] })
    .filter((entry) => entry.level === 40 && entry.fallbacks);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.msg).toMatch(/SITE_URL is unset.*SMTP_URL is unset.*card payment is off.*SECRETS_KEY is unset/);
  // The embedded key: made once in the data folder, outside the database, readable by its owner only.
  expect(statSync(path.join(site.dataDir, "secrets.key")).mode & 0o777).toBe(0o600);

  // The public learns only that the instance is ready; a wrong token learns nothing more.
  const open = await rawRequest(site.baseURL, { path: "/readyz" });
  expect(open.status).toBe(200);
  expect(open.json).toEqual({ status: "ready" });
  const wrong = await rawRequest(site.baseURL, { path: "/readyz", headers: bearer(`${metricsToken}x`) });
  expect(wrong.status).toBe(401);
  expect(wrong.text).not.toMatch(/ready|fallbacks|outbox/);
  // The token's holder gets the details.
  const ready = await rawRequest(site.baseURL, { path: "/readyz", headers: bearer(metricsToken) });
  expect(ready.status).toBe(200);
  expect(ready.json).toMatchObject({
    status: "ready",
    database: "ok",
    outbox: { dead: 0 },
    webhooks: { pending: 0, oldestUnsentSeconds: null, dead: 0 },
  });
  expect((ready.json as { fallbacks: string[] }).fallbacks).toHaveLength(4);
  // The only setting warning: the built-in bank holidays, 60 days before they run out (none until autumn 2027).
  const holidays = holidaysRunningOut(siteCalendar(), new Date());
  expect(ready.json).toMatchObject({ warnings: holidays ? [holidays] : [] });
});

test("a public SITE_URL without https stops start-up with a message naming the setting", async ({ servers }) => {
  await expect(
    servers.site({ name: "prod-bad-url", env: { APP_ENV: "production", SITE_URL: "http://www.example.com" } }),
  ).rejects.toThrow(/SITE_URL: must be an https URL in production/);
  await expect(servers.site({ name: "prod-bad-url2", env: { SITE_URL: "not a url" } })).rejects.toThrow(/SITE_URL/);
});

test("production with a public SITE_URL or PostgreSQL needs SECRETS_KEY, of at least 32 characters", async ({
  servers,
}) => {
  const https = { APP_ENV: "production", SITE_URL: "https://www.example.com" };
  await expect(servers.site({ name: "prod-no-key", env: https })).rejects.toThrow(
    /SECRETS_KEY: required in production with a public SITE_URL/,
  );
  await expect(servers.site({ name: "prod-short-key", env: { ...https, SECRETS_KEY: "short-key" } })).rejects.toThrow(
    /SECRETS_KEY: must be at least 32 characters/,
  );
});

test("request ids: generated and echoed; a proxy's id is taken only from a trusted proxy; logs hold no form data", async ({
  servers,
}) => {
  const direct = await servers.site({ name: "reqid-direct", env: { TRUST_PROXY_HOPS: "0" } });
  const forged = await rawRequest(direct.baseURL, { path: "/about", headers: { "X-Request-Id": "from-visitor-1" } });
  expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

  const proxied = await servers.site({ name: "reqid-proxied", env: { TRUST_PROXY_HOPS: "1" } });
  const trusted = await rawRequest(proxied.baseURL, { path: "/about", headers: { "X-Request-Id": "lb-abc-123" } });
  expect(trusted.headers["x-request-id"]).toBe("lb-abc-123");

  const email = uniqueEmail("logs");
  const answer = await postJson(direct.baseURL, "/api/contact?utm=x", contact(email));
  expect(answer.status).toBe(200);
  const id = String(answer.headers["x-request-id"]);
  const line = await pollUntil(
    () =>
      direct
        .output()
        .split("\n")
        .find((l) => l.includes(id) && l.includes('"statusCode"')),
    5000,
  );
  expect(line, "a log line for the request").toBeTruthy();
  const entry = JSON.parse(line!) as { req: { id: string; method: string; path: string; ip: string }; res: unknown };
  expect(entry.req).toMatchObject({ id, method: "POST", path: "/api/contact", ip: "127.0.0.1" });
  // No personal data from the form anywhere in the log (the address is allowed).
  for (const value of [email, "Dana Whitfield", "Whitfield Ltd", "+44 20 7946 0000", "utm=x"]) {
    expect(direct.output()).not.toContain(value);
  }
});

test("readiness answers 503 while the database is unreachable, and 200 again when it is back", async ({ servers }) => {
  const schema = await servers.pgSchema("e2e_ready");
  const proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
  try {
    const url = new URL(pgUrl(schema));
    url.port = String(proxy.port);
    const metricsPort = await freePort();
    const site = await servers.site({
      name: "readyz-pg",
      env: { DATABASE_URL: url.toString(), METRICS_PORT: String(metricsPort) },
    });
    // The details on the metrics port; the public answer on the site's port.
    const details = () => rawRequest(`http://127.0.0.1:${metricsPort}`, { path: "/readyz" });
    const ready = await details();
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ database: "ok", outbox: { pending: 0, dead: 0, oldestUnsentSeconds: null } });
    expect((await rawRequest(site.baseURL, { path: "/readyz" })).json).toEqual({ status: "ready" });

    await proxy.cut();
    const down = await details();
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ status: "not ready", database: "unreachable" });
    const downInPublic = await rawRequest(site.baseURL, { path: "/readyz" });
    expect(downInPublic.status).toBe(503);
    expect(downInPublic.json).toEqual({ status: "not ready" });
    // Liveness is another question: the process still answers.
    expect((await rawRequest(site.baseURL, { path: "/healthz" })).status).toBe(200);

    await proxy.restore();
    const back = await pollUntil(
      async () => (await rawRequest(site.baseURL, { path: "/readyz" })).status === 200,
      15_000,
    );
    expect(back).toBe(true);
  } finally {
    await proxy.close();
  }
});

test("metrics and readiness's details are never public: behind a bearer token, or on a port of their own", async ({
  servers,
}) => {
  const token = metricsToken;
  const site = await servers.site({ name: "metrics-token", env: { METRICS_TOKEN: token } });
  expect((await rawRequest(site.baseURL, { path: "/metrics" })).status).toBe(401);
  const wrong = await rawRequest(site.baseURL, { path: "/metrics", headers: { Authorization: `Bearer ${token}x` } });
  expect(wrong.status).toBe(401);
  expect((await postJson(site.baseURL, "/api/contact", contact(uniqueEmail("metrics")))).status).toBe(200);
  const scrape = await rawRequest(site.baseURL, { path: "/metrics", headers: { Authorization: `Bearer ${token}` } });
  expect(scrape.status).toBe(200);
  expect(scrape.text).toContain('leads_stored_total{kind="contact"} 1');
  expect(scrape.text).toMatch(
    /http_request_duration_seconds_count\{method="POST",route="\/api\/contact",status="200"\} 1/,
  );
  expect(scrape.text).toMatch(/outbox_backlog\{state="dead"\} 0/);
  expect(scrape.text).toMatch(/webhook_backlog\{state="pending"\} 0/);
  expect(scrape.text).toMatch(/webhook_oldest_undelivered_seconds 0/);
  expect(scrape.text).toContain("outbox_sent_total");
  expect(scrape.text).toContain("rate_limit_refusals_total");

  const metricsPort = await freePort();
  const apart = await servers.site({ name: "metrics-port", env: { METRICS_PORT: String(metricsPort) } });
  expect((await rawRequest(apart.baseURL, { path: "/metrics" })).status).toBe(404);
  const own = await rawRequest(`http://127.0.0.1:${metricsPort}`, { path: "/metrics" });
  expect(own.status).toBe(200);
  expect(own.text).toContain("http_request_duration_seconds");
  // Readiness's details there too; the site's port tells anyone, token or not, only the status.
  const details = await rawRequest(`http://127.0.0.1:${metricsPort}`, { path: "/readyz" });
  expect(details.status).toBe(200);
  expect(details.json).toMatchObject({ status: "ready", database: "ok", webhooks: { dead: 0 }, fallbacks: [] });
  for (const headers of [{}, bearer(token)]) {
    const open = await rawRequest(apart.baseURL, { path: "/readyz", headers });
    expect(open.status).toBe(200);
    expect(open.json).toEqual({ status: "ready" });
  }
});
