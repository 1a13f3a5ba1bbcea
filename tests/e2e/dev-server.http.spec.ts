/**
 * `npm run dev` (the Express app with Vite's middleware) serves pages and
 * takes a lead: the development server is not only a build-time tool.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, request as playwrightRequest, test } from "@playwright/test";

const port = 4391;
const dataDir = `.e2e/dev-${process.pid}`;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: "development",
      SMTP_URL: "",
    },
    stdio: "ignore",
  });
  const api = await playwrightRequest.newContext();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await api.get(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok(),
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("dev server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  await api.dispose();
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("the development server renders pages and stores a newsletter sign-up", async () => {
  test.setTimeout(60_000);
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await api.get("/contact");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("<h1");
  const signup = await api.post("/api/newsletter-signup", { data: { email: `dev-${Date.now()}@example.test` } });
  expect(signup.status()).toBe(200);
  expect(await signup.json()).toMatchObject({ success: true });
  await api.dispose();
});
