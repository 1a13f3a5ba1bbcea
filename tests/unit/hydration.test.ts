import { describe, expect, it } from "vitest";
import { hydrateOnDemand, hydrationMode, islandsOnly } from "~/page-script/hydration.ts";

describe("hydrationMode", () => {
  it("starts React after the first paint unless a route says otherwise", () => {
    expect(hydrationMode([])).toBe("after-paint");
    expect(hydrationMode([undefined, { other: true }, null])).toBe("after-paint");
  });

  it("follows the deepest route that says", () => {
    expect(hydrationMode([undefined, hydrateOnDemand])).toBe("on-demand");
    expect(hydrationMode([hydrateOnDemand, { hydrate: "after-paint" }])).toBe("after-paint");
    expect(hydrationMode([{ hydrate: "after-paint" }, hydrateOnDemand, undefined])).toBe("on-demand");
    expect(hydrationMode([undefined, hydrateOnDemand, islandsOnly])).toBe("islands");
    expect(hydrationMode([islandsOnly, hydrateOnDemand])).toBe("on-demand");
  });

  it("ignores a handle with an unknown mode", () => {
    expect(hydrationMode([hydrateOnDemand, { hydrate: "never" }])).toBe("on-demand");
  });
});
