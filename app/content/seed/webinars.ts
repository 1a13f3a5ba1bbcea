/**
 * The two free webinars listed on /resources. Times are London time with the
 * UTC offset in force on the day (both dates fall before British Summer Time
 * starts on 28 March 2027, so the offset is +00:00).
 */
import type { WebinarInput } from "../schema.ts";

export const webinars = [
  {
    id: "supplier-tiering-third-party-risk",
    title: "Third-Party Risk: Building a Supplier Tiering Model That Works",
    description:
      "David Okafor shows how to rank suppliers by criticality and inherent risk, so that due diligence and monitoring effort goes where it matters most. You will leave with a simple tiering model and a set of questions to test it against your own supplier base.",
    startsAt: "2027-02-10T12:30:00+00:00",
    durationMinutes: 60,
    presenterTrainerId: "david-okafor",
    pillar: "risk-grc",
  },
  {
    id: "scope-3-supplier-data",
    title: "Scope 3 Supplier Data: Getting Numbers You Can Defend",
    description:
      "Tom Adeyemi explains how to choose which suppliers to engage on emissions, what to ask them for and how to handle incomplete or inconsistent answers. The session closes with a practical plan for moving your largest categories from spend-based estimates to supplier-specific data.",
    startsAt: "2027-03-17T12:30:00+00:00",
    durationMinutes: 60,
    presenterTrainerId: "tom-adeyemi",
    pillar: "sustainability",
  },
] satisfies WebinarInput[];
