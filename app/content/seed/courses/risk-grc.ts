/**
 * Courses whose home pillar is Risk (GRC). The ESG risk course, which this
 * pillar shares with Sustainability, lives in the sustainability file.
 */
import type { CourseInput } from "../../schema.ts";

export const riskGrcCourses = [
  {
    id: "risk-management",
    pillars: ["risk-grc"],
    title: "Enterprise Risk Management",
    subtitle: "Build a risk framework your board can rely on, from appetite to assurance",
    shortDescription:
      "A practical programme in designing, embedding and reporting enterprise risk management, aligned with ISO 31000 and COSO ERM. You will leave with a working risk appetite framework, a sharper risk register and a board-ready report.",
    cardDescription:
      "Design and embed an ERM framework aligned with ISO 31000 and COSO ERM: risk appetite, registers, key risk indicators and reporting that boards act on.",
    cardTarget: "Risk managers, CROs, heads of compliance and internal audit leaders",
    overview: `
Most organisations have a risk register. Far fewer have risk management that changes decisions. This course closes that gap, taking you through the full enterprise risk management cycle as described in ISO 31000 and the COSO Enterprise Risk Management framework, and showing how each element connects to strategy, performance and the board agenda.

Each day combines a short briefing on principles with extended practical work on a realistic case organisation. You will set a risk appetite, challenge a register, design key risk indicators and build a board report, testing your work against peers and the trainers as you go.

The course is built for practitioners improving an existing framework as much as for those building one from scratch. Participants are encouraged to bring anonymised material from their own organisations, and the day-five capstone asks you to apply the week's tools to it.
`,
    benefits: [
      "Align your framework with ISO 31000 and COSO ERM without turning it into a compliance exercise",
      "Translate strategy into a risk appetite statement with measurable tolerances and limits",
      "Rebuild risk registers around causes, consequences and controls so they support decisions",
      "Design key risk indicators that give early warning rather than historic reporting",
      "Produce board and committee reporting that prompts challenge and action",
      "Clarify roles across the three lines so that ownership and assurance are not duplicated",
    ],
    targetAudience: [
      "Chief risk officers and heads of risk",
      "Risk managers and enterprise risk analysts",
      "Heads of compliance and governance professionals",
      "Internal audit leaders who assess the effectiveness of risk management",
      "Finance and strategy leaders who own material risks",
      "Company secretaries and advisers supporting risk committees",
    ],
    objectives: [
      "Explain the principles, framework and process of ISO 31000 and the components of COSO ERM, and where the two differ",
      "Assess the maturity of an organisation's risk management framework and prioritise improvements",
      "Draft a risk appetite statement with supporting tolerances and limits",
      "Identify, assess and evaluate risks consistently using clear criteria",
      "Select and calibrate key risk indicators with thresholds and escalation routes",
      "Present a concise risk report to a board or risk committee and respond to challenge",
    ],
    curriculum: [
      {
        day: 1,
        title: "Foundations and Framework Design",
        topics: [
          "The principles, framework and process of ISO 31000",
          "COSO ERM: integrating risk with strategy and performance",
          "Assessing the maturity of an existing framework",
          "Roles and responsibilities across the three lines",
          "Risk culture: what it is and how to observe it",
        ],
      },
      {
        day: 2,
        title: "Risk Appetite and Strategy",
        topics: [
          "Linking risk appetite to strategic objectives",
          "Drafting appetite statements, tolerances and limits",
          "Qualitative and quantitative appetite measures",
          "Cascading appetite to business units and everyday decisions",
          "Workshop: building an appetite framework for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Identifying and Assessing Risk",
        topics: [
          "Identification techniques: workshops, interviews and horizon scanning",
          "Describing risks by cause, event and consequence",
          "Likelihood and impact criteria that people apply consistently",
          "Assessing controls and residual risk",
          "Emerging and interconnected risks",
          "Workshop: challenging and rebuilding a risk register",
        ],
      },
      {
        day: 4,
        title: "Key Risk Indicators and Monitoring",
        topics: [
          "The difference between key risk indicators, performance indicators and control indicators",
          "Designing leading indicators and setting thresholds",
          "Escalation routes and formal risk acceptance",
          "Risk data, aggregation and dashboards",
          "Workshop: a key risk indicator set for the case organisation's top risks",
        ],
      },
      {
        day: 5,
        title: "Reporting to the Board and Capstone",
        topics: [
          "What boards and risk committees need from risk reporting",
          "Structuring a concise, decision-focused risk report",
          "Handling challenge from non-executive directors",
          "Building an improvement roadmap for your own framework",
          "Capstone: presenting a risk report to a simulated board",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["eleanor-hart", "david-okafor"],
    faqs: [
      {
        question: "Does the course follow ISO 31000 or COSO ERM?",
        answer:
          "Both. We teach the principles common to the two frameworks and show where they differ in emphasis, so you can work with whichever your organisation has adopted, or combine them sensibly.",
      },
      {
        question: "Is this course only for financial services?",
        answer:
          "No. The tools apply in any sector. Case material draws on financial services, infrastructure, healthcare and the public sector, and exercises can be adapted to your own industry.",
      },
      {
        question: "Can I bring material from my own organisation?",
        answer:
          "Yes, and we encourage it. Anonymised registers, appetite statements or board reports make the day-five capstone far more useful. Everything shared in the room is treated as confidential.",
      },
      {
        question: "Do I need prior risk management experience?",
        answer:
          "A working familiarity with risk concepts helps, but day one starts from first principles. Newer practitioners gain a complete framework; experienced ones use the week to test and improve their own.",
      },
    ],
    relatedCourseIds: ["third-party-risk", "proactive-resilience", "corporate-governance"],
    certification:
      "Certificate of Completion in Enterprise Risk Management, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Enterprise Risk Management Course | 5-Day Programme",
      description:
        "Enterprise risk management course in London: ISO 31000 and COSO ERM, risk appetite, risk registers, KRIs and board reporting.",
    },
  },
  {
    id: "third-party-risk",
    pillars: ["risk-grc"],
    title: "Third-Party Risk Management",
    subtitle: "Manage supplier, outsourcing and ICT third-party risk across the whole relationship lifecycle",
    shortDescription:
      "A practical course in identifying, assessing and controlling the risks your organisation takes on through suppliers, outsourcing partners and technology providers, with a clear focus on what regulators now expect.",
    cardDescription:
      "Control supplier and outsourcing risk from due diligence to exit: tiering, contract controls, ongoing monitoring and the expectations of DORA and UK operational resilience rules.",
    cardTarget: "Third-party risk, procurement, vendor management and compliance leads",
    overview: `
Organisations depend increasingly on third parties for critical services, data and technology, yet accountability for the risk stays with them. Regulators have made that explicit: the EU's Digital Operational Resilience Act (DORA) and the UK's outsourcing, operational resilience and critical third parties regimes all expect firms to know, govern and, if necessary, exit the relationships they rely on.

This course covers the full third-party lifecycle: planning and risk-based tiering, due diligence, contracting, ongoing monitoring, concentration and fourth-party risk, and exit. Each stage is worked through on a case organisation with a realistic supplier estate, so you practise the judgements involved rather than simply learning the process.

You will finish with a tiering model, a due diligence approach proportionate to risk, a checklist of contractual controls and a prioritised plan for improving your own third-party risk programme.
`,
    benefits: [
      "Tier suppliers by criticality and inherent risk so that effort goes where it matters",
      "Run proportionate due diligence covering financial, operational, information security and conduct risk",
      "Secure the contract terms that matter: audit and access, data, subcontracting and exit rights",
      "Monitor performance and risk through the life of the relationship, not just at onboarding",
      "Understand DORA's requirements for ICT third-party risk and the register of information",
      "Spot concentration and fourth-party risk before it becomes a single point of failure",
      "Build credible, tested exit plans for critical arrangements",
    ],
    targetAudience: [
      "Third-party and vendor risk managers",
      "Procurement and supplier relationship leaders",
      "Operational risk and compliance professionals",
      "Heads of outsourcing and IT service management",
      "Internal auditors reviewing supplier arrangements",
      "Legal and commercial advisers who negotiate service contracts",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Third-Party Risk Landscape",
        topics: [
          "Why third-party risk is different: accountability without direct control",
          "Categories of third-party risk: operational, financial, cyber, conduct, legal and reputational",
          "Outsourcing compared with other third-party arrangements",
          "Governance, policy and the three lines in third-party risk",
          "Building and maintaining a complete third-party inventory",
        ],
      },
      {
        day: 2,
        title: "Tiering and Due Diligence",
        topics: [
          "Assessing criticality and inherent risk",
          "Designing a risk-based tiering model",
          "Due diligence scope by tier: financial, security, resilience, ESG and conduct",
          "Evaluating supplier evidence and questionnaire responses critically",
          "Workshop: tiering and assessing a case supplier estate",
        ],
      },
      {
        day: 3,
        title: "Contracting and Regulatory Expectations",
        topics: [
          "Key contractual controls: service levels, audit and access, data, subcontracting and termination",
          "DORA: ICT third-party risk, mandatory contractual provisions and the register of information",
          "UK expectations on outsourcing and third-party risk management, including PRA SS2/21",
          "The UK critical third parties regime and what it means for firms",
          "Workshop: reviewing and marking up a service agreement",
        ],
      },
      {
        day: 4,
        title: "Ongoing Monitoring and Concentration Risk",
        topics: [
          "Monitoring performance, risk and controls through the relationship",
          "Key risk indicators and triggers for reassessment",
          "Concentration, fourth-party and supply chain risk",
          "Incident management and issue escalation with suppliers",
          "Workshop: a monitoring dashboard for critical suppliers",
        ],
      },
      {
        day: 5,
        title: "Exit, Resilience and Capstone",
        topics: [
          "Exit strategies and stressed exit planning",
          "Linking third parties to important business services and impact tolerances",
          "Reporting third-party risk to senior management and the board",
          "Capstone: assessing a third-party risk programme and presenting an improvement plan",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["eleanor-hart", "david-okafor"],
    faqs: [
      {
        question: "Does the course cover DORA if we are a UK firm?",
        answer:
          "Yes. Many UK groups have EU entities within DORA's scope, or provide services to firms that are. We set DORA alongside the UK outsourcing, operational resilience and critical third parties requirements so you can see where they overlap and where they differ.",
      },
      {
        question: "Is this relevant outside financial services?",
        answer:
          "Yes. The regulatory material is drawn largely from financial services, where expectations are most developed, but the lifecycle, tiering, due diligence and contract controls apply in any sector that relies on suppliers for critical services.",
      },
      {
        question: "Will we work with real contracts?",
        answer:
          "You will work with a representative service agreement and practise identifying missing or weak clauses. If you bring an anonymised template from your own organisation, you can review it in the day-three workshop.",
      },
      {
        question: "Do I need a legal background?",
        answer:
          "No. The course focuses on what risk and procurement professionals need to ask for in a contract and why, not on drafting technique.",
      },
    ],
    relatedCourseIds: ["risk-management", "proactive-resilience", "sustainable-supply-chain"],
    certification:
      "Certificate of Completion in Third-Party Risk Management, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Third-Party Risk Management Course | 5-Day Programme",
      description:
        "Third-party risk management course: supplier tiering, due diligence, contract controls, monitoring, exit planning, DORA and UK regulatory expectations.",
    },
  },
  {
    id: "proactive-resilience",
    pillars: ["risk-grc"],
    title: "Proactive Operational Resilience",
    subtitle: "Identify your important business services, set impact tolerances and show you can stay within them",
    shortDescription:
      "A hands-on course in the UK operational resilience regime, taking you from identifying important business services through mapping and scenario testing to the self-assessment your board must approve.",
    cardDescription:
      "Apply the UK FCA and PRA operational resilience regime: important business services, impact tolerances, mapping, severe but plausible scenario testing and board self-assessment.",
    cardTarget: "Operational resilience, business continuity and operational risk leads",
    overview: `
The UK operational resilience framework set by the FCA, the PRA and the Bank of England changed the question firms must answer. It is no longer only whether systems can be recovered, but whether the services customers and markets depend on can continue to be delivered within a defined level of disruption. Meeting that standard is an ongoing discipline, not a one-off project.

This course works through the regime end to end: identifying important business services, setting impact tolerances, mapping the people, processes, technology, facilities and information behind them, testing against severe but plausible scenarios, and remediating the vulnerabilities you find. Throughout, the emphasis is on moving from compliance documentation to resilience that works under stress.

Practical work is built around a case firm. You will identify its important business services, set and justify tolerances, run a tabletop scenario test and draft findings for its self-assessment, giving you a tested approach to take back to your own organisation.
`,
    benefits: [
      "Identify and justify important business services from the perspective of customers and markets",
      "Set impact tolerances that reflect intolerable harm, and defend them to the board and supervisors",
      "Map the resources behind each service and locate single points of failure",
      "Design and run severe but plausible scenario tests that reveal real vulnerabilities",
      "Prioritise remediation and investment using mapping and testing results",
      "Write a self-assessment that stands up to supervisory scrutiny",
      "Connect resilience with business continuity, third-party risk and incident management",
    ],
    targetAudience: [
      "Heads of operational resilience and business continuity",
      "Operational risk managers",
      "Chief operating officers and their teams",
      "Technology risk and IT service continuity leads",
      "Compliance professionals supporting FCA and PRA engagement",
      "Internal auditors providing assurance over resilience",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Operational Resilience Regime",
        topics: [
          "The policy intent behind the FCA and PRA rules",
          "How resilience differs from business continuity and disaster recovery",
          "Board and senior manager accountabilities",
          "Identifying important business services through customer and market harm",
          "Workshop: selecting important business services for a case firm",
        ],
      },
      {
        day: 2,
        title: "Impact Tolerances",
        topics: [
          "Defining intolerable harm to consumers, market integrity, safety and soundness, and financial stability",
          "Setting time-based and supplementary metrics for tolerances",
          "Aligning impact tolerances with risk appetite",
          "Documenting and challenging tolerance decisions",
          "Workshop: setting and defending impact tolerances",
        ],
      },
      {
        day: 3,
        title: "Mapping and Vulnerabilities",
        topics: [
          "Mapping people, processes, technology, facilities and information",
          "Third-party and intragroup dependencies",
          "Choosing the right level of mapping detail",
          "Identifying vulnerabilities and single points of failure",
          "Workshop: mapping an important business service end to end",
        ],
      },
      {
        day: 4,
        title: "Scenario Testing",
        topics: [
          "Designing severe but plausible scenarios",
          "Testing methods: tabletop exercises, simulations and live tests",
          "Cyber, third-party and concentration scenarios",
          "Recording results and lessons learned",
          "Workshop: running a tabletop test against an impact tolerance",
        ],
      },
      {
        day: 5,
        title: "Remediation, Self-Assessment and Capstone",
        topics: [
          "Prioritising and tracking remediation",
          "Internal and external communications during disruption",
          "Writing the self-assessment document",
          "Embedding resilience in change and investment decisions",
          "Capstone: presenting scenario test findings to a simulated board",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["eleanor-hart", "david-okafor"],
    faqs: [
      {
        question: "The regime is now fully in force. Is this course still relevant?",
        answer:
          "Yes. Firms must keep their important business services, tolerances, mapping and testing under review and remain within tolerance on an ongoing basis. Many are now moving from initial compliance to a more mature, embedded approach, which is the focus of this course.",
      },
      {
        question: "Is the course only for firms regulated by the FCA or PRA?",
        answer:
          "The UK regime is the reference point, but the methods of identifying critical services, setting tolerances, mapping and scenario testing are increasingly used in other sectors, including infrastructure, utilities and the public sector.",
      },
      {
        question: "Does it cover DORA?",
        answer:
          "We highlight where DORA's requirements on ICT risk and resilience testing overlap with the UK regime. For a fuller treatment of DORA's third-party provisions, Third-Party Risk Management is the natural companion course.",
      },
      {
        question: "How technical is the scenario testing?",
        answer:
          "The focus is on design, governance and interpretation rather than technical testing tools. You will plan and run a tabletop exercise, which needs no specialist technical knowledge.",
      },
    ],
    relatedCourseIds: ["third-party-risk", "risk-management", "corporate-governance"],
    certification:
      "Certificate of Completion in Operational Resilience, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Operational Resilience Course | FCA & PRA | 5-Day Programme",
      description:
        "Operational resilience course on the UK FCA and PRA regime: important business services, impact tolerances, mapping and scenario testing.",
    },
  },
  {
    id: "corporate-governance",
    pillars: ["risk-grc"],
    title: "Corporate Governance and Board Effectiveness",
    subtitle:
      "Apply the UK Corporate Governance Code with substance, from board dynamics to the internal control declaration",
    shortDescription:
      "An in-depth course on how boards and their committees work in practice under the UK Corporate Governance Code, including the strengthened expectations on risk management and internal control.",
    cardDescription:
      "Apply the UK Corporate Governance Code: board roles and effectiveness, committees, comply or explain reporting and the board's declaration on material internal controls.",
    cardTarget: "Company secretaries, directors, and governance and risk leaders",
    overview: `
Good governance is judged less by the structures a company has than by how its board behaves: the quality of its challenge, the information it receives and the decisions it takes. The UK Corporate Governance Code sets out the principles, but applying them well, and explaining departures from them credibly, is a matter of judgement.

This course covers the Code and the framework around it: the roles of the chair, executive and non-executive directors and company secretary; the work of the audit, nomination and remuneration committees; board evaluation; stakeholder engagement and the section 172 statement; and the board's responsibilities for risk management and internal control. It gives particular attention to the 2024 revision of the Code and the requirement for boards to declare on the effectiveness of material internal controls.

Because governance is learned through practice, the course uses board simulations, case studies and analysis of published annual reports. You will review real disclosures, take part in simulated board discussions and prepare a framework to support your own organisation's internal control declaration.
`,
    benefits: [
      "Understand the principles and provisions of the UK Corporate Governance Code and how comply or explain works in practice",
      "Strengthen board effectiveness through better information, challenge and evaluation",
      "Clarify the responsibilities of the audit, nomination and remuneration committees",
      "Prepare for the board's declaration on the effectiveness of material internal controls",
      "Write governance disclosures that are specific and credible rather than boilerplate",
      "Support directors in meeting their duties, including under section 172 of the Companies Act 2006",
    ],
    targetAudience: [
      "Company secretaries and governance professionals",
      "Executive and non-executive directors, including those new to board roles",
      "Heads of risk, internal control and internal audit",
      "General counsel and senior legal advisers",
      "Finance directors and financial controllers preparing governance disclosures",
      "Senior managers preparing for a first board appointment",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Governance Framework",
        topics: [
          "The UK Corporate Governance Code: purpose, principles and comply or explain",
          "Directors' duties under the Companies Act 2006",
          "Roles of the chair, chief executive, senior independent director and company secretary",
          "Independence, board composition and succession",
          "Case study: governance failures and what the board missed",
        ],
      },
      {
        day: 2,
        title: "Board Effectiveness and Dynamics",
        topics: [
          "Board culture, behaviour and constructive challenge",
          "Board information: what good board papers look like",
          "Decision-making and managing conflicts of interest",
          "Board evaluation and director development",
          "Simulation: a contested board decision",
        ],
      },
      {
        day: 3,
        title: "Board Committees",
        topics: [
          "The audit committee: financial reporting, external audit and internal audit",
          "The nomination committee: succession, diversity and board composition",
          "The remuneration committee: policy, alignment and shareholder scrutiny",
          "The risk committee and its relationship with the audit committee",
          "Workshop: reviewing committee terms of reference and reports",
        ],
      },
      {
        day: 4,
        title: "Risk Management and Internal Control",
        topics: [
          "The board's responsibility for risk management and internal control",
          "The 2024 Code and the declaration on material internal controls",
          "Identifying material controls and gathering assurance evidence",
          "Principal and emerging risks, and the viability statement",
          "Workshop: an assurance map to support the internal control declaration",
        ],
      },
      {
        day: 5,
        title: "Stakeholders, Reporting and Capstone",
        topics: [
          "Stakeholder engagement and the section 172 statement",
          "Engaging with shareholders and proxy advisers",
          "Writing the governance report without boilerplate",
          "Capstone: presenting a governance improvement plan to a simulated board",
        ],
      },
    ],
    theoryPracticeSplit: "40/60",
    instructorIds: ["eleanor-hart", "david-okafor"],
    faqs: [
      {
        question: "Does the course reflect the 2024 UK Corporate Governance Code?",
        answer:
          "Yes. The course is built around the current Code, with particular attention to the revised provision on risk management and internal control and the board's declaration on the effectiveness of material internal controls.",
      },
      {
        question: "Is it relevant if my organisation does not have to apply the Code?",
        answer:
          "Yes. Many private companies, mutuals, charities and public bodies apply the Code voluntarily or follow codes built on similar principles, such as the Wates Corporate Governance Principles for Large Private Companies. The board practices covered apply whichever code you report against.",
      },
      {
        question: "I am not yet on a board. Will I benefit?",
        answer:
          "Yes. The course suits senior managers preparing for a first board appointment and those who support boards, such as company secretaries and heads of risk, because it shows how board discussions work from the inside.",
      },
      {
        question: "How does this course relate to Enterprise Risk Management?",
        answer:
          "This course looks at risk from the board's perspective: oversight, assurance and disclosure. Enterprise Risk Management covers the design and operation of the risk framework itself. Many participants take both.",
      },
    ],
    relatedCourseIds: ["risk-management", "internal-audit", "leadership"],
    certification:
      "Certificate of Completion in Corporate Governance and Board Effectiveness, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Corporate Governance Course | UK Code | 5-Day Programme",
      description:
        "Corporate governance course on the UK Corporate Governance Code: board effectiveness, board committees and the material internal controls declaration.",
    },
  },
  {
    id: "agile-risk-management",
    pillars: ["risk-grc"],
    title: "Agile Risk Management",
    subtitle: "Manage risk at the pace of iterative delivery without slowing teams down",
    shortDescription:
      "A practical course for risk professionals and delivery leaders on building risk management into agile and product-led ways of working, with controls that are proportionate, automated where possible and part of the flow of work.",
    cardDescription:
      "Embed risk management in agile and product delivery: risk in the backlog, lightweight controls, automated assurance and governance that keeps pace with iterative change.",
    cardTarget: "Risk partners, product owners, delivery leads and second-line teams",
    overview: `
Traditional risk processes were designed for long projects with fixed stage gates. When teams release change every few weeks, or several times a day, those processes either slow delivery or are quietly bypassed. Neither outcome serves the organisation.

This course shows how to bring risk management into agile delivery: making risk visible in the backlog, building controls into the definition of done and delivery pipelines, replacing heavyweight approval gates with proportionate guardrails, and giving the second and third lines the evidence they need without creating a parallel bureaucracy.

You will work in mixed teams of risk and delivery roles, simulating a series of sprints on a product with genuine regulatory and operational exposures. The aim is a shared language and a practical set of mechanisms you can pilot with a product team as soon as you return.
`,
    benefits: [
      "Build risk identification and treatment into backlog refinement, planning and review",
      "Design lightweight, proportionate controls that teams will actually use",
      "Use the definition of done and automated pipeline checks to evidence control",
      "Reposition the second line as a partner embedded with product teams",
      "Apply risk appetite to decisions made at team and portfolio level",
      "Give boards and auditors assurance over iterative change without reintroducing stage gates",
    ],
    targetAudience: [
      "Risk and compliance partners supporting agile or product teams",
      "Product owners and product managers",
      "Delivery leads, scrum masters and agile coaches",
      "Technology risk and information security professionals",
      "Internal auditors reviewing agile delivery",
      "Programme and portfolio managers moving to iterative delivery",
    ],
    curriculum: [
      {
        day: 1,
        title: "Why Traditional Risk Processes Struggle with Agile",
        topics: [
          "Agile and product delivery principles for risk professionals",
          "Where stage-gate risk management breaks down",
          "Common misconceptions on both sides",
          "Risk appetite as the basis for team autonomy",
          "Simulation: mapping risk touchpoints in a delivery lifecycle",
        ],
      },
      {
        day: 2,
        title: "Risk in the Flow of Work",
        topics: [
          "Making risks visible in the backlog",
          "Risk-based refinement and prioritisation",
          "Risk acceptance criteria and the definition of done",
          "Lightweight risk assessment techniques for teams",
          "Workshop: adding risk to a product backlog",
        ],
      },
      {
        day: 3,
        title: "Lightweight and Automated Controls",
        topics: [
          "Designing proportionate controls and guardrails",
          "Controls in delivery pipelines: automated testing, segregation of duties and change approval",
          "Policy as code and continuous compliance",
          "Evidence generated by the work, not for it",
          "Workshop: redesigning a heavyweight change approval process",
        ],
      },
      {
        day: 4,
        title: "Governance and Assurance at Scale",
        topics: [
          "The three lines in an agile organisation",
          "Embedded risk partners and communities of practice",
          "Portfolio-level risk and aggregated reporting",
          "Working with internal audit on iterative delivery",
          "Simulation: a quarterly portfolio risk review",
        ],
      },
      {
        day: 5,
        title: "Making It Stick and Capstone",
        topics: [
          "Measuring whether risk management is working",
          "Piloting the approach with a product team",
          "Overcoming resistance in risk and delivery functions",
          "Capstone: presenting an agile risk operating model for your organisation",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["eleanor-hart", "david-okafor"],
    faqs: [
      {
        question: "Do I need to be an agile practitioner to attend?",
        answer:
          "No. Day one covers the agile principles risk professionals need. Equally, delivery professionals do not need a risk background; the course is designed for both groups to learn together.",
      },
      {
        question: "Does agile risk management mean fewer controls?",
        answer:
          "Not necessarily. It means controls that are proportionate to the risk, designed into the work and automated where possible. Control evidence often improves when it is generated by the delivery process itself.",
      },
      {
        question: "Is the course tied to a particular agile framework?",
        answer:
          "No. The techniques work with Scrum, Kanban and scaled frameworks alike. We use neutral terminology and show how to adapt each mechanism to the framework your organisation already uses.",
      },
      {
        question: "Can we attend as a team?",
        answer:
          "Yes, and the course works particularly well when risk and delivery colleagues from the same organisation attend together. Group discounts are available when several colleagues from one organisation book.",
      },
    ],
    relatedCourseIds: ["risk-management", "accelerating-agile", "embracing-agility"],
    certification:
      "Certificate of Completion in Agile Risk Management, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Agile Risk Management Course | 5-Day Programme",
      description:
        "Agile risk management course: risk in the backlog, lightweight and automated controls, and governance that keeps pace with iterative delivery.",
    },
  },
] satisfies CourseInput[];
