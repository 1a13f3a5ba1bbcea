/** Reading a form's attribution field (app/forms/attribution.ts). */
import { describe, expect, it } from "vitest";
import { campaignLabel, parseAttribution } from "~/forms/attribution.ts";

const field = (value: object) => JSON.stringify(value);

describe("parseAttribution", () => {
  it("reads the landing page, the referring domain and the campaign tags", () => {
    expect(
      parseAttribution(
        field({ l: "/courses/esg-reporting", r: "www.LinkedIn.com", s: "linkedin", m: "social", c: "spring" }),
      ),
    ).toEqual({
      landingPage: "/courses/esg-reporting",
      referrer: "www.linkedin.com",
      utmSource: "linkedin",
      utmMedium: "social",
      utmCampaign: "spring",
    });
  });

  it("empty tags and referrer are null", () => {
    expect(parseAttribution(field({ l: "/", r: "", s: "", m: " ", c: "" }))).toEqual({
      landingPage: "/",
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it("drops what is malformed rather than refusing the lead", () => {
    expect(parseAttribution(undefined)).toBeNull();
    expect(parseAttribution("not json")).toBeNull();
    expect(parseAttribution(field({ r: "x.com" }))).toBeNull(); // no landing page
    expect(parseAttribution(field({ l: "https://evil.example/", r: "", s: "", m: "", c: "" }))).toBeNull();
    expect(parseAttribution("x".repeat(1001))).toBeNull();
    // A bad part alone is dropped; the rest is kept.
    expect(parseAttribution(field({ l: "/about", r: "not a domain/", s: "a".repeat(101), m: "email", c: "" }))).toEqual(
      {
        landingPage: "/about",
        referrer: null,
        utmSource: null,
        utmMedium: "email",
        utmCampaign: null,
      },
    );
  });
});

describe("campaignLabel", () => {
  it("joins the tags there are", () => {
    expect(campaignLabel({ utmSource: "google", utmMedium: "cpc", utmCampaign: "launch" })).toBe(
      "google / cpc / launch",
    );
    expect(campaignLabel({ utmSource: "newsletter", utmMedium: null, utmCampaign: null })).toBe("newsletter");
    expect(campaignLabel({ utmSource: null, utmMedium: null, utmCampaign: null })).toBe("");
  });
});
