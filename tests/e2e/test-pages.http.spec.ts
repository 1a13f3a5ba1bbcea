import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";

// The test dashboard must not exist on the live site: a second server with
// APP_ENV=production (and no TEST_PAGES setting) answers /test-forms with
// the ordinary 404 page. Needs the production build (npm run build).

const port = 4190;
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(".e2e", `test-pages-production-${process.pid}`);

let server: ChildProcess;
let output = "";
let api: APIRequestContext;

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  server = spawn(process.execPath, ["server/index.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      APP_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout!.on("data", collect);
  server.stderr!.on("data", collect);

  api = await request.newContext({ baseURL });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The production server exited:\n${output}`);
    try {
      if ((await api.get("/healthz", { timeout: 2_000 })).ok()) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The production server did not answer /healthz:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  rmSync(dataDir, { recursive: true, force: true });
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
