import { describe, expect, it } from "vitest";
import { contactPrefill } from "~/components/forms/contact-prefill.ts";

const titles = { "corporate-finance": "Corporate Finance" };

describe("contactPrefill", () => {
  it("selects a known area of interest and writes the message for a known course", () => {
    expect(contactPrefill("?interest=risk-grc&course=corporate-finance", titles)).toEqual({
      serviceInterest: "risk-grc",
      message: "I would like to ask about a corporate rate for Corporate Finance for our team.",
    });
  });

  it("fills in nothing for what it does not know, or for an inherited name", () => {
    expect(contactPrefill("?interest=marketing&course=no-such-course", titles)).toEqual({});
    expect(contactPrefill("?course=toString", titles)).toEqual({});
    expect(contactPrefill("", titles)).toEqual({});
  });
});
