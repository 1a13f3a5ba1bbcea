/**
 * The text of the three free business guides, one per guide id (the guide
 * items of the content hold their titles, descriptions and pillars).
 * app/pdf/guide-pdf.server.ts lays this out as the PDF the site e-mails to
 * visitors who ask for a guide. The closing section names courses and a
 * pillar: `guideDocument` reads their titles from the content it is given
 * (the published content, so a course renamed in the editor is named anew).
 *
 * Plain data: no React, nothing server-only. Keep every string in characters
 * the standard PDF fonts can draw (WinAnsi): straight quotes and apostrophes,
 * plain hyphens; "£", "×" and "°" are fine. The unit test checks this.
 *
 * Worked examples use fictional organisations and round numbers; no statistic
 * is attributed to a real organisation.
 */
import { courseFacts, support } from "./business.ts";
import { organisation } from "./organisation.ts";
import { pillarPath } from "./paths.ts";
import type { guideIds, PillarId } from "./schema.ts";

export type GuideId = (typeof guideIds)[number];

/** A shaded panel inside a section: a worked example or an illustration. */
export interface GuideExample {
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

/** A small table; every row has one cell per column. */
export interface GuideTable {
  columns: string[];
  /** Relative column widths, one per column; equal widths when left out. */
  widths?: number[];
  rows: string[][];
  /** A short note printed under the table. */
  note?: string;
}

/** A short list of statements or questions, printed with tick boxes. */
export interface GuideChecklist {
  title: string;
  items: string[];
}

/** One numbered section. The parts are printed in the order declared here. */
export interface GuideSection {
  heading: string;
  paragraphs: string[];
  table?: GuideTable;
  bullets?: string[];
  example?: GuideExample;
  checklist?: GuideChecklist;
  /** Paragraphs after everything else in the section. */
  closing?: string[];
}

/** A contact route printed (and linked) in the closing panel. */
export interface GuideLink {
  label: string;
  text: string;
  href: string;
}

/** The closing section: what to do next, where to learn more, how to reach us. */
export interface GuideNextSteps {
  heading: "Next steps";
  paragraphs: string[];
  links: GuideLink[];
}

export interface GuideDocument {
  id: GuideId;
  /** Printed under the title on the cover. */
  subtitle: string;
  /** The opening paragraphs, before the numbered sections. */
  introduction: string[];
  sections: GuideSection[];
  nextSteps: GuideNextSteps;
  /** A one-line disclaimer printed at the foot of the cover. */
  disclaimer: string;
}

/** What the closing section says, before the site's content names its courses and pillar. */
export interface GuideNextStepsText {
  opening: string;
  /** The courses it recommends, by id: their titles are the content's. */
  courseIds: string[];
  /** What the courses do, after "part of our ... programmes,". */
  practice: string;
}

/** A guide's text as written here: the closing section still to be named from the site's content. */
export type GuideText = Omit<GuideDocument, "nextSteps"> & { nextSteps: GuideNextStepsText };

/** What the closing section reads from the site's content (the catalogue has it): courses' titles, pillars' names, each guide's pillar. */
export type GuideSiteContent = {
  courses: readonly { id: string; title: string }[];
  pillars: readonly { id: PillarId; title: string; shortTitle: string }[];
  guides: readonly { id: string; pillar: string }[];
};

/* ---- The closing section, built from the site's own content ---- */

function pillarOf(guideId: GuideId, content: GuideSiteContent) {
  const guide = content.guides.find((g) => g.id === guideId);
  const pillar = content.pillars.find((p) => p.id === guide?.pillar);
  if (!pillar) throw new Error(`guide-documents: no pillar for guide ${guideId}`);
  return pillar;
}

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function nextSteps(
  guideId: GuideId,
  { opening, courseIds, practice }: GuideNextStepsText,
  content: GuideSiteContent,
): GuideNextSteps {
  const pillar = pillarOf(guideId, content);
  const courses = courseIds.map((id) => {
    const course = content.courses.find((c) => c.id === id);
    if (!course) throw new Error(`guide-documents: no course ${id}`);
    return course.title;
  });
  const courseText =
    courses.length === 1
      ? `our ${courseFacts.days}-day ${courses[0]} course`
      : `our ${courseFacts.days}-day ${listOf(courses)} courses`;
  const pillarUrl = `${organisation.siteUrl}${pillarPath(pillar.id)}`;
  const contactUrl = `${organisation.siteUrl}/contact`;
  return {
    heading: "Next steps",
    paragraphs: [
      opening,
      `If you would like to go further, ${courseText}, part of our ${pillar.title} programmes, ${practice} Every course includes ${support.months} months of implementation support with your trainer afterwards, and can be run for your own team at your premises or live online.`,
    ],
    links: [
      { label: `${pillar.shortTitle} courses`, text: pillarUrl, href: pillarUrl },
      { label: "Contact page", text: contactUrl, href: contactUrl },
    ],
  };
}

/** What the closing section says, with the courses' ids: named by `nextSteps` when the guide is laid out. */
const plan = (opening: string, courseIds: string[], practice: string): GuideNextStepsText => ({
  opening,
  courseIds,
  practice,
});

const disclaimer = `This guide gives general information for practitioners, not professional advice for your particular circumstances. Written by the trainers of ${organisation.name}.`;

/* ---- Ultimate Guide to Enterprise Risk Management ---- */

const riskGuide: GuideText = {
  id: "risk-guide",
  subtitle:
    "A practical framework for identifying, assessing and reporting the risks that matter, from risk appetite to board assurance.",
  introduction: [
    "Enterprise risk management (ERM) is the discipline of understanding the uncertainties that could help or hinder an organisation in achieving its objectives, and of managing them deliberately rather than by accident. Done well, it is not a compliance exercise or a register that is updated once a quarter. It is a way of making better decisions, of directing capital and attention to the risks that matter most, and of giving the board confidence that nothing important is being missed.",
    "This guide sets out the building blocks of a working ERM framework in the order most organisations put them in place, with worked examples along the way. The final section is a maturity checklist you can use to score your own framework. It draws on widely used reference points such as ISO 31000 and the COSO ERM framework, but it is written for practitioners, so it concentrates on what to do rather than on the standards themselves.",
  ],
  sections: [
    {
      heading: "Start with objectives, not with risks",
      paragraphs: [
        "A risk only means something in relation to an objective. Before you build a register, be clear about what the organisation is trying to achieve over the planning horizon: the strategic priorities, the financial targets and the commitments made to customers, regulators and employees. Risks are then the events or conditions that could cause those objectives to be missed, or exceeded.",
        'Tying risks to objectives does two things. It filters out the long lists of generic hazards that fill many registers, and it gives executives a reason to care. A risk written as "we may fail to launch the new ordering platform this year, delaying the revenue in the plan" is far more useful than "IT project risk".',
      ],
      bullets: [
        "List the five to eight strategic objectives in the current plan and confirm them with the executive team.",
        "For each objective, ask what would have to go wrong, or go unexpectedly right, for it to be missed or beaten.",
        "Write each risk as cause, event and consequence, so that its owner can see exactly what they are managing.",
      ],
    },
    {
      heading: "Set a risk appetite the business can use",
      paragraphs: [
        'Risk appetite is the amount and type of risk the organisation is willing to pursue or accept in pursuit of its objectives. Many appetite statements fail because they are too vague to guide a decision ("we have a low appetite for reputational risk") or so detailed that nobody reads them. A usable statement combines a short qualitative position for each principal risk category with a small number of measurable tolerances.',
        "Appetite should differ by category. Most organisations are cautious about health and safety, legal compliance and the integrity of financial reporting, while accepting more risk in product innovation or market expansion, where taking risk is how value is created. The board should approve the statement and review it whenever the strategy changes materially.",
      ],
      example: {
        title: "Worked example: an appetite statement for one category",
        paragraphs: [
          "Category: operational resilience. Position: we have a low appetite for disruption to the services our customers depend on, and we will invest to keep disruption within the tolerances below.",
        ],
        bullets: [
          "No outage of the customer ordering platform longer than four hours.",
          "No more than two outages of any length in a rolling twelve months.",
          "Critical data recoverable to within fifteen minutes of the point of failure.",
          "Any breach is reported to the executive risk committee within one working day, and to the board at its next meeting with a remediation plan.",
        ],
      },
    },
    {
      heading: "Identify and assess the principal risks",
      paragraphs: [
        "Risk identification works best as a structured conversation rather than a form-filling exercise. Workshops with each business unit, interviews with senior leaders and a review of incidents, audit findings and near misses will surface most of what matters. Look outwards as well: changes in regulation, technology, the supply chain, geopolitics and the climate can create risks that no internal process will reveal.",
        "Assess each risk for likelihood and impact using scales defined in words and, where possible, numbers, so that different assessors reach similar answers. Record the inherent risk (before controls), the residual risk (after the controls that are actually operating) and the target risk that management is working towards.",
      ],
      table: {
        columns: ["Impact score", "Financial effect", "Other effects"],
        widths: [1, 1.3, 2.6],
        rows: [
          ["1 Minimal", "Less than £100k", "No external attention; no effect on customers"],
          ["2 Minor", "£100k to £500k", "Isolated complaints; brief disruption to one service"],
          ["3 Moderate", "£500k to £2m", "Local media coverage; questions from a regulator"],
          ["4 Major", "£2m to £10m", "National media coverage; a formal regulatory review"],
          ["5 Severe", "More than £10m", "Lasting loss of trust; enforcement action or loss of a licence"],
        ],
        note: "An illustrative scale: calibrate the thresholds to the size of your own organisation, and define a likelihood scale in the same way.",
      },
      bullets: [
        "Multiplying likelihood by impact gives a rating out of 25. Agree in advance which ratings count as high, medium and low.",
        "Give extra weight to severe impacts: a risk scoring 5 for impact and 1 for likelihood often deserves more attention than one scoring 3 and 2.",
        "Record the assumptions behind each rating so that it can be challenged and updated.",
      ],
    },
    {
      heading: "Assign ownership and design responses",
      paragraphs: [
        "Every principal risk needs one named owner at senior level who is accountable for it, even when many people manage parts of it. The owner decides on the response, which usually takes one of four forms:",
      ],
      bullets: [
        "Treat: reduce the likelihood or impact through controls, process changes or investment.",
        "Tolerate: accept the risk where it sits within appetite and further action would cost more than it saves.",
        "Transfer: share the risk through insurance, contracts or outsourcing, remembering that accountability stays with you.",
        "Terminate: stop or change the activity that gives rise to the risk.",
      ],
      closing: [
        'Responses should be specific, funded and dated. "Improve supplier oversight" is an intention; "complete due diligence on the twelve critical suppliers by the end of the third quarter, owned by the head of procurement" is an action that can be tracked.',
        "The three lines model helps to clarify roles: management owns and manages risk, risk and compliance functions provide expertise, challenge and monitoring, and internal audit gives independent assurance to the board. It works when each line understands what the others do, not when it is used to build walls between them.",
      ],
    },
    {
      heading: "Monitor with key risk indicators",
      paragraphs: [
        "A register tells you what the risks looked like when it was last updated. Key risk indicators (KRIs) tell you whether exposure is rising now. Good KRIs are leading rather than lagging, are measured from data the business already collects, and have thresholds linked to the risk appetite, so that a breach triggers a defined response.",
      ],
      example: {
        title: "Worked example: indicators for the risk of a critical supplier failing",
        paragraphs: [],
        bullets: [
          "Share of spend in a critical category placed with a single supplier: amber above 40%, red above 60%.",
          "Critical suppliers with an overdue financial health review: amber at one, red at three or more.",
          "Average days late for deliveries from critical suppliers over the last month: amber above two, red above five.",
        ],
      },
      closing: [
        "Review KRIs monthly at management level and report trends, not just the latest value, to the risk committee. Retire indicators that never move or that nobody acts on.",
      ],
    },
    {
      heading: "Report clearly to the board",
      paragraphs: [
        "Board risk reporting should help directors do three things: understand the principal risks and how they are changing, judge whether exposure is within appetite, and decide where to intervene. Most reports fall short by being too long, too backward-looking or too focused on process.",
      ],
      bullets: [
        "Lead with a one-page summary: the principal risks, their trend since the last report and any that sit outside appetite.",
        "Show emerging risks separately, with a view on when they might crystallise.",
        "Explain what has changed and why, and what management is asking the board to decide or to note.",
        "Include a short assurance view: which key controls have been tested, by whom and with what result.",
        "Keep the format consistent so that directors can compare each report with the last.",
      ],
      closing: [
        "In the UK, the Corporate Governance Code asks the boards of companies that apply it to carry out a robust assessment of their emerging and principal risks and to monitor the risk management and internal control framework. Even where the Code does not apply, it is a useful benchmark for what a board should expect to see.",
      ],
    },
    {
      heading: "Embed risk in decisions and culture",
      paragraphs: [
        "A framework is embedded when risk is discussed as a normal part of business decisions: in strategy days, investment cases, project gates, new product approvals and supplier selection. A simple test is to take the last five significant decisions the executive made and ask whether the papers set out the main risks and how they would be managed.",
        "Culture matters as much as process. People need to feel able to raise bad news early without blame, and leaders need to be seen to welcome it. Watch the volume of incident and near-miss reports: a sudden fall is rarely good news.",
      ],
    },
    {
      heading: "ERM maturity checklist",
      paragraphs: [
        "Score your organisation against each statement: 0 if it is not in place, 1 if it is partly in place and 2 if it is fully in place and working. A total below 10 suggests the basics need attention; 10 to 16 indicates a working framework with room to improve; above 16 suggests a mature framework that should now focus on insight and integration.",
      ],
      checklist: {
        title: "Score each statement 0, 1 or 2",
        items: [
          "Principal risks are linked to the objectives in the current strategic plan.",
          "The board has approved a risk appetite statement with measurable tolerances.",
          "Likelihood and impact scales are defined and used consistently.",
          "Every principal risk has a named senior owner and dated actions.",
          "Inherent, residual and target ratings are recorded for each principal risk.",
          "Key risk indicators with thresholds are reviewed at least monthly.",
          "Emerging risks are identified and reviewed at least twice a year.",
          "Board reporting shows trends, breaches of appetite and the decisions required.",
          "The internal audit plan is informed by the principal risks.",
          "Major investment and project decisions include a documented risk assessment.",
        ],
      },
    },
  ],
  nextSteps: plan(
    "Start small and build momentum. Confirm the objectives, agree the scales and run one well-prepared workshop with the executive team to agree the principal risks. A first board report built on that work will teach you more than months of framework design.",
    ["risk-management"],
    "takes participants through each step of this guide using their own organisation's risks, and they leave with a working appetite framework, a sharper register and a board-ready report.",
  ),
  disclaimer,
};

/* ---- Financial Analysis Toolkit for Business Leaders ---- */

const financeToolkit: GuideText = {
  id: "finance-toolkit",
  subtitle:
    "The ratios, cash flow tests and valuation essentials you need to read financial statements with confidence and to challenge a business case.",
  introduction: [
    "Every business leader makes decisions that depend on financial information: approving a budget, backing an investment, choosing a supplier or judging whether a division is performing. You do not need to be an accountant to do this well, but you do need a small set of reliable tools and the confidence to ask the right questions.",
    "This toolkit brings together the analysis that finance professionals use most often, explained in plain language with worked examples based on a fictional company. Use it alongside your own organisation's accounts: the tools only become second nature when you apply them to numbers you know.",
  ],
  sections: [
    {
      heading: "Read the three statements together",
      paragraphs: [
        "The income statement shows performance over a period: revenue, costs and the resulting profit. The balance sheet shows the position at a point in time: what the business owns, what it owes and the equity that belongs to its shareholders. The cash flow statement links the two, showing how much cash the business actually generated and where it went.",
        "Read them together rather than one at a time. Profit that does not turn into cash, growth funded by ever-longer customer credit, or long-term assets financed with short-term borrowing only become visible when you look across the statements.",
      ],
      bullets: [
        "Start with the cash flow statement: is operating cash flow positive, and how does it compare with operating profit?",
        "Then read the balance sheet: how have receivables, inventory and debt moved compared with revenue?",
        'Finally, read the income statement and the notes, looking for one-off items, changes in accounting policy and anything described as "adjusted".',
      ],
    },
    {
      heading: "The essential ratios",
      paragraphs: [
        "Ratios turn the statements into measures you can compare over time and against competitors. No single ratio tells the whole story, so use a small set that covers profitability, efficiency, liquidity and financial strength, and always look at the trend over at least three years.",
      ],
      table: {
        columns: ["Ratio", "How to calculate it", "What it tells you"],
        widths: [1.15, 1.75, 1.75],
        rows: [
          ["Gross margin", "Gross profit / revenue", "Pricing power and control of direct costs"],
          ["Operating margin", "Operating profit / revenue", "Profitability after overheads"],
          [
            "Return on capital employed",
            "Operating profit / (total assets - current liabilities)",
            "How well the business uses the capital invested in it",
          ],
          ["Current ratio", "Current assets / current liabilities", "Ability to meet short-term obligations"],
          ["Receivable days", "Trade receivables / revenue × 365", "How quickly customers pay"],
          ["Inventory days", "Inventory / cost of sales × 365", "How long stock is held before it is sold"],
          ["Payable days", "Trade payables / cost of sales × 365", "How long the business takes to pay suppliers"],
          ["Net debt to EBITDA", "(Borrowings - cash) / EBITDA", "Years of earnings needed to repay debt"],
          ["Interest cover", "Operating profit / interest expense", "Headroom to pay the interest on debt"],
        ],
        note: "Definitions vary between organisations, particularly for capital employed and EBITDA. Whichever you use, apply them consistently and state them in any report.",
      },
    },
    {
      heading: "Worked example: analysing a distributor",
      paragraphs: [
        "Northfield Supplies is a fictional wholesale distributor. Its latest accounts show revenue of £40m, cost of sales of £30m, operating profit of £3.2m, depreciation and amortisation of £0.8m and interest expense of £0.8m. At the year end it had trade receivables of £8m, inventory of £6m, trade payables of £4m, borrowings of £14m and cash of £2m.",
      ],
      example: {
        title: "The calculations",
        paragraphs: [],
        bullets: [
          "Gross margin: £10m / £40m = 25%. Operating margin: £3.2m / £40m = 8%.",
          "Receivable days: £8m / £40m × 365 = 73 days. Inventory days: £6m / £30m × 365 = 73 days. Payable days: £4m / £30m × 365 = 49 days.",
          "Cash conversion cycle: 73 + 73 - 49 = 97 days between paying suppliers and collecting cash from customers.",
          "EBITDA: £3.2m + £0.8m = £4.0m. Net debt to EBITDA: (£14m - £2m) / £4.0m = 3.0 times. Interest cover: £3.2m / £0.8m = 4.0 times.",
        ],
      },
      closing: [
        "The business is profitable, but customers take more than ten weeks to pay and stock sits for a similar period, so every pound of growth will absorb cash. With net debt at three times EBITDA, the questions for management are whether customer terms can be tightened, whether inventory can be reduced without hurting service, and how much headroom remains under the lender's covenants.",
      ],
    },
    {
      heading: "Test the quality of earnings and cash",
      paragraphs: [
        "Profit depends on judgement: when to recognise revenue, how to value inventory, how long assets will last and what provisions are needed. Two businesses with identical trading can report different profits. Cash is much harder to flatter, which makes it the best test of whether reported profit is real.",
      ],
      bullets: [
        "Cash conversion: operating cash flow divided by operating profit. A ratio persistently well below 100% deserves an explanation.",
        "Working capital: receivables or inventory growing faster than revenue can signal collection problems, obsolete stock or aggressive revenue recognition.",
        "Capital expenditure against depreciation: spending well below depreciation for several years may mean the asset base is being run down.",
        'Adjusted profit: compare adjusted and statutory profit, and check whether "one-off" costs recur year after year.',
        "Free cash flow: operating cash flow after interest, tax and capital expenditure is what is actually available to repay debt, invest or return to shareholders.",
      ],
    },
    {
      heading: "Valuation and investment appraisal essentials",
      paragraphs: [
        "Most investment decisions come down to one question: will the cash the project generates be worth more than the cash it requires, once timing and risk are taken into account? Three tools answer it in different ways.",
      ],
      bullets: [
        "Payback period: how long it takes for cumulative cash inflows to repay the investment. Simple and intuitive, but it ignores the time value of money and everything after the payback point.",
        "Net present value (NPV): future cash flows discounted at the organisation's cost of capital, minus the investment. A positive NPV means the project is expected to create value.",
        "Internal rate of return (IRR): the discount rate at which the NPV is zero. Useful for comparison, but it can mislead when projects differ in size or timing, so use it alongside NPV rather than instead of it.",
      ],
      example: {
        title: "Worked example: a £1m automation project",
        paragraphs: [
          "An investment of £1m in warehouse automation is expected to save £300,000 a year for five years, with no residual value. The organisation's cost of capital is 10%.",
        ],
        bullets: [
          "Payback: £1m / £300,000 = 3.3 years.",
          "NPV: the five-year annuity factor at 10% is 3.791, so the savings are worth £300,000 × 3.791 = £1,137,300 today, an NPV of about £137,000.",
          "IRR: the savings are worth exactly £1m at a discount rate of about 15.2%, comfortably above the 10% cost of capital.",
        ],
      },
      closing: [
        "A positive NPV is only as good as its assumptions. Before approving, ask what happens if the savings are lower or arrive later. Here, savings of £240,000 a year instead of £300,000 would turn the NPV negative, to about minus £90,000: the case is more fragile than the headline suggests.",
      ],
    },
    {
      heading: "Challenge a business case before it reaches the board",
      paragraphs: [
        "A business case is an argument, and like any argument it should be tested. The most common weaknesses are optimistic revenue, understated costs and timescales, benefits counted twice, and no honest comparison with doing nothing or doing something smaller.",
      ],
      checklist: {
        title: "Ten questions to ask of any business case",
        items: [
          "What happens if we do nothing, and is that option compared fairly?",
          "Which three assumptions drive most of the value, and what evidence supports them?",
          "How does the NPV change if revenue is 10% lower, costs 10% higher or delivery six months late?",
          "Are the benefits genuinely additional, or are they already in the budget or another case?",
          "Are all costs included: implementation, training, running costs and eventual decommissioning?",
          "Is the discount rate the organisation's agreed cost of capital, adjusted for the project's risk?",
          "What is the peak funding requirement, and when is it needed?",
          "Who owns delivery of the benefits, and how will they be measured after launch?",
          "What are the main risks, and what would cause us to stop?",
          "How does this compare with the other uses of the same capital?",
        ],
      },
    },
  ],
  nextSteps: plan(
    "Financial confidence comes from practice. Each quarter, pick one set of accounts (your own organisation's, a competitor's or a key supplier's) and work through the ratios and tests in this toolkit. Keep a one-page note of the trends you see and the questions they raise, and discuss it with your finance team.",
    ["financial-analysis"],
    "builds these skills on a real set of accounts: participants model and interpret company performance and present a recommendation to a mock investment committee on the final day.",
  ),
  disclaimer,
};

/* ---- Implementing Sustainable Business Practices ---- */

const sustainabilityGuide: GuideText = {
  id: "sustainability-guide",
  subtitle:
    "A step-by-step approach to governance, materiality, carbon footprinting, target setting and reporting that stands up to scrutiny.",
  introduction: [
    "Most organisations have moved beyond asking whether sustainability matters. Customers raise it in tenders, investors and lenders raise it in due diligence, employees raise it at interview, and reporting requirements continue to grow. The challenge now is delivery: turning commitments into a programme that changes how the business operates, and that can withstand scrutiny from people who will check the claims.",
    "This guide sets out a practical sequence for building that programme. It does not assume a large sustainability team. It is written for leaders in finance, operations, risk and strategy who have been asked to make sustainability real, and who need to know where to start and what good looks like.",
  ],
  sections: [
    {
      heading: "Establish governance and ownership",
      paragraphs: [
        "Sustainability programmes stall when they sit with a small team or a single champion who has no authority over the parts of the business that need to change. Before launching initiatives, be clear who is accountable at board and executive level, how decisions will be made and how progress will be reported.",
      ],
      bullets: [
        "Give the board clear oversight, directly or through a committee, with sustainability on its agenda at least twice a year.",
        "Make one executive accountable for the programme, and give operational leaders targets in their own areas.",
        "Once reliable data exists, link part of management incentives to a small number of measurable sustainability outcomes.",
        "Bring finance in early: the data, controls and discipline of financial reporting are what make sustainability figures trustworthy.",
      ],
    },
    {
      heading: "Carry out a materiality assessment",
      paragraphs: [
        "A materiality assessment identifies the sustainability topics that matter most to your organisation and its stakeholders, so that effort goes where it makes a difference. Increasingly, organisations look at materiality from two directions, known as double materiality: the impact the business has on people and the environment, and the effect that sustainability matters have on the business's own financial performance and prospects.",
      ],
      bullets: [
        "Build a long list of topics from sector guidance, peers' reports, regulation and your own operations.",
        "Engage stakeholders (customers, employees, investors, suppliers and communities) through interviews, surveys and existing feedback.",
        "Score each topic for the severity and likelihood of its impacts, and for its potential financial effect on the business.",
        "Validate the results with senior management and the board, and document the method so that it can be repeated and assured.",
      ],
      closing: [
        "Revisit the assessment every year and repeat it in full every two to three years, or sooner if the business changes significantly through an acquisition, a new market or a new product line.",
      ],
    },
    {
      heading: "Measure your carbon footprint",
      paragraphs: [
        "Carbon footprinting normally follows the Greenhouse Gas Protocol, which divides emissions into three scopes. Scope 1 covers direct emissions from sources you own or control, such as gas boilers and company vehicles. Scope 2 covers emissions from the electricity, heat and steam you buy. Scope 3 covers all other indirect emissions in your value chain, upstream and downstream, across fifteen categories including purchased goods and services, business travel, employee commuting and the use of sold products.",
        "For many organisations Scope 3 is the largest part of the footprint and the hardest to measure. Do not let that delay you: start with what you can measure well, estimate the rest with spend-based methods, and improve the data over time.",
      ],
      bullets: [
        "Set the organisational boundary (operational control, financial control or equity share) and apply it consistently.",
        "Collect activity data: fuel and energy use from invoices and meters, travel from booking systems and purchases from the finance ledger.",
        "Apply recognised emission factors, such as the conversion factors the UK government publishes each year for company reporting, and record the source and year of each one.",
        "Report Scope 2 both on a location basis (the average grid mix) and on a market basis (reflecting the electricity contracts you hold).",
        "Choose a base year with reliable data, and set a policy for recalculating it after acquisitions, disposals or changes of method.",
      ],
      example: {
        title: "Worked example: a first footprint for an office-based firm",
        paragraphs: [
          "A fictional professional services firm with three offices gathers twelve months of gas and electricity invoices, mileage claims, travel bookings and its purchase ledger. Once conversion factors are applied, its offices turn out to be a small part of the total: purchased goods and services and business travel account for most of its footprint. Its reduction plan therefore centres on a new travel policy and on working with its largest suppliers, alongside the office energy measures it had originally planned.",
        ],
      },
    },
    {
      heading: "Set credible targets",
      paragraphs: [
        "Targets turn ambition into commitment, but only if they are specific, grounded in science where possible and backed by a plan. A net zero commitment for 2050 without near-term milestones invites the criticism that it is a promise for someone else to keep.",
      ],
      bullets: [
        "Set near-term targets for the next five to ten years as well as a long-term goal, and include Scope 3 where it is a significant part of the footprint.",
        "Consider having targets validated by the Science Based Targets initiative, which assesses whether corporate targets are consistent with the goals of the Paris Agreement.",
        "Put reducing your own emissions first. Use carbon credits, if at all, for residual emissions or to go beyond your targets, never as a substitute for reduction.",
        "Build a reduction plan that shows which actions deliver which part of the target, with costs, owners and dates.",
        "Apply the same discipline to other material topics, such as waste, water, workforce diversity or supplier standards.",
      ],
    },
    {
      heading: "Deliver the programme",
      paragraphs: [
        "Delivery is where most programmes succeed or fail. Treat sustainability like any other strategic change programme, with a portfolio of funded projects, clear owners, milestones and regular review. Typical workstreams include:",
      ],
      bullets: [
        "Energy and operations: efficiency measures, electrification of heating and vehicles, and renewable electricity procurement.",
        "Procurement: sustainability criteria in supplier selection, requests for key suppliers' own emissions data and targets, and joint reduction projects.",
        "Products and services: design for durability, repair and recycling, and attention to the emissions your products cause in use.",
        "People: training to build capability, and giving teams the data and authority to act.",
        "Capital allocation: a carbon price or other sustainability criteria in investment appraisal, so that decisions made today do not lock in emissions for decades.",
      ],
    },
    {
      heading: "Report with integrity",
      paragraphs: [
        "Reporting requirements are expanding and converging. The International Sustainability Standards Board (ISSB) has issued IFRS S1 and IFRS S2, which build on the recommendations of the Task Force on Climate-related Financial Disclosures, and many jurisdictions, including the UK, are adopting or adapting them. Groups with significant operations in the European Union may also fall within the Corporate Sustainability Reporting Directive, and large UK companies already report energy use and emissions under the Streamlined Energy and Carbon Reporting rules. Whatever the framework, the principles of good reporting are the same:",
      ],
      bullets: [
        "Be balanced: report setbacks and missed targets as well as progress.",
        "Be consistent: use the same methods and boundaries each year, and explain any change.",
        'Be specific: claims such as "green", "sustainable" or "carbon neutral" need clear evidence and a defined scope. The Competition and Markets Authority\'s Green Claims Code sets out what is expected of environmental claims in the UK.',
        "Be assurable: keep records of data sources, calculations and controls that an auditor can follow, and consider independent assurance of key metrics.",
      ],
    },
    {
      heading: "Programme readiness checklist",
      paragraphs: [
        "Use these statements to test whether your programme would stand up to scrutiny from an investor, a customer or an auditor. Each one you cannot yet tick is a candidate for your next quarter's priorities.",
      ],
      checklist: {
        title: "Is your programme ready for scrutiny?",
        items: [
          "A named executive is accountable, and the board reviews progress at least twice a year.",
          "A documented materiality assessment has been completed within the last three years.",
          "Scope 1 and 2 emissions are measured from actual data, against a defined base year.",
          "The material Scope 3 categories have been identified and estimated.",
          "Near-term and long-term targets are set, with a costed reduction plan.",
          "Sustainability criteria are used in procurement and investment decisions.",
          "Data sources, methods and controls are documented so that figures can be assured.",
          "Every public claim has been checked against the evidence behind it.",
        ],
      },
    },
  ],
  nextSteps: plan(
    "Choose one step in this guide that your organisation has not yet completed and make it the priority for the next quarter. For many, that is a first materiality assessment or a first full carbon footprint: both create the evidence on which everything else depends.",
    ["esg-strategy", "carbon-accounting"],
    "cover this ground in depth: participants build an ESG strategy and disclosure roadmap, or a complete greenhouse gas inventory under the GHG Protocol, for a case organisation.",
  ),
  disclaimer,
};

export const guideTexts: Record<GuideId, GuideText> = {
  "risk-guide": riskGuide,
  "finance-toolkit": financeToolkit,
  "sustainability-guide": sustainabilityGuide,
};

/** The guide `id` as the PDF lays it out, its closing section naming courses and a pillar as `content` has them (the published content). */
export function guideDocument(id: GuideId, content: GuideSiteContent): GuideDocument {
  const text = guideTexts[id];
  return { ...text, nextSteps: nextSteps(id, text.nextSteps, content) };
}
