/**
 * Accounting and Auditing pillar courses (spec sections 1, 3 and 9).
 * Shared course esg-accounting lives in sustainability.ts with this pillar as
 * its second pillar.
 */
import type { CourseInput } from "../../schema.ts";

export const accountingAuditingCourses = [
  {
    id: "financial-analysis",
    pillars: ["accounting-auditing"],
    title: "Financial Analysis",
    subtitle:
      "Turn financial statements into decisions: ratios, cash flow, forecasts and valuation for the people who have to make the call.",
    shortDescription:
      "An intensive, hands-on programme in reading, modelling and interpreting company performance. You build a working analysis of a real set of accounts and present a recommendation to a mock investment committee on day five.",
    cardDescription:
      "Ratio and cash flow analysis, three-statement forecasting and valuation basics, applied to real company accounts and finished with a board-style recommendation.",
    cardTarget: "For finance business partners, analysts and managers who support commercial and investment decisions",
    overview: `
Most managers can read a profit figure; far fewer can explain why cash has fallen while profit has risen, whether a margin is sustainable, or what a business is actually worth. This programme gives you a disciplined, repeatable way to answer those questions from published accounts and management information.

Each day builds one layer of a single analysis of a real company: ratio analysis on day one, cash flow and working capital on day two, a three-statement forecast on day three and a valuation on day four. On day five you draw the work together into a recommendation and defend it in front of a mock investment committee.

The emphasis is on judgement rather than formulae. You will learn which ratios matter for which business models, how accounting choices distort comparisons, and how to present uncertainty honestly so that decision-makers can act on your analysis with confidence.
`,
    benefits: [
      "Diagnose profitability, efficiency, liquidity and leverage with a structured ratio framework you can reuse on any company",
      "Explain the gap between profit and cash, and spot working capital pressure before it becomes a funding problem",
      "Build a linked three-statement forecast that balances, can be audited and answers real management questions",
      "Value a business using discounted cash flow and market multiples, and reconcile the results into a defensible range",
      "Frame financial recommendations that non-specialist executives and boards can understand and act on",
      "Leave with tested models and templates you can apply to your own organisation's numbers straight away",
    ],
    targetAudience: [
      "Finance business partners and management accountants moving into decision-support roles",
      "Financial and commercial analysts who want to strengthen their modelling and valuation judgement",
      "Operational and commercial managers who own a P&L and present investment cases",
      "Strategy, corporate development and investor relations professionals",
      "Credit, procurement and supplier-risk teams who assess the financial health of counterparties",
    ],
    curriculum: [
      {
        day: 1,
        title: "Reading performance through ratios",
        topics: [
          "How the income statement, balance sheet and cash flow statement fit together",
          "Profitability, efficiency, liquidity and leverage ratios, and what each one really tells you",
          "DuPont analysis: decomposing return on equity into margin, asset turnover and leverage",
          "Benchmarking against peers and adjusting for differences in accounting policy",
          "Workshop: building a ratio dashboard for a listed UK company",
        ],
      },
      {
        day: 2,
        title: "Cash flow and working capital",
        topics: [
          "Why profit and cash diverge: accruals, working capital and capital expenditure",
          "Cash conversion, free cash flow and the quality of operating cash flow",
          "The working capital cycle: receivable, inventory and payable days",
          "IFRS 16 leases and their effect on EBITDA, leverage and cash flow presentation",
          "Case study: diagnosing a cash squeeze in a fast-growing business",
        ],
      },
      {
        day: 3,
        title: "Forecasting and financial modelling",
        topics: [
          "Structuring a three-statement model that balances and can be reviewed by others",
          "Revenue and cost drivers, and keeping assumptions separate from calculations",
          "Scenario and sensitivity analysis for the questions leaders actually ask",
          "Testing a forecast before you rely on it: common modelling errors and review checks",
          "Workshop: a multi-year forecast for the case company",
        ],
      },
      {
        day: 4,
        title: "Valuation basics",
        topics: [
          "Enterprise value, equity value and the bridge between them",
          "Discounted cash flow: free cash flow, discount rates and terminal value",
          "Trading and transaction multiples, and when they mislead",
          "Reconciling valuation methods into a defensible range",
          "Workshop: valuing the case company",
        ],
      },
      {
        day: 5,
        title: "Decision support and capstone",
        topics: [
          "Investment appraisal with NPV, IRR and payback, and the blind spots of each",
          "Structuring a financial recommendation for a non-specialist audience",
          "Presenting uncertainty honestly: ranges, scenarios and key risks",
          "Capstone: presenting an investment recommendation to a mock investment committee",
          "Personal action plan for applying the tools in your own role",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "How much finance knowledge do I need before attending?",
        answer:
          "You should be comfortable reading a set of accounts and know the difference between profit and cash. If you are newer to finance, our Finance for Non-Financial Managers course is the better starting point.",
      },
      {
        question: "Which accounting framework does the course use?",
        answer:
          "The case material is prepared under IFRS. Where UK GAAP (FRS 102) would give a materially different picture, for example on leases, the trainers point out the difference and how to adjust for it.",
      },
      {
        question: "Do I need advanced Excel skills?",
        answer:
          "You need working familiarity with Excel formulas and cell references. We provide structured model templates, and the trainers support anyone less confident in modelling during the workshops.",
      },
      {
        question: "Can the case work use our own company's accounts?",
        answer:
          "For in-house and customised deliveries, yes. We can build the case work around your published accounts or, under appropriate confidentiality arrangements, your management information.",
      },
    ],
    relatedCourseIds: ["financial-statement-analysis", "corporate-finance", "effective-budgeting"],
    certification:
      "Certificate of Completion in Financial Analysis, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Financial Analysis Course in London | Meridian Executive Training",
      description:
        "Ratio analysis, cash flow, forecasting and valuation applied to real company accounts. An intensive, hands-on financial analysis course in London.",
    },
  },
  {
    id: "financial-statement-analysis",
    pillars: ["accounting-auditing"],
    title: "Financial Statement Analysis",
    subtitle:
      "Read IFRS accounts the way an experienced analyst, auditor or credit committee does: beyond the headline numbers and into the notes.",
    shortDescription:
      "A technical programme on IFRS financial statements, the judgements behind them and the signals that reported earnings may not be what they seem. You work through real annual reports from the primary statements to the notes, and finish with a full quality-of-earnings review.",
    cardDescription:
      "IFRS statements in depth: revenue, leases, impairment and provisions, quality of earnings, what the notes reveal and the red flags that precede corporate failures.",
    cardTarget:
      "For analysts, auditors, credit and investment professionals who rely on published financial statements",
    overview: `
Financial statements are built on judgements: when revenue is recognised, how assets are valued, which obligations are provided for and which are only disclosed. Analysts who read only the primary statements miss much of what matters. This programme teaches you to read a set of IFRS accounts completely and critically.

You will work through the key standards that shape reported performance, including IFRS 15 on revenue, IFRS 16 on leases, IFRS 9 on financial instruments, IAS 36 on impairment and IAS 37 on provisions, and look ahead to IFRS 18, which replaces IAS 1 with a new structure for the income statement. The focus throughout is on what each standard means for the numbers an analyst uses, not on bookkeeping.

The second half of the week turns to quality of earnings: accruals, cash conversion, alternative performance measures, supplier finance and the governance signals that have preceded well-known corporate failures. On day five you carry out a structured quality-of-earnings review of a listed company and present your conclusions to a mock credit committee.
`,
    benefits: [
      "Read a full set of IFRS financial statements, including the notes and accounting policies, with confidence and speed",
      "Understand the management judgements behind revenue, leases, impairment and provisions, and how they move reported profit",
      "Assess the quality and sustainability of earnings, and separate recurring performance from adjustments and one-off items",
      "Recognise the warning signs of aggressive accounting and financial distress before they reach the headlines",
      "Use the auditor's report and key audit matters as a guide to where the risks in a set of accounts lie",
      "Leave with a reusable quality-of-earnings checklist and analysis file",
    ],
    targetAudience: [
      "Equity and credit analysts, portfolio managers and investment committee members",
      "External and internal auditors who want a sharper analytical view of the accounts they review",
      "Lenders, credit risk managers and those assessing counterparties and suppliers",
      "Corporate development and M&A professionals carrying out financial due diligence",
      "Audit committee members and non-executive directors with finance responsibilities",
      "Financial controllers and reporting specialists who want to see their accounts as users do",
    ],
    objectives: [
      "Explain how the primary IFRS statements are constructed and how they articulate with one another",
      "Interpret the key accounting judgements in revenue, leases, financial instruments, impairment and provisions, and their effect on reported results",
      "Assess the quality and sustainability of earnings, including the use and reconciliation of alternative performance measures",
      "Extract decision-relevant information from the notes, the accounting policies and the auditor's report",
      "Recognise the warning signs of aggressive accounting and financial distress, and frame the questions to put to management",
      "Produce and present a structured quality-of-earnings review of a listed company",
    ],
    prerequisites: [
      "A working knowledge of double-entry accounting and the structure of a set of financial statements",
      "Experience of reading annual reports in a professional capacity, or completion of our Financial Analysis course or equivalent",
      "A laptop with Microsoft Excel for the case work",
    ],
    curriculum: [
      {
        day: 1,
        title: "The IFRS framework and the primary statements",
        topics: [
          "The Conceptual Framework and where management judgement enters the numbers",
          "The statement of financial position and the statement of profit or loss and other comprehensive income",
          "The statement of cash flows: classification choices and why they matter to analysts",
          "The statement of changes in equity and what it reveals about capital transactions",
          "IFRS 18: defined subtotals, management-defined performance measures and disaggregation",
        ],
      },
      {
        day: 2,
        title: "Revenue, costs and the income statement",
        topics: [
          "IFRS 15: performance obligations, timing of recognition, and principal versus agent",
          "Contract assets, contract liabilities and the signals in their movements",
          "Capitalising versus expensing: development costs, software and contract costs",
          "Alternative performance measures: adjusted profit, reconciliations and one-off items that recur",
          "Workshop: restating a company's earnings onto a consistent basis",
        ],
      },
      {
        day: 3,
        title: "The balance sheet and the notes",
        topics: [
          "IFRS 16 leases and what the lease liability tells you",
          "IFRS 9: classification of financial assets and expected credit losses",
          "IAS 36 impairment: cash-generating units, discount rates and headroom disclosures",
          "IAS 37 provisions and contingent liabilities",
          "Pensions, deferred tax and other long-term obligations",
          "Workshop: mining the notes of an annual report for hidden commitments",
        ],
      },
      {
        day: 4,
        title: "Quality of earnings and red flags",
        topics: [
          "Accruals analysis and the relationship between earnings and operating cash flow",
          "Working capital management, channel stuffing and bill-and-hold arrangements",
          "Supplier finance and reverse factoring, and the disclosures required under IAS 7 and IFRS 7",
          "Related parties, changes of auditor, going concern and other governance signals",
          "Case studies: lessons from Carillion, Wirecard and other public failures",
        ],
      },
      {
        day: 5,
        title: "Capstone: a full quality-of-earnings review",
        topics: [
          "Reading the auditor's report: key audit matters, emphasis of matter and modified opinions",
          "Building a structured analysis file from the statements, notes and narrative reporting",
          "Capstone: a team quality-of-earnings review of a listed company, presented to a mock credit committee",
          "Individual feedback and a personal checklist for future analysis",
        ],
      },
    ],
    theoryPracticeSplit: "40/60",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "How is this different from the Financial Analysis course?",
        answer:
          "Financial Analysis is broader, covering forecasting, valuation and decision support. Financial Statement Analysis goes deeper into the statements themselves: the accounting standards, the notes and the judgements that shape reported results.",
      },
      {
        question: "Does the course cover IFRS 18?",
        answer:
          "Yes. We cover the new income statement categories, defined subtotals and management-defined performance measures, so you can read companies' transition disclosures and compare results presented under IAS 1 and IFRS 18.",
      },
      {
        question: "Is UK GAAP covered?",
        answer:
          "The course is built on IFRS. Where FRS 102 differs in ways that matter to an analyst, including the changes from the FRC's recent periodic review on revenue and leases, the trainers highlight the differences.",
      },
      {
        question: "Will this make me a forensic accountant?",
        answer:
          "No. It is a practitioner programme that teaches you to identify warning signs and ask the right questions. It does not replace a forensic investigation or an audit, and we are clear about where those specialists are needed.",
      },
    ],
    relatedCourseIds: ["financial-analysis", "internal-audit", "esg-accounting"],
    certification:
      "Certificate of Completion in Financial Statement Analysis, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Financial Statement Analysis Course | IFRS and Quality of Earnings",
      description:
        "Read IFRS accounts in depth: revenue, leases, impairment, the notes, quality of earnings and red flags. A technical course for analysts and auditors.",
    },
  },
  {
    id: "corporate-finance",
    pillars: ["accounting-auditing"],
    title: "Corporate Finance",
    subtitle:
      "How companies fund themselves, price their capital and decide where to invest: the core toolkit of the finance function and the boardroom.",
    shortDescription:
      "A rigorous, practical programme in the decisions that create or destroy shareholder value: the cost of capital, investment appraisal, capital structure and the fundamentals of mergers and acquisitions. Run as a smaller group, so every participant receives individual feedback on their modelling.",
    cardDescription:
      "Capital structure, cost of capital, investment appraisal and M&A fundamentals, taught through live cases and a board-level capital allocation capstone in a smaller group.",
    cardTarget:
      "For finance managers, treasury and corporate development professionals, and executives who approve capital decisions",
    overview: `
Every significant business decision is ultimately a corporate finance decision: whether to invest, how to fund it, what return to demand and what to pay for an acquisition. This programme gives you the frameworks that finance directors, investors and advisers use, and the practical judgement to apply them to real situations.

You start with value and risk, building a weighted average cost of capital for a listed company from market data. You then appraise investment proposals, compare financing options and their effect on risk and flexibility, and learn how acquisitions are valued, structured and paid for.

The course is run as a smaller group than our standard programmes because so much of the learning comes from building and defending models. On day five you present a combined investment and financing recommendation to a mock board, and receive detailed individual feedback.
`,
    benefits: [
      "Estimate a cost of capital you can defend, and understand the judgement calls inside every WACC",
      "Appraise investments with NPV, IRR and payback, and know when the methods disagree and why",
      "Evaluate financing choices between debt and equity, and their effect on risk, ratings and flexibility",
      "Understand dividend and share buyback policy and how investors read it",
      "Value an acquisition target and test whether the price paid can be justified by realistic synergies",
      "Present capital allocation recommendations with the clarity boards expect",
    ],
    targetAudience: [
      "Finance managers and financial controllers preparing for finance director roles",
      "Treasury, corporate development and strategy professionals",
      "Business unit leaders who prepare or approve capital investment cases",
      "Analysts in banking, advisory and private equity who want a rigorous grounding in corporate finance",
      "Non-executive directors and investment committee members",
    ],
    curriculum: [
      {
        day: 1,
        title: "Value, risk and the cost of capital",
        topics: [
          "The objective of the firm and how value is created and measured",
          "Risk and return: diversification, beta and the capital asset pricing model",
          "Estimating the cost of equity and the cost of debt from market data",
          "Building a weighted average cost of capital, and the judgement calls within it",
          "Workshop: a WACC for a UK listed company",
        ],
      },
      {
        day: 2,
        title: "Investment appraisal",
        topics: [
          "Relevant cash flows: incremental, after-tax and inflation-consistent",
          "NPV, IRR, payback and the profitability index, and when they disagree",
          "Capital rationing and prioritising a portfolio of projects",
          "Sensitivity, scenario and break-even analysis",
          "Workshop: appraising a capital investment proposal",
        ],
      },
      {
        day: 3,
        title: "Capital structure and financing",
        topics: [
          "Modigliani and Miller, the trade-off theory and the pecking order in practice",
          "Debt capacity, credit ratings, covenants and headroom",
          "Equity financing: rights issues, placings and private capital",
          "Dividend policy and share buybacks",
          "Simulation: choosing a financing package for an expansion",
        ],
      },
      {
        day: 4,
        title: "Mergers and acquisitions: the essentials",
        topics: [
          "Strategic rationale and the realistic sources of synergy",
          "Valuing a target: DCF, comparable companies and precedent transactions",
          "Paying for a deal: cash, shares and the effect on earnings per share",
          "Due diligence and the main risks to deal value",
          "Case study: evaluating a takeover bid",
        ],
      },
      {
        day: 5,
        title: "Capital allocation in the boardroom",
        topics: [
          "Working capital and treasury management as sources of value",
          "Writing a capital allocation paper for a board",
          "Capstone: a team recommendation to a mock board on an investment and how to fund it",
          "Individual feedback and a personal action plan",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "Why is the group smaller than on other courses?",
        answer:
          "Much of the learning comes from building models and defending them in front of the group. A smaller cohort means every participant's model and board presentation receives detailed individual feedback from the trainers.",
      },
      {
        question: "How mathematical is the course?",
        answer:
          "You will use discounting, basic statistics and spreadsheet modelling, but the emphasis is on interpretation and judgement. All formulae are explained from first principles, and templates are provided.",
      },
      {
        question: "Does the course cover takeover regulation?",
        answer:
          "We introduce the role of the Takeover Code and the Takeover Panel in UK public company deals at an overview level, so you understand the process and its constraints. The course does not provide legal advice.",
      },
      {
        question: "What should I take after this course?",
        answer:
          "Advanced Corporate Finance builds directly on this programme, covering valuation under uncertainty, real options, leveraged buyouts, deal structuring and capital markets.",
      },
    ],
    relatedCourseIds: ["advanced-corporate-finance", "financial-analysis", "strategic-planning"],
    groupSize: 10,
    certification:
      "Certificate of Completion in Corporate Finance, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Corporate Finance Course in London | Meridian Executive Training",
      description:
        "Cost of capital, investment appraisal, capital structure and M&A fundamentals in a small-group, practical corporate finance course in London.",
    },
  },
  {
    id: "advanced-corporate-finance",
    pillars: ["accounting-auditing"],
    title: "Advanced Corporate Finance",
    subtitle:
      "Valuation under uncertainty, real options, leveraged buyouts and deal structuring for professionals who already know the fundamentals.",
    shortDescription:
      "An advanced programme for experienced practitioners who need to value and structure complex transactions. You build probabilistic valuations and a full LBO model, negotiate a term sheet and defend a transaction structure to an investment committee.",
    cardDescription:
      "Probabilistic valuation, real options, LBO modelling, deal structuring and capital markets, taught through models, negotiation simulations and a transaction capstone.",
    cardTarget:
      "For experienced finance, corporate development, private equity and advisory professionals working on transactions",
    overview: `
Standard corporate finance tools assume a single forecast and a single discount rate. Real transactions involve deep uncertainty, staged decisions, layered financing and negotiated terms that move value between buyer and seller. This programme equips you to handle that complexity with rigour.

You will move beyond single-point DCF to scenario-weighted and simulation-based valuation, value managerial flexibility with real options, and build a leveraged buyout model from sources and uses through to returns. The later days cover how deals are structured and negotiated, and how companies raise capital in equity and debt markets.

The programme is designed for people who already use DCF and cost of capital in their work. It is intensive and model-based, and concludes with a capstone in which teams structure a transaction and defend it to a mock investment committee.
`,
    benefits: [
      "Value businesses and projects under genuine uncertainty using scenarios and Monte Carlo simulation",
      "Quantify the value of flexibility to expand, defer or abandon, and explain it to sceptical decision-makers",
      "Build and stress-test a leveraged buyout model and understand where sponsor returns really come from",
      "Understand the mechanics of locked-box and completion accounts, earn-outs and other structuring tools",
      "Compare equity, debt and hybrid financing routes and their implications for control and risk",
      "Negotiate deal terms with a clear view of how each clause transfers value and risk",
    ],
    targetAudience: [
      "Corporate development, M&A and strategy professionals",
      "Private equity, venture and infrastructure investment professionals",
      "Transaction services, valuation and corporate finance advisers",
      "Treasury and finance leaders responsible for capital raising",
      "Finance directors and CFOs preparing for significant transactions",
    ],
    prerequisites: [
      "Completion of our Corporate Finance course, or equivalent practical experience of DCF valuation and the cost of capital",
      "Confident use of Excel for financial modelling, including building linked schedules",
      "Familiarity with reading IFRS financial statements",
    ],
    curriculum: [
      {
        day: 1,
        title: "Valuation under uncertainty",
        topics: [
          "The limits of single-point DCF forecasts",
          "Scenario-weighted and probability-weighted valuation",
          "Monte Carlo simulation in spreadsheet models",
          "Valuing loss-making, high-growth and cyclical businesses",
          "Country risk, currency and inflation in cross-border valuation",
        ],
      },
      {
        day: 2,
        title: "Real options",
        topics: [
          "Managerial flexibility as value: options to expand, defer, abandon and switch",
          "Binomial trees for staged project decisions",
          "Black-Scholes and its limits when applied to real assets",
          "Communicating option value to decision-makers",
          "Workshop: valuing a staged investment programme",
        ],
      },
      {
        day: 3,
        title: "Leveraged buyouts",
        topics: [
          "The anatomy of an LBO: sponsors, management and lenders",
          "Sources and uses, debt tranches and the financing structure",
          "Building an LBO model: debt schedule, cash sweep, IRR and money multiple",
          "Value creation levers: operational improvement, deleveraging and multiple expansion",
          "Workshop: building and stress-testing an LBO model",
        ],
      },
      {
        day: 4,
        title: "Deal structuring and negotiation",
        topics: [
          "Locked-box versus completion accounts mechanisms",
          "Earn-outs, deferred consideration and vendor loans",
          "Warranties, indemnities and warranty and indemnity insurance",
          "Management incentive plans and equity rollover",
          "Negotiation simulation: agreeing a term sheet",
        ],
      },
      {
        day: 5,
        title: "Capital markets and capstone",
        topics: [
          "Equity capital markets: IPOs, follow-on offerings and the reformed UK listing regime",
          "Debt capital markets: bonds, private placements and leveraged loans",
          "Convertibles and hybrid instruments",
          "Capstone: structuring a transaction and defending it to a mock investment committee",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "Can I attend without taking Corporate Finance first?",
        answer:
          "Yes, if you already apply DCF valuation and cost of capital in your work and are confident building spreadsheet models. If you are unsure, speak to us and we will help you decide which course fits.",
      },
      {
        question: "Is the LBO content only relevant to private equity?",
        answer:
          "No. Understanding how financial sponsors model and structure deals helps corporate buyers compete with them, vendors negotiate with them and lenders assess the risk they are taking.",
      },
      {
        question: "Do we build models from scratch?",
        answer:
          "You build the core of each model yourself, starting from structured templates so that time goes on the decisions rather than formatting. You leave with complete working versions of every model.",
      },
      {
        question: "Does the course give legal or tax advice on deal structures?",
        answer:
          "No. We explain how common structures work commercially and how they transfer value and risk, and we flag where specialist legal and tax advice is essential.",
      },
    ],
    relatedCourseIds: ["corporate-finance", "financial-statement-analysis", "innovation-strategy"],
    certification:
      "Certificate of Completion in Advanced Corporate Finance, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Advanced Corporate Finance Course | Valuation, LBOs and Deals",
      description:
        "Valuation under uncertainty, real options, LBO modelling, deal structuring and capital markets for experienced finance and transaction professionals.",
    },
  },
  {
    id: "effective-budgeting",
    pillars: ["accounting-auditing"],
    title: "Effective Budgeting and Forecasting",
    subtitle:
      "Replace the annual budgeting ritual with planning that managers own, forecasts that stay current and variance analysis that drives action.",
    shortDescription:
      "A practical programme in modern planning methods: zero-based and driver-based budgeting, rolling forecasts, scenario planning and variance analysis. You redesign a real planning process and present the result to a mock executive committee.",
    cardDescription:
      "Zero-based and driver-based budgeting, rolling forecasts, scenario planning and variance analysis, applied to redesigning a planning process that managers will own.",
    cardTarget: "For FP&A teams, management accountants and budget holders who want planning that supports decisions",
    overview: `
Many organisations spend months producing a budget that is out of date soon after it is approved, encourages padding and sandbagging, and says little about what drives performance. This programme shows how leading finance teams have made planning faster, more accurate and more useful to the business.

You will compare zero-based, activity-based and driver-based approaches and learn where each pays off, then design rolling forecasts and scenario plans that respond to volatile costs and demand. Throughout, the course addresses the behavioural side of budgeting as seriously as the technical side.

The final day focuses on variance analysis and the performance conversation: turning price, volume, mix and efficiency variances into decisions. Teams finish by presenting a redesigned plan and forecast to a mock executive committee.
`,
    benefits: [
      "Diagnose the weaknesses in your current budgeting process and build the case for change",
      "Apply zero-based budgeting selectively, where it releases cost without creating bureaucracy",
      "Build driver-based models that link operational activity to financial outcomes and that managers can own",
      "Design a rolling forecast process with the right horizon, frequency and level of detail",
      "Analyse price, volume, mix and efficiency variances and turn them into corrective action",
      "Run performance conversations that focus on decisions rather than explaining the past",
    ],
    targetAudience: [
      "FP&A managers and analysts",
      "Management accountants and financial controllers",
      "Budget holders and operational managers responsible for cost centres or P&Ls",
      "Finance transformation and systems leads redesigning the planning cycle",
      "Finance directors in growing or changing organisations",
    ],
    curriculum: [
      {
        day: 1,
        title: "Why budgets fail, and what good looks like",
        topics: [
          "The purposes of a budget and the tensions between planning, control and motivation",
          "Behavioural pitfalls: sandbagging, padding and use-it-or-lose-it spending",
          "Linking the budget to strategy and the operating model",
          "Beyond Budgeting principles and where they apply",
          "Diagnostic: assessing your organisation's current planning process",
        ],
      },
      {
        day: 2,
        title: "Zero-based and activity-based approaches",
        topics: [
          "Zero-based budgeting: decision packages, cost categories and ranking",
          "Where zero-based budgeting pays off, and where it becomes bureaucracy",
          "Activity-based costing and budgeting for overheads",
          "Workshop: a zero-based review of a support function's costs",
        ],
      },
      {
        day: 3,
        title: "Driver-based planning",
        topics: [
          "Identifying the operational drivers that genuinely move financial results",
          "Building a driver-based model that operational managers can own",
          "Connecting volume, price, capacity and headcount",
          "Workshop: converting a line-item budget into a driver-based model",
        ],
      },
      {
        day: 4,
        title: "Rolling forecasts and scenario planning",
        topics: [
          "Rolling forecasts: horizon, frequency and level of detail",
          "Separating targets, forecasts and resource allocation",
          "Scenario planning for volatile inputs: energy, wages, interest rates and demand",
          "Measuring forecast bias and error, and improving both",
          "Workshop: designing a rolling forecast cycle",
        ],
      },
      {
        day: 5,
        title: "Variance analysis and performance conversations",
        topics: [
          "Price, volume, mix and efficiency variances",
          "Flexed budgets and separating controllable from uncontrollable variances",
          "From variance report to action: running a performance review meeting",
          "Capstone: presenting a redesigned plan and forecast to a mock executive committee",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "Do we have to abandon the annual budget?",
        answer:
          "Not necessarily. Many organisations keep an annual budget for target-setting and external commitments while adding rolling forecasts and driver-based planning. The course helps you decide which combination suits your organisation.",
      },
      {
        question: "Is the course tied to a particular planning system?",
        answer:
          "No. The methods are system-agnostic and are taught in spreadsheets, with guidance on how they translate into dedicated planning and performance management software.",
      },
      {
        question: "Is it suitable for public sector and not-for-profit organisations?",
        answer:
          "Yes. Zero-based reviews, driver-based planning and variance analysis apply equally to funded organisations, and the trainers adapt examples to fixed-funding environments.",
      },
    ],
    relatedCourseIds: ["financial-analysis", "strategic-planning", "strategy-execution"],
    certification:
      "Certificate of Completion in Effective Budgeting and Forecasting, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Budgeting and Forecasting Course | Rolling and Driver-Based Plans",
      description:
        "Zero-based and driver-based budgeting, rolling forecasts and variance analysis. A practical course for FP&A teams, finance managers and budget holders.",
    },
  },
  {
    id: "internal-audit",
    pillars: ["accounting-auditing"],
    title: "Internal Audit",
    subtitle:
      "Plan, perform and report risk-based internal audit work that meets the IIA's Global Internal Audit Standards and earns the audit committee's trust.",
    shortDescription:
      "A practitioner programme covering the full internal audit cycle under the Global Internal Audit Standards: risk-based planning, fieldwork, data analytics, findings and reporting. You plan and perform an audit on a realistic case and present the results to a mock audit committee.",
    cardDescription:
      "The IIA's Global Internal Audit Standards in practice: risk-based planning, fieldwork, data analytics and reporting that audit committees act on.",
    cardTarget:
      "For internal auditors, audit managers and heads of audit, and risk and compliance professionals moving into assurance",
    overview: `
Internal audit is expected to give boards independent assurance on a widening range of risks, from financial controls to cyber, third parties, culture and sustainability, with finite resources. The IIA's Global Internal Audit Standards, which replaced the previous International Standards for the Professional Practice of Internal Auditing, raise expectations on how functions are governed, planned and run.

This programme takes you through the whole audit cycle as the Standards describe it: the function's mandate and independence, a risk-based plan aligned to the organisation's strategy, engagement planning, fieldwork and evidence, and findings that lead to action. A full day is given to data analytics, including full-population testing and continuous auditing.

The UK context is built in, including the Chartered IIA's Internal Audit Code of Practice and the board's responsibilities for internal controls under the 2024 UK Corporate Governance Code. The week ends with a capstone in which teams present audit findings to a mock audit committee.
`,
    benefits: [
      "Apply the Global Internal Audit Standards confidently across the structure, governance and work of your function",
      "Build a risk-based audit plan aligned to strategy and the risk register, and defend it to the audit committee",
      "Plan and perform engagements with clear objectives, proportionate testing and sufficient evidence",
      "Use data analytics to test whole populations and target fieldwork where the risk is",
      "Write findings with clear root causes and agreed actions that management will implement",
      "Strengthen quality assurance and improvement across your function",
    ],
    targetAudience: [
      "Internal auditors and senior auditors seeking to deepen their practice",
      "Audit managers and heads of internal audit reviewing their function against the Standards",
      "Risk, compliance and control professionals moving into assurance roles",
      "External auditors moving into internal audit",
      "Audit committee members who want to understand what good internal audit looks like",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Global Internal Audit Standards",
        topics: [
          "The purpose of internal auditing and the structure of the Standards: domains, principles and requirements",
          "Ethics and professionalism: integrity, objectivity, competency and due professional care",
          "Governing the function: mandate, charter, independence and reporting lines",
          "The Three Lines Model and coordination with risk management and compliance",
          "UK context: the Chartered IIA's Internal Audit Code of Practice and the 2024 UK Corporate Governance Code",
        ],
      },
      {
        day: 2,
        title: "Risk-based audit planning",
        topics: [
          "Building and maintaining the audit universe",
          "Risk assessment aligned to the organisation's strategy, objectives and risk register",
          "Prioritising and resourcing the plan, including assurance mapping",
          "Dynamic planning for emerging risks: cyber, third parties, culture and ESG",
          "Workshop: drafting a risk-based audit plan for audit committee approval",
        ],
      },
      {
        day: 3,
        title: "Engagement planning and fieldwork",
        topics: [
          "Engagement objectives, scope and the work programme",
          "Process walkthroughs, control design and operating effectiveness",
          "Sampling approaches and standards of evidence",
          "Interviewing and managing auditee relationships",
          "Simulation: fieldwork on a procure-to-pay process",
        ],
      },
      {
        day: 4,
        title: "Data analytics in audit",
        topics: [
          "Full-population testing versus sampling",
          "Common analytics: duplicate payments, segregation of duties and journal entry testing",
          "Data access, data integrity and working with IT",
          "Continuous auditing and monitoring",
          "Using AI tools in audit: opportunities, limitations and risks",
          "Workshop: analysing a transaction dataset with audit analytics software",
        ],
      },
      {
        day: 5,
        title: "Findings, reporting and quality",
        topics: [
          "Root cause analysis and writing findings that drive action",
          "Rating findings and forming engagement conclusions",
          "Reporting to the audit committee and senior management, and following up actions",
          "The quality assurance and improvement programme",
          "Capstone: presenting audit findings to a mock audit committee",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["priya-raman", "james-whitfield"],
    faqs: [
      {
        question: "Does the course prepare me for the CIA exam?",
        answer:
          "It is not an exam preparation course. It covers much of the practice that the Certified Internal Auditor syllabus draws on, but the certificate we issue is a Certificate of Completion, not an IIA qualification.",
      },
      {
        question: "Is the course based on the Global Internal Audit Standards?",
        answer:
          "Yes. The course is built around the Global Internal Audit Standards, which replaced the previous International Standards for the Professional Practice of Internal Auditing, and shows how to assess and close gaps in your own function.",
      },
      {
        question: "Which analytics tools do we use?",
        answer:
          "The techniques are tool-agnostic. You practise them on a realistic dataset, and they transfer to whichever audit analytics or data tools your function already uses.",
      },
      {
        question: "Is the course relevant to public sector internal audit?",
        answer:
          "Yes. We discuss how the Global Internal Audit Standards apply in the UK public sector, where the relevant standard setters have issued their own application guidance, and adapt examples for public bodies.",
      },
    ],
    relatedCourseIds: ["risk-management", "corporate-governance", "financial-statement-analysis"],
    certification:
      "Certificate of Completion in Internal Audit, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Internal Audit Course | Global Internal Audit Standards in Practice",
      description:
        "Risk-based audit planning, fieldwork, data analytics and reporting under the IIA's Global Internal Audit Standards. A practical course for auditors.",
    },
  },
] satisfies CourseInput[];
