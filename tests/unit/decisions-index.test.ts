/** The map of decisions stays current: every ADR has a date and a status, and the index lists each one with its status. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, "README.md"), "utf8");

describe("docs/decisions", () => {
  it.each(records)("%s has a date and a status near its top, and a row in the index", (name) => {
    const top = readFileSync(path.join(dir, name), "utf8").split("\n").slice(0, 8).join(" ");
    expect(top).toMatch(/Date: \d{4}-\d\d-\d\d/);
    expect(top).toMatch(/Status: \S/);
    const row = index.split("\n").find((line) => line.includes(`](${name})`));
    expect(row, `no row for ${name}`).toBeDefined();
    const superseded = /Status: superseded/i.test(top);
    const status = row!.split("|").at(-2)!.trim();
    expect(status.startsWith("superseded by"), `${name}'s status in the index`).toBe(superseded);
  });

  it("numbers records one after another", () => {
    const numbers = records.map((name) => Number(name.slice(0, 3))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
