import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./harness/chromium.ts";

/** Plain HTTP tests (no browser): run once, in the "server" project. */
const httpOnly = /(server|site)\.spec\.ts$|\.http\.spec\.ts$/;

/**
 * End-to-end tests run against the production build (`npm run build`
 * first), served by the real server on its embedded defaults, in Debian's
 * Chromium. Set CHROMIUM_PATH to use another Chromium.
 *
 * tests/e2e/global-setup.ts starts the shared servers (the site, a real SMTP
 * server, the Stripe-shaped test server) on ports the OS gives; the tests
 * reach them through the fixtures in tests/e2e/fixtures.ts.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Two, on CI and off it alike: the suite is written for two workers on two
  // cores (each test on its own data, every server on its own port), and a
  // default of one (half the cores) doubles a clean-clone run on a busy machine.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list as tests finish, and a JSON report that `npm run test:report`
  // (scripts/test-report.ts) reads: each project's time and the slowest files.
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  // A back-office flow (set-up, sign-in with password hashes and codes, two
  // browsers, several axe scans) takes 20–30 s on two cores with two workers;
  // each step still fails after its own 5 s.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    // A CI clone is thrown away after the run, and recording a trace of every
    // test costs about 8% of the run; locally a failed test keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  // Browser tests run at desktop width. The phone project runs what a phone
  // does differently: every page's accessibility scan, the tests of menus,
  // taps and layout, and one short test of each flow, all tagged
  // @both-widths; a test tagged @phone runs at phone width only. A desktop
  // flow's scans cover the phone's width too (harness/axe.ts), for the
  // states that only exist mid-flow. Plain HTTP checks run once.
  projects: [
    {
      name: "desktop",
      testIgnore: httpOnly,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "phone",
      testIgnore: httpOnly,
      grep: /@phone|@both-widths/,
      use: { ...devices["Pixel 7"], channel: undefined },
    },
    { name: "server", testMatch: httpOnly },
  ],
});
