/**
 * The three free business guides offered on the home page and the guide
 * request screen. `guideName` is the guide_name value the guide-request API
 * takes.
 */
import type { GuideInput } from "../schema.ts";

export const guides = [
  {
    id: "risk-guide",
    guideName: "enterprise-risk-management",
    title: "Ultimate Guide to Enterprise Risk Management",
    description:
      "A practical walk-through of building an enterprise risk framework, from setting risk appetite and assessing principal risks to reporting clearly to the board. Includes worked examples and a maturity checklist you can apply to your own organisation.",
    pillar: "risk-grc",
    pages: 6,
  },
  {
    id: "finance-toolkit",
    guideName: "financial-analysis-toolkit",
    title: "Financial Analysis Toolkit for Business Leaders",
    description:
      "The ratios, cash flow tests and valuation essentials every business leader should be able to apply, explained with worked examples. Use it to read financial statements with confidence and to challenge a business case before it reaches the board.",
    pillar: "accounting-auditing",
    pages: 5,
  },
  {
    id: "sustainability-guide",
    guideName: "sustainable-business-practices",
    title: "Implementing Sustainable Business Practices",
    description:
      "A step-by-step guide to building a sustainability programme that stands up to scrutiny, covering materiality, carbon footprinting, target setting and reporting. Written for leaders who need to move from commitments to measurable delivery.",
    pillar: "sustainability",
    pages: 5,
  },
] satisfies GuideInput[];
