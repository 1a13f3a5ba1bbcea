import { request, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The test dashboard must not exist on the live site: a second server with
// APP_ENV=production (and no TEST_PAGES setting) answers /test-forms with
// the ordinary 404 page. Needs the production build (npm run build).

let api: APIRequestContext;

test.beforeAll(async ({ launcher }) => {
  const production = await launcher.site({ name: "test-pages-production", env: { APP_ENV: "production" } });
  api = await request.newContext({ baseURL: production.baseURL });
});

test.afterAll(async ({ launcher }) => {
  await api?.dispose();
  await launcher.stopAll();
});

test("/test-forms is the ordinary 404 page in production", async () => {
  const page = await api.get("/test-forms");
  expect(page.status()).toBe(404);
  const html = await page.text();
  expect(html).toContain("Page Not Found");
  expect(html).not.toContain("Form Endpoint Tests");
  expect(html).not.toContain("Run All Form Tests");

  // Its server-side runner is closed as well.
  const post = await api.post("/test-forms", { form: {} });
  expect(post.status()).toBe(404);
  expect(await post.text()).not.toContain("test-forms+");

  // The rest of the site is up: the 404 is this page's, not the server's.
  expect((await api.get("/newsletter")).status()).toBe(200);
});
