/**
 * The README's "Project layout" matches the tree, and the README and the
 * guides in docs/ link to files and headings that exist.
 *
 * The layout is the README's first code block under "## Project layout": one
 * entry per line, two spaces of indent per level below its folder, the name
 * (a folder's ends in "/"), then what it holds. Every folder a newcomer meets
 * must be named there (`mustBeNamed`: the repository's top-level folders, the
 * folders of app/, tests/, deploy/ and docs/, and the folders and .ts files
 * of server/, scripts/ and bench/), and every path named there must exist.
 * A moved folder means a changed line in the README; a new kind of entry to
 * require means a line in `mustBeNamed`.
 */
import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");

/** What the layout must name, per folder: its folders, and with `files`, its files ending so. */
const mustBeNamed: { under: string; files?: string }[] = [
  { under: "" },
  { under: "app/" },
  { under: "server/", files: ".ts" },
  { under: "scripts/", files: ".ts" },
  { under: "bench/", files: ".ts" },
  { under: "tests/" },
  { under: "deploy/" },
  { under: "docs/" },
];

/** .gitignore's patterns, enough for this tree: a name anywhere, or a path from the root. */
const ignorePatterns = read(".gitignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

function ignored(relative: string): boolean {
  const name = relative.replace(/\/$/, "").split("/").at(-1)!;
  return ignorePatterns.some((pattern) => {
    const bare = pattern.replace(/\/$/, "");
    if (bare.startsWith("*")) return name.endsWith(bare.slice(1));
    if (bare.includes("/")) return relative.replace(/\/$/, "") === bare.replace(/^\//, "");
    return name === bare;
  });
}

/** The entries of one folder the layout must name, as paths from the root (folders end in "/"). */
function required({ under, files }: (typeof mustBeNamed)[number]): string[] {
  const entries: Dirent[] = readdirSync(path.join(root, under), { withFileTypes: true });
  return entries
    .filter((entry) => entry.name !== ".git")
    .flatMap((entry) => {
      if (entry.isDirectory()) return [`${under}${entry.name}/`];
      if (files && entry.isFile() && entry.name.endsWith(files)) return [`${under}${entry.name}`];
      return [];
    })
    .filter((relative) => !ignored(relative));
}

/** A markdown section: from its "## " heading to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/**
 * The paths a layout block names, from the root; throws on a line that breaks the block's shape.
 * A line indented 16 spaces or more carries on the description above it (docs/architecture.md's
 * longer tree); the README's has none.
 */
function layoutPaths(block: string): string[] {
  const folders: string[] = [];
  const paths: string[] = [];
  for (const line of block.split("\n").filter((text) => text.trim())) {
    const indent = line.length - line.trimStart().length;
    if (indent >= 16) continue;
    const depth = indent / 2;
    const name = line.trimStart().split(/\s+/)[0]!;
    if (!Number.isInteger(depth) || depth > folders.length) {
      throw new Error(`layout line "${line.trim()}": indent by two spaces per level below its folder`);
    }
    folders.length = depth;
    const full = folders.join("") + name;
    paths.push(full);
    if (name.endsWith("/")) folders.push(name);
  }
  return paths;
}

const layoutBlock = /```\n([\s\S]*?)\n```/.exec(section(readme, "Project layout"))?.[1];
const named = layoutPaths(layoutBlock ?? "");

describe('README "Project layout"', () => {
  it("is a code block of one line per entry", () => {
    expect(layoutBlock, 'README.md\'s "## Project layout" needs a ``` block').toBeDefined();
    expect(named.length).toBeGreaterThan(0);
  });

  it("names every folder (and every server/, scripts/ and bench/ script) of the tree", () => {
    const missing = mustBeNamed.flatMap(required).filter((relative) => !named.includes(relative));
    expect(missing, `add a line for each of these to README.md's "Project layout": ${missing.join(", ")}`).toEqual([]);
  });

  it("names only paths that exist, once each", () => {
    const absent = named.filter((relative) => !existsSync(path.join(root, relative)));
    expect(absent, `remove (or rename) these lines of README.md's "Project layout": ${absent.join(", ")}`).toEqual([]);
    const twice = named.filter((relative, i) => named.indexOf(relative) !== i);
    expect(twice, `named twice in README.md's "Project layout"`).toEqual([]);
  });
});

describe("docs/architecture.md's folders in detail", () => {
  it("names only paths that exist", () => {
    const block = /```\n([\s\S]*?)\n```/.exec(section(read("docs/architecture.md"), "The main folders in detail"))?.[1];
    expect(block, 'docs/architecture.md\'s "## The main folders in detail" needs a ``` block').toBeDefined();
    const absent = layoutPaths(block!).filter((relative) => !existsSync(path.join(root, relative)));
    expect(absent, `remove (or rename) these in docs/architecture.md: ${absent.join(", ")}`).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

const guides = ["README.md", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"))].map(
  (name) => (name === "README.md" ? name : `docs/${name}`),
);

describe("links between the README and the guides", () => {
  it.each(guides)("%s links only to files and headings that exist", (file) => {
    const text = read(file)
      .replace(/```[\s\S]*?```/g, "")
      .replace(/`[^`\n]*`/g, "");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [target_path, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = target_path ? path.join(path.dirname(file), target_path) : file;
      if (!existsSync(path.join(root, resolved))) broken.push(`${target} (no file ${resolved})`);
      else if (anchor !== undefined && resolved.endsWith(".md") && !anchors(read(resolved)).has(anchor)) {
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken, `broken links in ${file}`).toEqual([]);
  });
});
