import { describe, expect, it } from "vitest";
import { hydrationMode, islandsOnly } from "~/page-script/hydration.ts";

describe("hydrationMode", () => {
  it("starts React after the first paint unless a route says otherwise", () => {
    expect(hydrationMode([])).toBe("after-paint");
    expect(hydrationMode([undefined, { other: true }, null])).toBe("after-paint");
  });

  it("follows the deepest route that says", () => {
    expect(hydrationMode([undefined, islandsOnly])).toBe("islands");
    expect(hydrationMode([islandsOnly, { hydrate: "after-paint" }])).toBe("after-paint");
    expect(hydrationMode([{ hydrate: "after-paint" }, islandsOnly, undefined])).toBe("islands");
  });

  it("ignores a handle with an unknown mode, or the retired on-demand one", () => {
    expect(hydrationMode([islandsOnly, { hydrate: "never" }])).toBe("islands");
    expect(hydrationMode([islandsOnly, { hydrate: "on-demand" }])).toBe("islands");
  });
});
