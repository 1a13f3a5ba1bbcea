import { describe, expect, it } from "vitest";
import { claims, consultation, courseFacts, pricing, promises, support, ui } from "~/content/business.ts";

describe("business constants match the spec", () => {
  it("prices every course at £4,500 and converts at 0.79 to the nearest 50", () => {
    expect(pricing).toMatchObject({ coursePriceGbp: 4500, usdRate: 0.79, usdRounding: 50 });
  });

  it("runs five-day courses for groups of 12, 30% theory and 70% practice", () => {
    expect(courseFacts).toMatchObject({ days: 5, defaultGroupSize: 12, theoryPercent: 30, practicePercent: 70 });
  });

  it("offers 3 months of support as 3 sessions of 90 minutes", () => {
    expect(support).toStrictEqual({ months: 3, sessions: 3, sessionMinutes: 90 });
  });

  it("books 60-minute consultations for 1 to 12 people after a 15-minute discovery call", () => {
    expect(consultation).toMatchObject({
      minutes: 60,
      minParticipants: 1,
      maxParticipants: 12,
      discoveryCallMinutes: 15,
    });
  });

  it("states the marketing claims exactly", () => {
    expect(claims).toMatchObject({
      trainerExperience: "15+",
      combinedExperience: "200+",
      professionalsTrained: "5,000+",
      guideTrustedBy: "1000+",
      satisfaction: "93%",
      countries: "45+",
      handsOn: "70%",
      clientsImproving: "92%",
      averageRoi: "3.4x",
    });
  });

  it("uses the spec's interface timings", () => {
    expect(ui.headerShadowAfterPx).toBe(20);
    expect(ui.contactThankYouMs).toBe(5000);
    expect(ui.exitPopup).toStrictEqual({ minOnPageMs: 10_000, autoHideMs: 60_000, successCloseMs: 2000, resetMs: 500 });
    expect(ui.toast).toStrictEqual({ limit: 1, durationMs: 5000, swipeThresholdPx: 50, hotkey: "F8" });
  });

  it("promises a reply within 24 business hours and a confirmation e-mail within 5 minutes", () => {
    expect(promises).toMatchObject({
      contactResponse: "within 24 business hours",
      teamContactHours: 24,
      businessHours: "Monday-Friday 9:00 AM - 5:30 PM",
      confirmationEmailMinutes: 5,
    });
  });
});
