import { describe, expect, it } from "vitest";
import { catalogue } from "~/content/index.server.ts";
import { releaseCourseRedirects } from "~/content/seed/index.ts";
import { courseSchema, seoSchema } from "~/content/schema.ts";

const courseIds = new Set(catalogue.courses.map((c) => c.id));
const redirectSources = new Set(releaseCourseRedirects.map((r) => r.from));
const course = (id: string) => catalogue.courses.find((c) => c.id === id);
const pillarsOf = (id: string) => course(id)?.pillars.toSorted();

const routedIds = [
  "risk-management",
  "financial-analysis",
  "third-party-risk",
  "financial-statement-analysis",
  "corporate-finance",
  "strategy-execution",
  "innovation-strategy",
  "carbon-accounting",
  "esg-risk",
  "esg-accounting",
  "strategic-planning",
  "esg-strategy",
];
const specSection3Ids = [
  "risk-management",
  "proactive-resilience",
  "corporate-governance",
  "agile-risk-management",
  "accelerating-agile",
  "esg-risk-quantification",
  "financial-analysis",
  "finance-for-non-financial",
  "corporate-finance",
  "advanced-corporate-finance",
  "effective-budgeting",
  "internal-audit",
  "esg-accounting",
  "aligning-strategy-execution",
  "embracing-agility",
  "leadership",
  "carbon-accounting",
  "sustainable-value-creation",
  "aligning-purpose-profit",
  "sustainable-energy",
  "sustainable-supply-chain",
];

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the content catalogue", () => {
  it("has the four pillars in order", () => {
    expect(catalogue.pillars.map((p) => p.id)).toStrictEqual([
      "risk-grc",
      "accounting-auditing",
      "strategy",
      "sustainability",
    ]);
  });

  it.each([...new Set([...routedIds, ...specSection3Ids])])("resolves the course id %s", (id) => {
    expect(courseIds.has(id) || redirectSources.has(id)).toBe(true);
  });

  it("has 21 distinct course ids in spec section 3", () => {
    expect(new Set(specSection3Ids).size).toBe(21);
  });

  it.each(catalogue.pillars.map((p) => p.id))("shows six or seven courses in the %s pillar", (id) => {
    const count = catalogue.courses.filter((c) => c.pillars.includes(id)).length;
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(7);
  });

  it("shares esg-risk with Risk and esg-accounting with Accounting", () => {
    expect(pillarsOf("esg-risk")).toStrictEqual(["risk-grc", "sustainability"]);
    expect(pillarsOf("esg-accounting")).toStrictEqual(["accounting-auditing", "sustainability"]);
  });

  it("overrides the group size for corporate finance and carbon accounting", () => {
    expect(course("corporate-finance")?.groupSize).toBe(10);
    expect(course("carbon-accounting")?.groupSize).toBe(15);
  });

  it("offers the three guides under their API names", () => {
    expect(catalogue.guides.map((g) => [g.id, g.guideName])).toStrictEqual([
      ["risk-guide", "enterprise-risk-management"],
      ["finance-toolkit", "financial-analysis-toolkit"],
      ["sustainability-guide", "sustainable-business-practices"],
    ]);
  });

  it("has the privacy, terms and cookie documents", () => {
    expect(catalogue.legal.map((d) => d.path)).toStrictEqual(["/privacy", "/terms", "/cookies"]);
  });

  it("writes no price into course text (prices come from the business constants)", () => {
    const priced = catalogue.courses.flatMap((c) =>
      strings(c)
        .filter((s) => /£|4,500/.test(s))
        .map((s) => `${c.id}: ${s}`),
    );
    expect(priced).toStrictEqual([]);
  });
});

describe("the course schema", () => {
  const real = catalogue.courses[0]!;

  it("accepts a real course", () => {
    expect(courseSchema.safeParse(real).success).toBe(true);
  });

  it("rejects a curriculum of four days", () => {
    expect(courseSchema.safeParse({ ...real, curriculum: real.curriculum.slice(0, 4) }).success).toBe(false);
  });

  it.each(["Lorem ipsum dolor sit amet.", "Write to {email} for details."])("rejects placeholder copy: %s", (text) => {
    expect(courseSchema.safeParse({ ...real, shortDescription: text }).success).toBe(false);
  });

  it("rejects an SEO description of 200 characters", () => {
    expect(seoSchema.safeParse({ title: "A title", description: "x".repeat(160) }).success).toBe(true);
    expect(seoSchema.safeParse({ title: "A title", description: "x".repeat(200) }).success).toBe(false);
    expect(courseSchema.safeParse({ ...real, seo: { ...real.seo, description: "x".repeat(200) } }).success).toBe(false);
  });
});
