/**
 * Retakes the pictures of docs/editing-the-site.md (`npm run docs:screenshots`,
 * after `npm run build`): runs the tests that walk through each task of the
 * guide, at desktop width, and copies the pictures they take
 * (tests/support/guide-screenshots.ts) into docs/images/editing-the-site/.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const specs = [
  "tests/e2e/editor-newcomer.spec.ts",
  "tests/e2e/content-duplicate.spec.ts",
  "tests/e2e/business-settings.spec.ts",
  "tests/e2e/editor-fields.spec.ts",
];
const output = "reports/guide-screenshots";
const target = "docs/images/editing-the-site";
const prefix = "guide-";

rmSync(output, { recursive: true, force: true });
const run = spawnSync(
  join("node_modules", ".bin", "playwright"),
  ["test", ...specs, "--project=desktop", "--workers=1", `--output=${output}`],
  { stdio: "inherit" },
);
if (run.status !== 0) {
  console.error("The tests failed: the guide's pictures are left as they were.");
  process.exit(run.status ?? 1);
}

const pictures: string[] = [];
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.startsWith(prefix) && entry.name.endsWith(".png")) pictures.push(path);
  }
};
walk(output);
mkdirSync(target, { recursive: true });
for (const path of pictures) {
  const name = path.slice(path.lastIndexOf("/") + 1 + prefix.length);
  copyFileSync(path, join(target, name));
  console.log(`${target}/${name}`);
}
console.log(`${pictures.length} pictures.`);
