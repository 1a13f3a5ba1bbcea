/** The upcoming dates' filter (app/publishing/dates-filter.ts), as /training's form and the dates feed read it. */
import { describe, expect, it } from "vitest";
import { datesFeedPath, readDatesFilter, sessionCalendarPath, sessionsChosen } from "~/publishing/dates-filter.ts";

const read = (query: string) => readDatesFilter(new URLSearchParams(query));

describe("readDatesFilter", () => {
  const formatProblem = 'The format must be "in-person" or "online".';
  it.each([
    ["nothing from an address without a filter", "", ["", "", "", ""]],
    [
      "a month, a format and a pillar the form offers",
      "month=2027-04&format=online&pillar=strategy",
      ["2027-04", "online", "strategy", ""],
    ],
    // The page then answers 400 and shows every date, as it says.
    [
      "nothing, and says why, for a month the form does not offer",
      "month=2027-13&pillar=strategy",
      ["", "", "", "The month must be written like 2027-03."],
    ],
    [
      "nothing, and says both, for a month and a format",
      "month=April&format=at-your-site",
      ["", "", "", `The month must be written like 2027-03. ${formatProblem}`],
    ],
    // As the page's pillar sections always have: no problem to say.
    ["every pillar for one that is not a pillar", "pillar=marketing&format=in-person", ["", "in-person", "", ""]],
  ])("chooses %s", (_what, query, [month, format, pillar, problem]) => {
    expect(read(query)).toEqual({ month, format, pillar, session: "", problem });
  });

  it("chooses one session for an e-mail's add-to-calendar link, and says why not for what is not a date's id", () => {
    const one = read(new URLSearchParams({ session: "esg-risk-2027-04-london" }).toString());
    expect(one).toMatchObject({ session: "esg-risk-2027-04-london", problem: "" });
    expect(sessionsChosen(one)).toEqual({ sessionId: "esg-risk-2027-04-london" });
    expect(read("session=..%2Fetc")).toMatchObject({ session: "", problem: "The session must be a date's id." });
  });
});

describe("sessionsChosen, datesFeedPath and sessionCalendarPath", () => {
  it("pass on only what was chosen", () => {
    expect(sessionsChosen(read(""))).toEqual({});
    expect(sessionsChosen(read("month=2027-04&pillar=risk-grc"))).toEqual({ month: "2027-04", pillarId: "risk-grc" });
  });

  it("give the feed the pillar and format, never the month (a feed is of every month to come)", () => {
    expect(datesFeedPath(read(""))).toBe("/training/dates.ics");
    expect(datesFeedPath(read("month=2027-04&format=online&pillar=strategy"))).toBe(
      "/training/dates.ics?pillar=strategy&format=online",
    );
  });

  it("give one session's days as the feed of that session, which the filter reads back", () => {
    const path = sessionCalendarPath("esg-risk-2027-04-london");
    expect(path).toBe("/training/dates.ics?session=esg-risk-2027-04-london");
    expect(read(path.split("?")[1]!).session).toBe("esg-risk-2027-04-london");
  });
});
