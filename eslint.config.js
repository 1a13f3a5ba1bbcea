import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      ".scratch/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Routes are thin (docs/decisions/073-thin-routes.md):
    // a route reads the request, calls a domain module and renders. A query,
    // a transaction or a hash in a route is a rule in the wrong home, and a
    // route past 450 lines holds more than its markup.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction|createHash|createHmac)$/]",
          message: "A route calls a domain module; queries, transactions and hashing live in app/<domain>/*.server.ts.",
        },
        {
          selector: "ImportDeclaration[source.value=/^(kysely|node:crypto|stripe)$/][importKind!='type']",
          message: "A route imports no database, crypto or payment library: a domain module does that work.",
        },
      ],
      "max-lines": ["error", { max: 450, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Playwright fixtures: `async ({}, use) => …` is its API (an empty pattern,
    // and a `use` that is not React's).
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
