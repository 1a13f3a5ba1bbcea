/**
 * `npm run dev` (the Express app with Vite's middleware) serves pages and
 * takes a lead: the development server is not only a build-time tool.
 */
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test("the development server renders pages and stores a newsletter sign-up", async ({ servers }) => {
  test.setTimeout(90_000);
  const dev = await servers.site({
    name: "dev",
    env: { NODE_ENV: "development", APP_ENV: "development", SMTP_URL: "" },
    startTimeoutMs: 60_000,
  });
  const api = await playwrightRequest.newContext({ baseURL: dev.baseURL });
  const page = await api.get("/contact");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("<h1");
  const signup = await api.post("/api/newsletter-signup", { data: { email: `dev-${Date.now()}@example.test` } });
  expect(signup.status()).toBe(200);
  expect(await signup.json()).toMatchObject({ success: true });
  await api.dispose();
});
