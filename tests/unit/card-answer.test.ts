import { describe, expect, it } from "vitest";
import { cardAnswer, type TaggedResult } from "~/forms/result.ts";

describe("cardAnswer: a page's answer goes to the card it names, and to no other", () => {
  const answer: TaggedResult = { success: true, message: "Sent", formId: "risk-guide" };

  it("hands the answer to its own card", () => {
    expect(cardAnswer(answer, "risk-guide")).toEqual({ pageResult: answer });
  });

  it("gives another card nothing, and nothing when there is no answer", () => {
    expect(cardAnswer(answer, "finance-toolkit")).toEqual({});
    expect(cardAnswer(undefined, "risk-guide")).toEqual({});
    expect(cardAnswer({ success: false, message: "No" }, "risk-guide")).toEqual({});
  });
});
