import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

/**
 * End-to-end tests run against the production build (`npm run build`
 * first), served by the real server on its embedded defaults, in Debian's
 * Chromium. Set CHROMIUM_PATH to use another Chromium.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--disable-dev-shm-usage",
      ],
    },
  },
  // Browser tests run at desktop and phone widths; a test tagged @desktop
  // or @phone runs at that width only. Plain HTTP checks run once.
  projects: [
    {
      name: "desktop",
      testIgnore: /(server|site)\.spec\.ts/,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "phone",
      testIgnore: /(server|site)\.spec\.ts/,
      grepInvert: /@desktop/,
      use: { ...devices["Pixel 7"], channel: undefined },
    },
    { name: "server", testMatch: /(server|site)\.spec\.ts/ },
  ],
  webServer: {
    command: "node server/index.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      COUNTRY_HEADER: "cf-ipcountry",
      DATA_DIR: "test-results/e2e-data",
    },
  },
});
