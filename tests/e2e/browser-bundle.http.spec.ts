import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { ROOT } from "../../harness/servers.ts";

// ADR 032: what a browser may load validates with valibot; zod (full or
// mini) stays on the server, where its size costs nothing. Reads the
// production build's scripts (npm run build).

const assets = path.join(ROOT, "build", "client", "assets");

test("no script a browser can fetch carries zod", () => {
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(20);
  // Zod names its schema classes ("ZodString", "$ZodObject", "ZodMiniString"…) at run time.
  const withZod = scripts.filter((name) => /\$?Zod(Mini)?[A-Z]\w+/.test(readFileSync(path.join(assets, name), "utf8")));
  expect(withZod).toEqual([]);
});

test("no script a browser can fetch carries the password lists or their estimator (ADR 037)", () => {
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  // The lists' compressed text starts "A123456Apassword…"; the estimator names its dictionaries.
  const withLists = scripts.filter((name) =>
    /A123456Apassword|passwords-common|ZxcvbnFactory/.test(readFileSync(path.join(assets, name), "utf8")),
  );
  expect(withLists).toEqual([]);
});

test("no script a browser can fetch carries markdown-it or the rich-text rules (ADR 048): Markdown is rendered on the server", () => {
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  // markdown-it's token types ("html_inline"), which its rules and the site's check both name, and its presets.
  const withMarkdown = scripts.filter((name) =>
    /html_inline|markdown-it|heading_open/.test(readFileSync(path.join(assets, name), "utf8")),
  );
  expect(withMarkdown).toEqual([]);
});
