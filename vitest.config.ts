import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/data/**/*.test.ts"],
    // Data tests share one PostgreSQL server; each file uses its own schema.
    testTimeout: 20_000,
    // A suite's set-up creates and migrates a database (a schema, or a whole
    // PostgreSQL database for the erasure test): seen over 10 s on a loaded machine.
    hookTimeout: 30_000,
    environment: "node",
    // Test files share worker processes and their loaded modules (faster):
    // no test mocks a module, and those that stub a global or fake timers
    // restore them in afterEach.
    isolate: false,
    // …so what one file leaves in a module is put back after it: the
    // catalogue the site serves, which data tests that start the site's
    // content swap for what their database published.
    setupFiles: ["tests/support/served-content.ts"],
    // Two workers on these two cores (Vitest's default leaves one core idle):
    // the files wait on PostgreSQL, SQLite and sockets as much as on the CPU.
    maxWorkers: 2,
  },
});
