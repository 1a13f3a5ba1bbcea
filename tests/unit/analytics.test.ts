import { afterEach, describe, expect, it, vi } from "vitest";
import { trackEvent } from "~/analytics/track-event.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("trackEvent", () => {
  it("returns false when there is no window (server render)", () => {
    expect(typeof window).toBe("undefined");
    expect(trackEvent({ category: "Course", action: "enquire" })).toBe(false);
  });

  it("returns false when the page has no gtag function", () => {
    vi.stubGlobal("window", { gtag: "not a function" });
    expect(trackEvent({ category: "Course", action: "enquire" })).toBe(false);
  });

  it("sends category, label and value to gtag and returns true", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    const sent = trackEvent({ category: "Course", action: "enquire", label: "risk-management", value: 4500 });
    expect(sent).toBe(true);
    expect(gtag).toHaveBeenCalledTimes(1);
    expect(gtag).toHaveBeenCalledWith("event", "enquire", {
      event_category: "Course",
      event_label: "risk-management",
      value: 4500,
    });
  });

  it("leaves out label and value when they are not given", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    trackEvent({ category: "Guide", action: "download" });
    expect(gtag.mock.calls[0]?.[2]).toStrictEqual({ event_category: "Guide" });
  });

  it("keeps a value of 0 rather than dropping it", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    trackEvent({ category: "Guide", action: "download", value: 0 });
    expect(gtag.mock.calls[0]?.[2]).toStrictEqual({ event_category: "Guide", value: 0 });
  });
});
