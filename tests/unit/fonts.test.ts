import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keptRanges, makeSubset, subsetFile, unicodeRange, weights } from "../../scripts/fonts.ts";

const css = readFileSync(path.resolve(import.meta.dirname, "../../app/app.css"), "utf8");
const interFace = /@font-face\s*{[^}]*font-family:\s*"Inter Variable"[^}]*}/.exec(css)?.[0] ?? "";

describe("the web font subset (scripts/fonts.ts)", () => {
  it("is the committed file, byte for byte (run `npm run fonts` after upgrading Inter)", async () => {
    expect(Buffer.compare(await makeSubset(), readFileSync(subsetFile))).toBe(0);
  });

  it("is what app.css loads, for the characters and weights it was cut to", () => {
    expect(interFace).toContain(`url("./fonts/${path.basename(subsetFile)}")`);
    expect(interFace.replace(/\s+/g, " ")).toContain(`unicode-range: ${unicodeRange()};`);
    expect(interFace).toContain(`font-weight: ${weights.min} ${weights.max};`);
  });

  it("covers every character in the site's content, components and pages", () => {
    const kept = (c: number) => keptRanges.some(([from, to]) => c >= from && c <= to);
    const sources = ["app/content", "app/components", "app/routes"].flatMap((dir) =>
      readdirSync(path.resolve(import.meta.dirname, "../..", dir), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => readFileSync(path.resolve(import.meta.dirname, "../..", dir, file), "utf8"))
        // Comments are not shown (a URL's "//" is not a comment).
        .map((code) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(?<![:"'`])\/\/.*$/gm, "")),
    );
    const used = new Set([...sources.join("")].filter((char) => (char.codePointAt(0) ?? 0) > 0x7e));
    expect(used.size).toBeGreaterThan(3); // £ · © … at least: the scan reads the real files
    expect([...used].filter((char) => !kept(char.codePointAt(0) ?? 0))).toEqual([]);
  });
});
