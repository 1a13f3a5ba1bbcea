import { describe, expect, it } from "vitest";
import { headerEntries, isActivePath } from "~/content/navigation.ts";

const trainingPrefixes = ["/training", "/pillar/", "/courses/"];

describe("isActivePath", () => {
  it("marks Home active on the home page only", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/about", "/")).toBe(false);
  });

  it("marks a link active on its page and the pages below it", () => {
    expect(isActivePath("/about", "/about")).toBe(true);
    expect(isActivePath("/about/x", "/about")).toBe(true);
  });

  it("does not mark a link active on a page that merely starts with the same letters", () => {
    expect(isActivePath("/aboutus", "/about")).toBe(false);
  });

  it.each(["/training", "/pillar/strategy", "/courses/risk-management"])("marks Training active on %s", (pathname) => {
    expect(isActivePath(pathname, "/training", trainingPrefixes)).toBe(true);
  });

  it.each(["/contact", "/trainingx", "/pillars"])("does not mark Training active on %s", (pathname) => {
    expect(isActivePath(pathname, "/training", trainingPrefixes)).toBe(false);
  });

  it("uses those training prefixes for the header's Training menu", () => {
    const training = headerEntries.find((e) => e.kind === "menu" && e.id === "training");
    expect(training?.kind === "menu" && training.activePrefixes).toStrictEqual(trainingPrefixes);
  });
});
