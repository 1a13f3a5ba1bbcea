/** The spam folder's rows (app/spam/field-rows.ts): fields by names in words, the opening time as an instant. */
import { describe, expect, it } from "vitest";
import { fieldNameInWords, spamFieldRows } from "~/spam/field-rows.ts";

describe("a refused form's fields in the spam folder", () => {
  it("names each field in words, never the form's own name", () => {
    expect(fieldNameInWords("bookerEmail")).toBe("Booker's e-mail");
    expect(fieldNameInWords("first_name")).toBe("First name");
    expect(fieldNameInWords("preferredContact")).toBe("Preferred contact");
    expect(fieldNameInWords("website")).toBe("Hidden field (only bots fill it in)");
  });

  it("gives when the form was opened as an instant to show in London time; a value that is not a time is shown as sent", () => {
    expect(spamFieldRows({ formStartedAt: "1796112000000", name: "Bob" })).toEqual([
      { name: "formStartedAt", label: "Form opened", value: "1796112000000", at: "2026-12-01T08:00:00.000Z" },
      { name: "name", label: "Name", value: "Bob" },
    ]);
    expect(spamFieldRows({ formStartedAt: "yesterday" })).toEqual([
      { name: "formStartedAt", label: "Form opened", value: "yesterday" },
    ]);
  });
});
