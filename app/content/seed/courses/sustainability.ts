/**
 * Sustainability (ESG) pillar courses (spec sections 1, 3 and 9).
 * esg-risk is shared with Risk (GRC); esg-accounting is shared with
 * Accounting and Auditing. The first pillar is each course's home pillar.
 */
import type { CourseInput } from "../../schema.ts";

export const sustainabilityCourses = [
  {
    id: "carbon-accounting",
    pillars: ["sustainability"],
    title: "Carbon Accounting",
    subtitle:
      "Measure, manage and stand behind your organisation's greenhouse gas numbers, from direct emissions to the value chain.",
    shortDescription:
      "A practical programme in building a greenhouse gas inventory under the GHG Protocol, covering scopes 1, 2 and 3, setting credible targets and preparing for external assurance. You build a complete inventory for a case organisation and present it with an assurance-readiness plan on day five.",
    cardDescription:
      "GHG Protocol scopes 1, 2 and 3, inventory design, science-based targets and assurance readiness, built hands-on into a complete emissions inventory for a case organisation.",
    cardTarget:
      "For sustainability, finance and operations professionals responsible for measuring and reporting emissions",
    overview: `
Emissions figures now appear in annual reports, lending terms, customer tenders and investor questionnaires, and they are increasingly subject to external assurance. Numbers that were once prepared by a single enthusiast now need the same discipline as financial data: clear boundaries, documented methods, reliable evidence and controls.

This programme teaches carbon accounting as it is practised under the GHG Protocol. You set organisational and operational boundaries, calculate scope 1 and scope 2 emissions using both location-based and market-based methods, and screen and estimate scope 3 emissions across the value chain, improving data quality over time.

The later days turn the inventory into something the organisation can act on and defend: base years and recalculation policies, targets aligned with the Science Based Targets initiative's criteria, reporting, and the evidence and controls assurers expect. Teams finish by presenting a complete inventory and assurance-readiness plan to a mock audit committee.
`,
    benefits: [
      "Set organisational and operational boundaries that stand up to scrutiny from assurers and investors",
      "Calculate scope 1 and scope 2 emissions correctly, including dual reporting of location-based and market-based scope 2",
      "Screen all scope 3 categories and estimate the material ones with an appropriate mix of methods",
      "Design an inventory management plan with clear roles, data flows and controls",
      "Understand what science-based targets require and how to build a credible reduction pathway",
      "Prepare your inventory and evidence for limited or reasonable assurance",
    ],
    targetAudience: [
      "Sustainability and ESG managers responsible for emissions reporting",
      "Finance and reporting professionals taking ownership of sustainability data",
      "Energy, facilities and operations managers who supply emissions data",
      "Procurement professionals working on supplier emissions",
      "Internal auditors and risk professionals reviewing sustainability information",
    ],
    curriculum: [
      {
        day: 1,
        title: "Foundations and boundaries",
        topics: [
          "Why carbon accounting matters: disclosure, targets, finance and customer requirements",
          "The GHG Protocol Corporate Standard: principles, greenhouse gases and global warming potentials",
          "Organisational boundaries: equity share, financial control and operational control",
          "Operational boundaries and the three scopes",
          "Workshop: setting the boundary for a multi-site group",
        ],
      },
      {
        day: 2,
        title: "Scope 1 and scope 2",
        topics: [
          "Stationary and mobile combustion, process and fugitive emissions",
          "Emission factors: sources, selection and the UK government conversion factors",
          "Scope 2 location-based and market-based methods, and contractual instruments",
          "Energy data collection from meters, invoices and estimates",
          "Workshop: calculating scope 1 and 2 emissions for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Scope 3 and the value chain",
        topics: [
          "The fifteen scope 3 categories and screening for relevance",
          "Spend-based, average-data, supplier-specific and hybrid methods",
          "Purchased goods and services, capital goods, transport, business travel and use of sold products",
          "Scoring data quality and planning to improve it over time",
          "Workshop: a scope 3 screening and hotspot analysis",
        ],
      },
      {
        day: 4,
        title: "Inventory management and targets",
        topics: [
          "The inventory management plan: roles, data flows, controls and documentation",
          "Base year selection and recalculation policies",
          "Science-based targets: the SBTi's near-term and net-zero criteria and the validation process",
          "Absolute and intensity targets, and the limited role of carbon credits and removals",
          "Workshop: drafting a target and a reduction pathway",
        ],
      },
      {
        day: 5,
        title: "Reporting and assurance readiness",
        topics: [
          "Reporting emissions under SECR, IFRS S2 and CDP",
          "Limited and reasonable assurance, and the standards assurers apply: ISAE 3410, ISAE 3000 and ISSA 5000",
          "The evidence, audit trails and controls assurers expect to see",
          "Capstone: presenting a complete inventory and assurance-readiness plan to a mock audit committee",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["hannah-moreau", "tom-adeyemi"],
    faqs: [
      {
        question: "Do we need carbon accounting software to attend?",
        answer:
          "No. You build the inventory in structured spreadsheets so that every calculation is visible, and we show how carbon accounting platforms handle the same steps so you can judge what your organisation needs.",
      },
      {
        question: "Why can this course take a larger group than usual?",
        answer:
          "Much of the practical work is done in small teams on a shared case inventory, with both trainers circulating. That format lets us run a slightly larger cohort without reducing individual attention.",
      },
      {
        question: "Is the course suitable for financial institutions?",
        answer:
          "The course focuses on the corporate inventory. We introduce financed emissions and the PCAF Standard, but banks and investors needing portfolio-level methods should ask us about a customised delivery.",
      },
      {
        question: "Will the certificate qualify me to verify emissions?",
        answer:
          "No. The Certificate of Completion shows you have completed the programme and its capstone. Verification and assurance are carried out by independent, appropriately qualified providers.",
      },
    ],
    relatedCourseIds: ["esg-accounting", "sustainable-energy", "sustainable-supply-chain"],
    groupSize: 15,
    certification:
      "Certificate of Completion in Carbon Accounting, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Carbon Accounting Course | GHG Protocol Scopes 1, 2 and 3",
      description:
        "Build a GHG Protocol emissions inventory across scopes 1, 2 and 3, set science-based targets and prepare for assurance. A hands-on course in London.",
    },
  },
  {
    id: "esg-strategy",
    pillars: ["sustainability"],
    title: "ESG Strategy",
    subtitle:
      "Move from scattered ESG activity to a focused strategy, clear governance and a disclosure roadmap your board can stand behind.",
    shortDescription:
      "A strategic programme for leaders who need to decide what ESG means for their organisation: which issues are material, what to prioritise, who is accountable and how to disclose it. You build an ESG strategy and disclosure roadmap for a case organisation and present it to a mock board.",
    cardDescription:
      "Materiality assessment, ESG strategy and targets, board governance and a phased disclosure roadmap, built into a strategy you present to a mock board.",
    cardTarget:
      "For executives, strategy and sustainability leaders and board members shaping their organisation's ESG agenda",
    overview: `
Many organisations have accumulated ESG commitments, policies and reports without a clear view of which issues really matter to the business and its stakeholders. The result is activity without strategy, rising reporting effort and growing exposure to accusations of greenwashing.

This programme takes a strategic approach. You start with materiality, covering both financial materiality as investors see it and impact materiality as the EU's ESRS requires, then turn material topics into ambition, targets and a prioritised roadmap linked to the business plan and capital allocation.

The second half of the week addresses governance, accountability and disclosure: what boards need to oversee, how incentives and controls should work, and how to sequence reporting against the ISSB standards, UK SRS, CSRD and voluntary frameworks. Teams finish by presenting an ESG strategy and disclosure roadmap to a mock board.
`,
    benefits: [
      "Run a materiality assessment that produces defensible, decision-useful priorities",
      "Translate material topics into a focused strategy with targets linked to the business plan",
      "Design board and management governance with clear accountability for ESG performance",
      "Build a phased disclosure roadmap across the ISSB standards, UK SRS, CSRD and voluntary frameworks",
      "Make sustainability claims that are specific, evidenced and defensible",
      "Communicate your ESG strategy with credibility to investors, lenders and rating agencies",
    ],
    targetAudience: [
      "Chief sustainability officers and heads of ESG",
      "Strategy directors and members of executive teams",
      "Non-executive directors and company secretaries",
      "Investor relations and corporate affairs leaders",
      "Finance and risk leaders taking on ESG responsibilities",
    ],
    curriculum: [
      {
        day: 1,
        title: "The ESG landscape and the business case",
        topics: [
          "What investors, lenders, customers and regulators now expect",
          "ESG as risk management, as compliance and as strategy",
          "Mapping where sustainability affects your organisation's value drivers",
          "Diagnostic: assessing your organisation's current ESG maturity",
        ],
      },
      {
        day: 2,
        title: "Materiality",
        topics: [
          "Financial materiality, impact materiality and double materiality under ESRS",
          "Stakeholder engagement that produces usable evidence",
          "Running a materiality assessment: long list, thresholds, scoring and validation",
          "Workshop: a materiality assessment for the case organisation",
        ],
      },
      {
        day: 3,
        title: "From material topics to strategy",
        topics: [
          "Setting ambition: compliance, differentiation or transformation",
          "Targets and KPIs linked to the business plan and capital allocation",
          "Prioritising initiatives and building the roadmap",
          "Credible claims: avoiding greenwashing and the CMA's Green Claims Code",
          "Workshop: an ESG strategy on a page",
        ],
      },
      {
        day: 4,
        title: "Governance and accountability",
        topics: [
          "Board oversight, committee structures and the skills a board needs",
          "Management ownership, incentives and links to remuneration",
          "Internal controls over sustainability data",
          "Integrating ESG into the risk register and investment decisions",
          "Simulation: a board discussion of a contested ESG trade-off",
        ],
      },
      {
        day: 5,
        title: "Disclosure roadmap and capstone",
        topics: [
          "The reporting landscape: ISSB standards, UK SRS, CSRD and ESRS, CDP and voluntary frameworks",
          "Sequencing disclosure: what to report now, next and later",
          "Engaging investors and ESG rating agencies",
          "Capstone: presenting an ESG strategy and disclosure roadmap to a mock board",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["hannah-moreau", "tom-adeyemi"],
    faqs: [
      {
        question: "Is this course about reporting or about strategy?",
        answer:
          "Primarily strategy. Disclosure is covered as part of the roadmap, but the technical detail of preparing sustainability reports is the focus of our ESG Accounting and Reporting course.",
      },
      {
        question: "Does the course cover double materiality?",
        answer:
          "Yes. You learn how financial and impact materiality differ, how double materiality works under ESRS, and how to run a single assessment that can serve more than one reporting framework.",
      },
      {
        question: "Is it relevant if our organisation is not yet required to report?",
        answer:
          "Yes. Customers, lenders and investors often ask for ESG information before regulation does, and a clear strategy lets you respond consistently and prepare for requirements in good time.",
      },
    ],
    relatedCourseIds: ["esg-accounting", "sustainable-value-creation", "esg-risk"],
    certification:
      "Certificate of Completion in ESG Strategy, issued on successful completion of the day-five capstone.",
    seo: {
      title: "ESG Strategy Course | Materiality, Governance and Disclosure",
      description:
        "Materiality assessment, ESG strategy, board governance and a disclosure roadmap for leaders shaping their organisation's sustainability agenda.",
    },
  },
  {
    id: "sustainable-value-creation",
    pillars: ["sustainability"],
    title: "Sustainable Value Creation",
    subtitle:
      "Build the commercial case for sustainability: where purpose and profit align, how business models change, and what investors need to see.",
    shortDescription:
      "A programme for leaders who want sustainability to create value rather than only manage risk. You map sustainability to value drivers, design a new business model and build an investment case, then pitch it to a mock investment committee on day five.",
    cardDescription:
      "Purpose and profit, value-driver mapping, circular and service-based business models and the investor case, tested in a day-five pitch to a mock investment committee.",
    cardTarget:
      "For business leaders, strategists and innovators who need sustainability initiatives to earn their place commercially",
    overview: `
Sustainability programmes that cannot show their commercial value are the first to be cut when budgets tighten. Yet for many organisations the largest opportunities lie in growth, pricing, efficiency and access to capital, not only in avoiding risk. This programme is about finding, proving and capturing that value.

You examine when purpose and profit genuinely align and when they conflict, and how directors can weigh stakeholder interests. You then map sustainability to revenue, cost, risk and cost of capital, and work through business-model innovations such as product-as-a-service, reuse and take-back.

The final days build the investor case: how investors integrate ESG, which financing instruments are available, and how to model the financial case with carbon prices and scenarios while keeping claims credible. Teams finish by pitching a sustainable growth initiative to a mock investment committee.
`,
    benefits: [
      "Identify where sustainability creates measurable value for your organisation, and where it does not",
      "Link sustainability initiatives to revenue, cost, risk and the cost of capital",
      "Design and test circular and service-based business models",
      "Build a financial case for sustainability investments that a CFO will accept",
      "Understand how investors and lenders assess sustainability, and the finance instruments available",
      "Communicate ambition credibly and avoid greenwashing",
    ],
    targetAudience: [
      "Business unit leaders and general managers",
      "Strategy, innovation and business development professionals",
      "Sustainability leaders who need a stronger commercial case",
      "Finance business partners supporting sustainability investment",
      "Founders and executives of growth-stage businesses",
    ],
    curriculum: [
      {
        day: 1,
        title: "Purpose and profit",
        topics: [
          "Purpose as a strategic choice rather than a slogan",
          "Shared value: where sustainability and returns align, and where they conflict",
          "Stakeholder interests and directors' duties under section 172 of the Companies Act 2006",
          "Case studies: organisations that made purpose pay, and some that did not",
        ],
      },
      {
        day: 2,
        title: "Finding value in sustainability",
        topics: [
          "Mapping sustainability to revenue, cost, risk and cost of capital",
          "Customer demand, pricing power and willingness to pay",
          "Operational efficiency in energy, materials and waste",
          "Workshop: a sustainability value-driver map for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Business-model innovation",
        topics: [
          "Circular business models: product-as-a-service, reuse, refurbishment and take-back",
          "Partnerships and platforms across the value chain",
          "Testing new models with pilots, metrics and stop criteria",
          "Workshop: designing and stress-testing a circular proposition",
        ],
      },
      {
        day: 4,
        title: "The investor case",
        topics: [
          "How investors integrate ESG: screening, integration, stewardship and impact",
          "Sustainable finance instruments: green bonds, sustainability-linked loans and transition finance",
          "Building the financial case with NPV, carbon pricing and scenarios",
          "Credible communication and the risk of greenwashing",
          "Workshop: the financial case for the case organisation's initiative",
        ],
      },
      {
        day: 5,
        title: "From idea to investment decision",
        topics: [
          "Writing a board paper for a sustainability investment",
          "Capstone: pitching a sustainable growth initiative to a mock investment committee",
          "Peer and trainer feedback",
          "Personal action plan for your own organisation",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["hannah-moreau", "tom-adeyemi"],
    faqs: [
      {
        question: "Is this course only for sustainability professionals?",
        answer:
          "No. It is designed as much for commercial, strategy and finance leaders as for sustainability specialists, and mixed groups produce the best discussions.",
      },
      {
        question: "Do we need financial modelling skills?",
        answer:
          "Basic familiarity with spreadsheets is enough. The investment case is built from a structured template, and the trainers support participants without a finance background.",
      },
      {
        question: "Can we work on a live initiative from our own organisation?",
        answer:
          "Yes. Participants are encouraged to bring a real opportunity, and with customised delivery the whole programme can be built around your organisation's portfolio of initiatives.",
      },
    ],
    relatedCourseIds: ["esg-strategy", "innovation-strategy", "sustainable-energy"],
    certification:
      "Certificate of Completion in Sustainable Value Creation, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Sustainable Value Creation Course | Purpose, Profit and Investors",
      description:
        "Build the commercial case for sustainability: value drivers, circular business models and the investor case. A practical course for business leaders.",
    },
  },
  {
    id: "sustainable-energy",
    pillars: ["sustainability"],
    title: "Sustainable Energy Transition",
    subtitle:
      "Cut energy cost, risk and emissions together: energy strategy, electrification, renewable procurement and credible transition plans.",
    shortDescription:
      "A practical programme for organisations planning their move to clean, affordable and secure energy. You build an energy baseline, prioritise electrification, evaluate power purchase agreements and present a costed transition plan to a mock board on day five.",
    cardDescription:
      "Energy strategy, efficiency and electrification, renewable procurement and PPAs, and credible transition plans, built into a costed plan for a case organisation.",
    cardTarget:
      "For energy, sustainability, procurement and finance leaders responsible for energy cost, supply and decarbonisation",
    overview: `
Energy is where cost, security of supply and emissions meet. Price volatility, carbon pricing, grid constraints and investor expectations have turned energy from a facilities line item into a strategic decision, and transition plans are increasingly scrutinised by investors and lenders.

This programme follows the energy hierarchy. You build a baseline of consumption, cost and emissions, prioritise efficiency and the electrification of heat and transport, and compare routes to renewable electricity, from on-site generation and green tariffs to physical and virtual power purchase agreements, including their risks and their treatment in market-based scope 2 reporting.

The final days turn options into a plan: investment appraisal and financing for energy projects, governance and delivery, and transition plans aligned with the Transition Plan Taskforce framework and IFRS S2. Teams finish by presenting a costed energy transition plan to a mock board.
`,
    benefits: [
      "Build an energy and emissions baseline that shows where cost and carbon sit",
      "Prioritise efficiency and electrification projects by cost, carbon and deliverability",
      "Compare renewable procurement options and understand the structure and risks of PPAs",
      "Apply market-based scope 2 accounting correctly to contractual instruments",
      "Build investment cases for energy projects that reflect energy prices, carbon costs and policy risk",
      "Produce a credible transition plan that links targets to actions and capital expenditure",
    ],
    targetAudience: [
      "Energy and facilities managers",
      "Sustainability and net-zero programme leads",
      "Procurement professionals responsible for energy contracts",
      "Finance professionals appraising energy and decarbonisation investment",
      "Operations leaders in energy-intensive sectors",
    ],
    curriculum: [
      {
        day: 1,
        title: "Energy strategy fundamentals",
        topics: [
          "The energy system: wholesale markets, network charges, pricing and volatility",
          "Building a baseline of consumption, cost and emissions by site and use",
          "The energy hierarchy: reduce, electrify, procure renewables, address residual emissions",
          "Regulatory context: SECR, ESOS and emissions trading schemes",
          "Workshop: an energy and emissions baseline for the case organisation",
        ],
      },
      {
        day: 2,
        title: "Efficiency and electrification",
        topics: [
          "Efficiency opportunities in buildings, processes and fleet",
          "Electrifying heat: heat pumps, industrial heat and the role of alternative fuels",
          "Fleet electrification and charging infrastructure",
          "Grid connection constraints, on-site generation and storage",
          "Workshop: prioritising an electrification programme",
        ],
      },
      {
        day: 3,
        title: "Procuring renewable electricity",
        topics: [
          "Options compared: on-site generation, green tariffs, REGOs and power purchase agreements",
          "Physical, sleeved and virtual PPAs and how each is structured",
          "PPA risks: price, volume, shape, basis and counterparty",
          "Market-based scope 2 accounting and the quality criteria for contractual instruments",
          "Simulation: evaluating competing PPA offers",
        ],
      },
      {
        day: 4,
        title: "Building the business case",
        topics: [
          "Appraising energy projects: lifecycle cost, carbon prices and incentives",
          "Financing options: capital expenditure, leasing, energy-as-a-service and green finance",
          "Sensitivity to energy prices, technology and policy",
          "Workshop: the business case for a site decarbonisation project",
        ],
      },
      {
        day: 5,
        title: "Transition plans and capstone",
        topics: [
          "Credible transition plans: the Transition Plan Taskforce framework and IFRS S2 disclosure",
          "Aligning the plan with targets, budgets and capital expenditure",
          "Governance, delivery and progress reporting",
          "Capstone: presenting a costed energy transition plan to a mock board",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["hannah-moreau", "tom-adeyemi"],
    faqs: [
      {
        question: "Is the course focused on the UK energy market?",
        answer:
          "The case work is set in the UK market, with its own instruments such as REGOs, and the trainers draw comparisons with European markets. The principles of energy strategy and PPA evaluation apply internationally.",
      },
      {
        question: "Will the course tell us whether to sign a PPA?",
        answer:
          "It will equip you to evaluate PPA offers, understand their risks and ask the right questions of advisers and counterparties. It does not replace specialist commercial, legal or market advice on a specific contract.",
      },
      {
        question: "Do I need an engineering background?",
        answer:
          "No. Technologies are explained at the level a decision-maker needs, and the emphasis is on strategy, procurement, investment cases and planning.",
      },
    ],
    relatedCourseIds: ["carbon-accounting", "sustainable-supply-chain", "esg-risk"],
    certification:
      "Certificate of Completion in Sustainable Energy Transition, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Sustainable Energy Transition Course | PPAs and Transition Plans",
      description:
        "Energy strategy, efficiency and electrification, renewable procurement and PPAs, and credible transition plans. A practical course in London.",
    },
  },
  {
    id: "sustainable-supply-chain",
    pillars: ["sustainability"],
    title: "Sustainable Supply Chains",
    subtitle: "Reduce value-chain emissions, manage human rights risk and prove where your products come from.",
    shortDescription:
      "A practical programme on the environmental and social performance of supply chains: scope 3 supplier engagement, human rights due diligence, traceability and assurance. You build a sustainable sourcing strategy for a case organisation and present it to a mock executive committee.",
    cardDescription:
      "Scope 3 supplier engagement, human rights due diligence, modern slavery, traceability and responsible sourcing, built into a sourcing strategy for a case organisation.",
    cardTarget:
      "For procurement, supply chain, sustainability and compliance professionals managing supplier risk and performance",
    overview: `
For many organisations, the largest environmental and human rights risks sit not in their own operations but in their value chain. Customers, investors and regulators increasingly expect companies to know their suppliers beyond the first tier, reduce value-chain emissions and show that products are free from forced labour and deforestation.

This programme equips procurement and sustainability teams to respond. You prioritise suppliers for scope 3 engagement, build data collection and capability programmes, and apply due diligence in line with the UN Guiding Principles on Business and Human Rights and the OECD due diligence guidance, including how to respond when abuses are found.

The course also covers traceability: chain-of-custody models, certification, audits and digital tools, what each can and cannot prove, and how regulation such as the UK Modern Slavery Act and EU due diligence and deforestation rules shape expectations. Teams finish by presenting a sustainable sourcing strategy to a mock executive committee.
`,
    benefits: [
      "Prioritise suppliers for emissions engagement by spend, emissions and influence",
      "Collect better supplier emissions data and build supplier capability over time",
      "Run human rights due diligence aligned with the UN Guiding Principles and OECD guidance",
      "Write modern slavery statements that describe real due diligence, not just policy",
      "Choose traceability approaches suited to the commodities and risks you face",
      "Embed sustainability criteria into sourcing decisions, supplier codes and contracts",
    ],
    targetAudience: [
      "Chief procurement officers, category managers and buyers",
      "Supply chain and operations leaders",
      "Sustainability and ESG managers working on scope 3",
      "Compliance, legal and human rights professionals",
      "Third-party risk managers",
    ],
    curriculum: [
      {
        day: 1,
        title: "The sustainable supply chain agenda",
        topics: [
          "Why the value chain holds many organisations' largest environmental and social risks",
          "Mapping the supply base: tiers, spend and risk hotspots",
          "Regulatory and customer drivers: the UK Modern Slavery Act, EU due diligence and deforestation rules, and carbon border measures",
          "Diagnostic: assessing your current supplier sustainability programme",
        ],
      },
      {
        day: 2,
        title: "Scope 3 supplier engagement",
        topics: [
          "Prioritising suppliers by spend, emissions and influence",
          "Collecting supplier data: questionnaires, CDP supply chain and product carbon footprints",
          "Supplier targets, capability building and collaborative programmes",
          "Embedding carbon into sourcing decisions and contracts",
          "Workshop: a supplier engagement plan for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Human rights due diligence",
        topics: [
          "The UN Guiding Principles on Business and Human Rights and the OECD Due Diligence Guidance for Responsible Business Conduct",
          "Identifying, assessing and prioritising salient human rights risks",
          "Modern slavery statements that go beyond compliance",
          "Remediation, grievance mechanisms and responsible exit",
          "Case study: responding to a forced labour allegation at a lower-tier supplier",
        ],
      },
      {
        day: 4,
        title: "Traceability and assurance",
        topics: [
          "Chain-of-custody models: identity preserved, segregation, mass balance and book and claim",
          "Certification schemes and social audits, and their limitations",
          "Digital traceability tools: what they can and cannot prove",
          "Commodity risks: deforestation, conflict minerals and forced labour in raw materials",
          "Workshop: designing a traceability programme for a high-risk commodity",
        ],
      },
      {
        day: 5,
        title: "Integration and capstone",
        topics: [
          "Governance: procurement, sustainability and legal working together",
          "Supplier codes of conduct, contract clauses and incentives",
          "KPIs and reporting on supply chain performance",
          "Capstone: presenting a sustainable sourcing strategy to a mock executive committee",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["hannah-moreau", "tom-adeyemi"],
    faqs: [
      {
        question: "Does the course cover EU due diligence legislation?",
        answer:
          "Yes, at an overview level. We explain what the EU's due diligence and deforestation rules require, who they are likely to affect and how to track changes to their scope and timing, without giving legal advice.",
      },
      {
        question: "We have thousands of suppliers. Where do we start?",
        answer:
          "Prioritisation is a central theme. You learn to segment the supply base by spend, emissions and human rights risk so that effort goes where it makes the most difference.",
      },
      {
        question: "How does this course relate to Third-Party Risk Management?",
        answer:
          "Third-party risk takes a broad view of supplier risk, including financial, operational and cyber risk. This course goes deeper into environmental and human rights performance, and the two complement each other.",
      },
    ],
    relatedCourseIds: ["carbon-accounting", "third-party-risk", "esg-strategy"],
    certification:
      "Certificate of Completion in Sustainable Supply Chains, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Sustainable Supply Chains Course | Scope 3 and Due Diligence",
      description:
        "Scope 3 supplier engagement, human rights due diligence, modern slavery and traceability. A practical course for procurement and sustainability teams.",
    },
  },
  {
    id: "esg-risk",
    pillars: ["sustainability", "risk-grc"],
    title: "ESG Risk Management",
    subtitle:
      "Identify, assess and manage climate, nature and social risks, and build them into enterprise risk management rather than beside it.",
    shortDescription:
      "A practitioner programme on ESG risk: physical and transition climate risk, nature-related risk, scenario analysis under the TCFD recommendations and IFRS S2, and the integration of ESG risk into enterprise risk management. You present an integrated ESG risk assessment to a mock risk committee on day five.",
    cardDescription:
      "Climate and nature risk, TCFD and IFRS S2 scenario analysis, and the integration of ESG risk into enterprise risk management, risk appetite and board reporting.",
    cardTarget:
      "For risk managers, sustainability leads and finance professionals responsible for climate and ESG risk",
    overview: `
Climate change, nature loss and social issues are no longer reputational side-issues. They affect asset values, supply chains, insurance costs, access to capital and regulatory obligations. Yet in many organisations ESG risk is still assessed separately from the main risk framework, by different people, using different scales.

This programme brings the two together. You identify and assess physical and transition climate risks, run scenario analysis of the kind the TCFD recommendations introduced and IFRS S2 now requires, and assess nature-related dependencies and impacts using the TNFD's LEAP approach. Social and governance risks in the value chain are covered alongside.

The final day is about integration: applying enterprise risk management to ESG-related risks, setting risk appetite and key risk indicators, and reporting to the board in the same language as every other principal risk. Teams finish by presenting an integrated ESG risk assessment to a mock risk committee.
`,
    benefits: [
      "Identify and assess physical and transition climate risks across operations and the value chain",
      "Design and run climate scenario analysis proportionate to your organisation's circumstances",
      "Assess nature-related dependencies and impacts with the TNFD LEAP approach",
      "Integrate ESG risks into your enterprise risk framework, risk appetite and key risk indicators",
      "Meet disclosure expectations on climate risk governance, strategy and risk management",
      "Report ESG risks to the board alongside other principal risks, on a consistent basis",
    ],
    targetAudience: [
      "Chief risk officers, heads of risk and enterprise risk managers",
      "Sustainability and climate risk specialists",
      "Finance and reporting professionals preparing climate-related disclosures",
      "Risk professionals in banks, insurers and asset managers",
      "Internal auditors reviewing climate and ESG risk management",
    ],
    curriculum: [
      {
        day: 1,
        title: "ESG risk in context",
        topics: [
          "Climate, nature, social and governance risks, and how they reach the balance sheet",
          "Physical and transition risks and their links to existing risk types",
          "Regulatory and supervisory expectations: IFRS S2, UK climate-related disclosure rules and PRA expectations for banks and insurers",
          "Diagnostic: how ESG risk is handled in your organisation today",
        ],
      },
      {
        day: 2,
        title: "Identifying and assessing climate risk",
        topics: [
          "Physical risk: acute and chronic hazards, exposure and vulnerability",
          "Transition risk: policy, legal, technology, market and reputational drivers",
          "Climate-related risks and opportunities across the value chain",
          "Workshop: building a climate risk register for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Scenario analysis",
        topics: [
          "The purpose of scenario analysis under the TCFD recommendations and IFRS S2",
          "Choosing and using reference scenarios, such as those published by the NGFS and the IEA",
          "From qualitative narratives to quantified financial impacts",
          "Climate resilience: turning scenario results into strategic responses",
          "Workshop: a scenario analysis for a key business line",
        ],
      },
      {
        day: 4,
        title: "Nature and social risk",
        topics: [
          "Nature-related dependencies and impacts, and the TNFD LEAP approach",
          "Water, biodiversity and land use as business risks",
          "Social risk: human rights, labour practices and community impacts in the value chain",
          "Governance failures and ESG controversies",
          "Workshop: a LEAP assessment of a priority site",
        ],
      },
      {
        day: 5,
        title: "Integrating ESG into enterprise risk management",
        topics: [
          "The COSO and WBCSD guidance on applying enterprise risk management to ESG-related risks",
          "Risk appetite, key risk indicators and escalation",
          "Embedding ESG risk across the three lines, investment decisions and board reporting",
          "Capstone: presenting an integrated ESG risk assessment to a mock risk committee",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["hannah-moreau", "eleanor-hart"],
    faqs: [
      {
        question: "Is this course only for financial services?",
        answer:
          "No. The core methods apply to any organisation. Participants from banks, insurers and asset managers are well served, with specific discussion of supervisory expectations and portfolio risk, but the case work is set in a corporate context.",
      },
      {
        question: "Does the course cover climate risk quantification?",
        answer:
          "Yes, at a practitioner level. You learn how to move from scenario narratives to quantified financial impacts and how to specify and challenge work from specialist modelling providers. It is not a course in catastrophe or climate modelling.",
      },
      {
        question: "Why is this course listed under both Sustainability and Risk?",
        answer:
          "Because it sits at the meeting point of the two disciplines. It is taught by a sustainability specialist and a risk specialist together, and it suits participants from either background.",
      },
      {
        question: "Is the TCFD still relevant now that the ISSB standards exist?",
        answer:
          "Yes. IFRS S2 builds on the TCFD recommendations and uses the same four pillars, and UK climate-related disclosure requirements have been framed around them, so the TCFD approach remains the foundation.",
      },
    ],
    relatedCourseIds: ["risk-management", "esg-accounting", "carbon-accounting"],
    certification:
      "Certificate of Completion in ESG Risk Management, issued on successful completion of the day-five capstone.",
    seo: {
      title: "ESG Risk Management Course | Climate Risk and Scenario Analysis",
      description:
        "Climate and nature risk, TCFD and IFRS S2 scenario analysis, and integrating ESG risk into enterprise risk management. A practitioner course in London.",
    },
  },
  {
    id: "esg-accounting",
    pillars: ["sustainability", "accounting-auditing"],
    title: "ESG Accounting and Reporting",
    subtitle:
      "Prepare sustainability disclosures with the rigour of financial reporting: ISSB standards, UK SRS, ESRS, data controls and assurance.",
    shortDescription:
      "A technical programme on preparing investor-grade sustainability information under IFRS S1 and IFRS S2, with an overview of UK SRS and the EU's CSRD and ESRS. You draft disclosures, design controls over sustainability data and prepare for external assurance, finishing with a review by a mock audit committee.",
    cardDescription:
      "IFRS S1 and S2, UK SRS, an overview of CSRD and ESRS, sustainability data controls and assurance readiness, taught with the rigour of financial reporting.",
    cardTarget:
      "For finance, reporting, sustainability and audit professionals preparing or reviewing sustainability disclosures",
    overview: `
Sustainability reporting is moving from the sustainability team's glossy report into the annual report, alongside the financial statements and increasingly subject to assurance. That brings new expectations: consistent reporting boundaries, connected information, documented judgements and controls of the kind finance teams already apply to financial data.

This programme covers the ISSB's IFRS S1 and IFRS S2 in depth, as the global baseline for investor-focused disclosure, and explains how the UK is adopting them through the UK Sustainability Reporting Standards. It also gives an overview of the EU's CSRD and ESRS, including double materiality and the EU's simplification changes to scope and timing, so that groups with EU operations understand where requirements differ.

The second half of the week focuses on making disclosures reliable: sustainability data architecture, internal controls, estimates and measurement uncertainty, consistency with the financial statements, and readiness for limited and reasonable assurance. Teams finish by defending a draft sustainability report and assurance plan to a mock audit committee.
`,
    benefits: [
      "Apply the core requirements of IFRS S1 and IFRS S2 to your organisation",
      "Understand the UK's approach to adopting the ISSB standards and how to plan while requirements are finalised",
      "Understand the scope, structure and double materiality approach of CSRD and ESRS",
      "Design internal controls over sustainability data that an assurer can rely on",
      "Connect sustainability disclosures with financial statement judgements such as impairment and provisions",
      "Prepare your organisation for limited and, in time, reasonable assurance",
    ],
    targetAudience: [
      "Financial controllers, heads of reporting and technical accounting specialists",
      "Sustainability reporting managers",
      "Internal and external auditors working on sustainability information",
      "Audit committee members and company secretaries",
      "Finance transformation and data leads building sustainability reporting systems",
    ],
    curriculum: [
      {
        day: 1,
        title: "The sustainability reporting landscape",
        topics: [
          "The global baseline: the ISSB and IFRS S1 and IFRS S2",
          "UK SRS: the UK's adoption of the ISSB standards and how UK requirements are developing",
          "CSRD and ESRS overview: scope, double materiality and the EU's simplification changes",
          "Connecting sustainability reporting with the annual report and financial statements",
          "Diagnostic: mapping which requirements apply to your organisation",
        ],
      },
      {
        day: 2,
        title: "IFRS S1: general requirements",
        topics: [
          "Core content: governance, strategy, risk management, and metrics and targets",
          "Identifying sustainability-related risks and opportunities and applying materiality",
          "Reporting entity, timing and connected information alongside the financial statements",
          "Using the SASB Standards for industry-based disclosures",
          "Workshop: drafting IFRS S1 disclosures for the case organisation",
        ],
      },
      {
        day: 3,
        title: "IFRS S2: climate-related disclosures",
        topics: [
          "Climate-related risks and opportunities, and climate resilience",
          "Scenario analysis proportionate to the entity's circumstances",
          "Greenhouse gas emissions under IFRS S2: scopes 1, 2 and 3 and the GHG Protocol",
          "Industry-based metrics, targets and transition plans",
          "Workshop: developing an IFRS S2 disclosure from an existing TCFD report",
        ],
      },
      {
        day: 4,
        title: "Data, controls and connectivity",
        topics: [
          "Sustainability data architecture: sources, owners and systems",
          "Designing internal controls over sustainability information",
          "Estimates, judgements and measurement uncertainty",
          "Consistency with financial statement judgements such as impairment and provisions",
          "Workshop: a control matrix for a key sustainability metric",
        ],
      },
      {
        day: 5,
        title: "Assurance and capstone",
        topics: [
          "Limited and reasonable assurance: what assurers do and what they need from you",
          "The assurance standards: ISSA 5000, ISAE 3000 and ISAE 3410",
          "Preparing for assurance: evidence, audit trails and remediation",
          "Capstone: defending a draft sustainability report and assurance plan to a mock audit committee",
        ],
      },
    ],
    theoryPracticeSplit: "40/60",
    instructorIds: ["tom-adeyemi", "priya-raman"],
    faqs: [
      {
        question: "Is UK SRS reporting mandatory?",
        answer:
          "UK SRS is the UK's route to adopting the ISSB standards. Whether and when it applies to particular companies depends on decisions by the government and, for listed companies, the FCA. We cover the current position and how to plan while requirements are finalised.",
      },
      {
        question: "How much of the course covers ESRS?",
        answer:
          "ESRS is covered at overview level: scope, structure, double materiality and how it differs from the ISSB standards. Groups preparing full ESRS reports can request a customised delivery with more depth.",
      },
      {
        question: "Is the course more suitable for finance or sustainability professionals?",
        answer:
          "Both, and mixed teams from the same organisation get the most from it. It is taught jointly by a sustainability reporting specialist and a financial reporting specialist, and builds the shared language the two functions need.",
      },
      {
        question: "Why is this course listed under both Sustainability and Accounting?",
        answer:
          "Sustainability reporting now sits alongside financial reporting in the annual report and is prepared and assured with the same disciplines, so the course belongs equally to both pillars.",
      },
    ],
    relatedCourseIds: ["carbon-accounting", "financial-statement-analysis", "esg-strategy"],
    certification:
      "Certificate of Completion in ESG Accounting and Reporting, issued on successful completion of the day-five capstone.",
    seo: {
      title: "ESG Accounting and Reporting Course | ISSB, UK SRS and ESRS",
      description:
        "IFRS S1 and S2, UK SRS, a CSRD and ESRS overview, sustainability data controls and assurance readiness. A technical course for reporting teams.",
    },
  },
] satisfies CourseInput[];
