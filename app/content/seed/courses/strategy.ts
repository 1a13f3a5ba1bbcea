/** Courses whose home pillar is Strategy (Strategy and Leadership). */
import type { CourseInput } from "../../schema.ts";

export const strategyCourses = [
  {
    id: "strategy-execution",
    pillars: ["strategy"],
    title: "Strategy Execution",
    subtitle: "Close the gap between strategic intent and results",
    shortDescription:
      "A practical programme for leaders who must turn strategy into coordinated action: translating priorities into objectives and measures, governing the portfolio of initiatives and sustaining execution through regular review and adaptation.",
    cardDescription:
      "Turn strategy into results: translate priorities into OKRs and scorecards, govern the initiative portfolio, align resources and run reviews that keep execution on track.",
    cardTarget: "Executives, strategy and transformation leads, and PMO heads",
    overview: `
Strategies rarely fail because the thinking is poor. They fail in translation: priorities that are not specific enough to act on, too many initiatives competing for the same people, budgets that follow last year rather than the strategy, and review meetings that track activity instead of progress.

This course tackles each of those failure points. You will translate a strategy into a small number of clear priorities, express them as objectives and key results or a balanced scorecard, link them to a governed portfolio of initiatives, and design the review rhythm that keeps execution honest and lets the strategy adapt as conditions change.

The week is built around a case organisation midway through a strategic shift. Working in small groups, you will diagnose its execution gaps, build its strategy map and scorecard, reprioritise its portfolio and run a quarterly strategy review, before applying the same tools to your own organisation in the day-five capstone.
`,
    benefits: [
      "Diagnose where and why execution is breaking down in your organisation",
      "Translate strategy into a few clear priorities that people can act on",
      "Build strategy maps, balanced scorecards and OKRs that connect the board to teams",
      "Prioritise and govern the initiative portfolio, including stopping work that no longer fits",
      "Align budgets, capacity and talent with strategic priorities",
      "Run strategy reviews that focus on progress, learning and decisions",
      "Communicate strategy so that it is understood and owned across the organisation",
    ],
    targetAudience: [
      "Executive and senior leadership team members",
      "Heads of strategy and corporate development",
      "Transformation and change directors",
      "Portfolio and programme management office leaders",
      "Business unit and functional heads responsible for delivering strategy",
      "Finance business partners supporting planning and performance management",
    ],
    objectives: [
      "Identify the main causes of the strategy-to-execution gap and assess them in your own organisation",
      "Translate strategic choices into a strategy map with objectives, measures and targets",
      "Write objectives and key results that are ambitious, measurable and aligned across levels",
      "Apply portfolio governance to prioritise, fund, pause and stop strategic initiatives",
      "Design a performance review cycle that supports learning and adaptation",
      "Build a practical execution plan for a priority in your own organisation",
    ],
    curriculum: [
      {
        day: 1,
        title: "Diagnosing the Execution Gap",
        topics: [
          "Why strategies fail in execution: the common breakdown points",
          "Clarifying strategic intent and choices",
          "From strategy to a small number of must-win priorities",
          "Execution diagnostics for your own organisation",
          "Case study: an organisation midway through a strategic shift",
        ],
      },
      {
        day: 2,
        title: "Translating Strategy into Objectives and Measures",
        topics: [
          "Strategy maps and cause-and-effect logic",
          "The balanced scorecard: perspectives, measures and targets",
          "Objectives and key results: writing and cascading OKRs",
          "Choosing between scorecards and OKRs, or combining them",
          "Workshop: a strategy map and scorecard for the case organisation",
        ],
      },
      {
        day: 3,
        title: "Portfolio Governance and Resource Alignment",
        topics: [
          "Building a single view of the strategic initiative portfolio",
          "Prioritisation criteria and explicit trade-offs",
          "Stage gates, funding decisions and stopping initiatives",
          "Aligning budgets, capacity and talent with strategy",
          "Workshop: reprioritising an overloaded portfolio",
        ],
      },
      {
        day: 4,
        title: "Leading and Sustaining Execution",
        topics: [
          "Communicating strategy so that it is understood",
          "Accountability, ownership and cross-functional coordination",
          "Strategy review meetings that drive decisions",
          "Adapting the strategy as conditions change",
          "Simulation: running a quarterly strategy review",
        ],
      },
      {
        day: 5,
        title: "Execution Plan and Capstone",
        topics: [
          "Building an execution roadmap for your own priority",
          "Anticipating resistance and managing dependencies",
          "Peer review of execution plans",
          "Capstone: presenting your execution plan to a simulated executive committee",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "Should we use OKRs or a balanced scorecard?",
        answer:
          "It depends on your organisation, and the two can work together. The course covers both in depth and gives you clear criteria for choosing, so you can make the right decision for your context rather than following a trend.",
      },
      {
        question: "Is this course for the strategy team or for line leaders?",
        answer:
          "Both. Strategy teams learn how to design execution systems; line leaders learn how to translate priorities for their own areas and run reviews that work. Mixed groups make for the richest discussion.",
      },
      {
        question: "Can I work on my organisation's actual strategy?",
        answer:
          "Yes. The day-five capstone is designed around a priority you bring from your own organisation. Everything shared in the room is treated as confidential.",
      },
      {
        question: "How does this differ from Strategic Planning?",
        answer:
          "Strategic Planning focuses on forming strategy: analysing the environment, developing options and making choices. Strategy Execution starts from an agreed strategy and focuses on delivering it. Many participants take both.",
      },
    ],
    relatedCourseIds: ["strategic-planning", "accelerating-agile", "leadership"],
    groupSize: 12,
    certification:
      "Certificate of Completion in Strategy Execution, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Strategy Execution Course | OKRs & Scorecards | 5-Day Programme",
      description:
        "Strategy execution course: close the strategy-to-execution gap with OKRs, balanced scorecards, portfolio governance and effective strategy reviews.",
    },
  },
  {
    id: "strategic-planning",
    pillars: ["strategy"],
    title: "Strategic Planning",
    subtitle: "Make clear strategic choices in an uncertain environment",
    shortDescription:
      "A rigorous, practical course in building strategy: analysing the external environment and internal capabilities, exploring the future through scenarios, making explicit choices and allocating resources to back them.",
    cardDescription:
      "Build a strategy that leads to decisions: environmental and competitive analysis, scenario planning, clear strategic choices and resource allocation that backs them.",
    cardTarget: "Senior managers, strategy teams and leaders preparing strategic plans",
    overview: `
Many strategic plans are budgets with a vision statement attached. They describe activity rather than choices, and they assume a future that rarely arrives. Effective strategy is different: it makes explicit choices about where to compete and how to win, tests them against a range of possible futures and commits resources accordingly.

This course takes you through a complete strategic planning process. You will analyse the external environment and industry structure, assess internal capabilities, build scenarios to stress-test your thinking, generate and evaluate strategic options, and translate the chosen strategy into resource allocation and a plan the organisation can act on.

Each stage is practised on a case organisation facing a genuine strategic dilemma, with groups presenting and defending their choices. By day five you will have applied the full toolkit, and you will leave with a planning approach to use with your own leadership team.
`,
    benefits: [
      "Analyse the external environment and industry dynamics without drowning in data",
      "Assess your organisation's capabilities and competitive advantage honestly",
      "Use scenario planning to test strategy against a range of plausible futures",
      "Frame strategy as a set of explicit, integrated choices",
      "Evaluate strategic options against clear criteria, including risk and feasibility",
      "Allocate resources to strategic priorities rather than historic patterns",
      "Facilitate planning sessions with your own leadership team",
    ],
    targetAudience: [
      "Senior managers responsible for business unit or functional strategy",
      "Strategy, planning and corporate development professionals",
      "Leaders preparing or refreshing a multi-year strategic plan",
      "Finance leaders involved in planning and capital allocation",
      "Public sector and not-for-profit leaders developing organisational strategy",
      "Consultants and advisers who support strategy processes",
    ],
    curriculum: [
      {
        day: 1,
        title: "Foundations of Strategy",
        topics: [
          "What strategy is and is not: plans, goals and choices",
          "The strategic planning cycle and who should be involved",
          "Purpose, ambition and defining success",
          "Common failure modes of strategic plans",
          "Case introduction: an organisation at a strategic crossroads",
        ],
      },
      {
        day: 2,
        title: "Environmental and Competitive Analysis",
        topics: [
          "PESTLE analysis and identifying the trends that matter",
          "Industry structure and the five forces",
          "Customer needs and market segmentation",
          "Competitor analysis and strategic groups",
          "Resources, capabilities and sources of advantage",
          "Workshop: a strategic analysis of the case organisation",
        ],
      },
      {
        day: 3,
        title: "Scenario Planning",
        topics: [
          "Why forecasts fail and how scenarios help",
          "Identifying driving forces and critical uncertainties",
          "Building a coherent scenario set",
          "Stress-testing strategy across scenarios",
          "Signposts and early warning indicators",
          "Workshop: developing and using scenarios for the case organisation",
        ],
      },
      {
        day: 4,
        title: "Strategic Choices and Options",
        topics: [
          "Where to play and how to win",
          "Generating genuinely different strategic options",
          "Evaluating options for attractiveness, feasibility and risk",
          "Growth routes: organic growth, partnerships and acquisitions",
          "Simulation: a leadership team choosing between options",
        ],
      },
      {
        day: 5,
        title: "Resource Allocation and Capstone",
        topics: [
          "Allocating capital, people and management attention to priorities",
          "Building the plan: milestones, measures and owners",
          "Designing and facilitating the planning process with your own team",
          "Capstone: presenting and defending a strategic plan to a simulated board",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "Is this course built around a particular strategy framework?",
        answer:
          "No. We use established tools such as PESTLE, five forces analysis, capability assessment and scenario planning, but the emphasis is on using them to reach decisions, not on completing templates.",
      },
      {
        question: "Is it suitable for the public and not-for-profit sectors?",
        answer:
          "Yes. The principles of analysis, choice and resource allocation apply across sectors. Exercises are adapted where competitive concepts need reframing, for example around value to citizens, beneficiaries or funders.",
      },
      {
        question: "Will I learn how to run planning sessions with my own team?",
        answer:
          "Yes. Day five covers how to design and facilitate the planning process, and you will leave with an approach you can run with your own leadership team.",
      },
      {
        question: "How does this relate to Strategy Execution?",
        answer:
          "Strategic Planning covers forming the strategy; Strategy Execution covers delivering it. Taken together, they span the full strategy cycle.",
      },
    ],
    relatedCourseIds: ["strategy-execution", "innovation-strategy", "leadership"],
    certification:
      "Certificate of Completion in Strategic Planning, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Strategic Planning Course | 5-Day Programme",
      description:
        "Strategic planning course for senior leaders: environmental analysis, scenario planning, clear strategic choices and resource allocation.",
    },
  },
  {
    id: "innovation-strategy",
    pillars: ["strategy"],
    title: "Innovation Strategy",
    subtitle: "Build an innovation portfolio that renews the core and creates new growth",
    shortDescription:
      "A practical course on making innovation a managed, strategic capability: balancing the innovation portfolio, running disciplined experiments and governing new ventures alongside the core business.",
    cardDescription:
      "Make innovation a managed capability: balance the innovation portfolio, lead an ambidextrous organisation, run disciplined experiments and govern new ventures.",
    cardTarget: "Innovation, strategy and product leaders, and heads of new ventures",
    overview: `
Most established organisations are good at improving what they already do and poor at creating what comes next. The processes, metrics and incentives that run the core business reliably tend to starve or smother new ideas. Innovation that matters needs a strategy: clarity about where to innovate, how much to invest and how to manage uncertainty.

This course treats innovation as a strategic discipline. You will define an innovation thesis linked to strategy, balance a portfolio across core, adjacent and transformational bets, design structures for organisational ambidexterity, use experimentation to reduce uncertainty, and set up governance and funding for new ventures that is rigorous without being bureaucratic.

The week combines frameworks with practice. You will map and rebalance a case organisation's innovation portfolio, design and run rapid experiments, and sit on a simulated investment board deciding which ventures to fund, pivot or stop.
`,
    benefits: [
      "Link innovation investment explicitly to strategic priorities",
      "Balance the portfolio across core, adjacent and transformational innovation",
      "Design structures that let exploration and exploitation coexist",
      "Use experiments to test assumptions before committing significant investment",
      "Govern and fund ventures in stages, on the basis of evidence",
      "Choose between building, partnering, investing and acquiring",
      "Measure innovation by learning and outcomes rather than activity",
    ],
    targetAudience: [
      "Heads of innovation, new ventures and corporate development",
      "Strategy directors and chief strategy officers",
      "Product and research and development leaders",
      "Business unit leaders responsible for growth",
      "Executives sponsoring transformation or digital initiatives",
      "Members of investment and innovation committees",
    ],
    curriculum: [
      {
        day: 1,
        title: "Innovation as Strategy",
        topics: [
          "Why established organisations struggle to innovate",
          "Types of innovation: product, process, business model and platform",
          "Developing an innovation thesis linked to strategy",
          "Assessing innovation capability and culture",
          "Case study: a market leader facing disruption",
        ],
      },
      {
        day: 2,
        title: "Managing the Innovation Portfolio",
        topics: [
          "Core, adjacent and transformational innovation",
          "The three horizons model and its limits",
          "Mapping and balancing the portfolio",
          "Allocating funding across horizons",
          "Workshop: rebalancing a case innovation portfolio",
        ],
      },
      {
        day: 3,
        title: "Organisational Ambidexterity",
        topics: [
          "Exploration and exploitation: managing the tension",
          "Structural, contextual and sequential ambidexterity",
          "The role of the senior leadership team",
          "Incentives, metrics and talent for new ventures",
          "Workshop: designing the organisation for a new growth business",
        ],
      },
      {
        day: 4,
        title: "Experimentation and Evidence",
        topics: [
          "Identifying and prioritising critical assumptions",
          "Designing low-cost, fast experiments",
          "Minimum viable products and learning metrics",
          "Interpreting evidence and avoiding false positives",
          "Simulation: running rapid experiments on a venture concept",
        ],
      },
      {
        day: 5,
        title: "Venture Governance and Capstone",
        topics: [
          "Staged and metered funding",
          "Venture boards and decision criteria",
          "Build, partner, invest or acquire",
          "Scaling successful ventures and integrating them with the core",
          "Capstone: pitching to, and sitting on, a simulated investment board",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "Is this course about creativity techniques?",
        answer:
          "Only in passing. The focus is on the strategic and organisational side of innovation: where to invest, how to structure and fund it, and how to govern uncertainty. Idea generation matters, but in most organisations it is not the bottleneck.",
      },
      {
        question: "Is it relevant for organisations outside the technology sector?",
        answer:
          "Yes. The portfolio, ambidexterity and governance tools apply wherever an organisation needs to renew itself, including financial services, manufacturing, energy, healthcare, professional services and the public sector.",
      },
      {
        question: "Do we need a dedicated innovation team to benefit?",
        answer:
          "No. The course is equally useful for organisations deciding whether to set one up and for business leaders who need to innovate within existing units.",
      },
      {
        question: "Does the course cover corporate venture capital?",
        answer:
          "Yes, as one of several routes alongside building ventures internally, partnerships and acquisitions, with the emphasis on choosing the right route for each opportunity.",
      },
    ],
    relatedCourseIds: ["strategic-planning", "embracing-agility", "sustainable-value-creation"],
    certification:
      "Certificate of Completion in Innovation Strategy, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Innovation Strategy Course | 5-Day Programme",
      description:
        "Innovation strategy course: manage innovation portfolios, build an ambidextrous organisation, run disciplined experiments and govern new ventures.",
    },
  },
  {
    id: "embracing-agility",
    pillars: ["strategy"],
    title: "Embracing Agility",
    subtitle: "Build an organisation that senses, decides and adapts faster",
    shortDescription:
      "A course for leaders on organisational agility: what it means beyond software teams, how adaptive operating models work, and how to lead the cultural and structural change they require.",
    cardDescription:
      "Build organisational agility: adaptive operating models, faster decision-making, empowered teams and the leadership behaviours needed to lead change that lasts.",
    cardTarget: "Senior leaders, HR and operating model leads, and change sponsors",
    overview: `
Agility has become one of the most used and least defined words in management. At organisational level it means something specific: the ability to sense changes in the environment, make decisions quickly and redeploy resources without losing stability. Few organisations are designed to do that.

This course looks at agility through the lens of the whole organisation rather than individual teams. You will examine how structure, governance, funding, decision rights, people practices and leadership behaviours either enable or block adaptation, and explore operating models that combine a stable backbone with flexible, empowered teams.

Much of the week is spent on leading the change itself. Through case studies, simulations and coaching exercises, you will diagnose your organisation's agility, design targeted interventions and practise the conversations that shift behaviour, leaving with a practical plan you can start to apply straight away.
`,
    benefits: [
      "Understand what organisational agility means in practice and where it creates value",
      "Diagnose the structural and cultural barriers to agility in your organisation",
      "Design operating model elements that combine stability with flexibility",
      "Push decisions closer to the work with clear decision rights and guardrails",
      "Lead change through influence, role modelling and experimentation",
      "Build a culture of learning, psychological safety and accountability",
    ],
    targetAudience: [
      "Senior leaders and executive team members",
      "Operating model, organisation design and transformation leads",
      "HR directors and people leaders",
      "Functional heads in finance, risk, operations and technology",
      "Change sponsors and senior programme leaders",
      "Managers leading teams through new ways of working",
    ],
    curriculum: [
      {
        day: 1,
        title: "What Organisational Agility Really Means",
        topics: [
          "Agility beyond software: the organisational perspective",
          "Stability and dynamism: the two sides of agility",
          "Recognising complexity and choosing the right management approach",
          "An agility diagnostic for your organisation",
          "Case study: one organisation that adapted and one that did not",
        ],
      },
      {
        day: 2,
        title: "Adaptive Operating Models",
        topics: [
          "Structures: networks of teams, platforms and a stable backbone",
          "Decision rights and guardrails",
          "Adaptive governance and funding",
          "Designing the organisation around customers",
          "Workshop: redesigning part of a case operating model",
        ],
      },
      {
        day: 3,
        title: "Culture and People",
        topics: [
          "Psychological safety and learning cultures",
          "Performance management in an agile organisation",
          "Skills, roles and career paths",
          "Rituals and routines that reinforce new behaviours",
          "Workshop: culture interventions for your own context",
        ],
      },
      {
        day: 4,
        title: "Leading Change",
        topics: [
          "Models of change and their limits",
          "Leading through influence rather than authority",
          "Managing resistance and building coalitions",
          "Experimentation as a change strategy",
          "Simulation: leading a team through a change in ways of working",
        ],
      },
      {
        day: 5,
        title: "Agility Roadmap and Capstone",
        topics: [
          "Prioritising interventions for impact",
          "Measuring progress towards agility",
          "Sustaining change beyond the launch",
          "Capstone: presenting an agility roadmap for your organisation",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "Is this course about Scrum or other agile methods?",
        answer:
          "No. It is about agility at the level of the whole organisation: structure, governance, culture and leadership. Agile delivery methods are referred to where relevant, but no prior knowledge of them is needed. For scaling agile delivery specifically, see Accelerating Agile Transformation.",
      },
      {
        question: "Is this relevant to regulated organisations?",
        answer:
          "Very much so. A central theme is how to combine agility with the stability, control and accountability that regulated organisations need, including how to adapt governance without weakening it.",
      },
      {
        question: "Does the course include personal leadership development?",
        answer:
          "Yes. Alongside organisational design, the course includes practical work on your own behaviours as a change leader, with peer feedback and coaching exercises.",
      },
    ],
    relatedCourseIds: ["accelerating-agile", "leadership", "agile-risk-management"],
    certification:
      "Certificate of Completion in Organisational Agility, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Embracing Agility | Organisational Agility Course",
      description:
        "Organisational agility course for leaders: adaptive operating models, decision rights, agile culture and leading change that lasts.",
    },
  },
  {
    id: "accelerating-agile",
    pillars: ["strategy"],
    title: "Accelerating Agile Transformation",
    subtitle: "Scale agile beyond teams and show it is delivering better outcomes",
    shortDescription:
      "A course for leaders of agile transformations who need to move beyond pockets of team-level agility: scaling delivery across the enterprise, aligning portfolio and funding, and measuring outcomes rather than adoption.",
    cardDescription:
      "Scale agile across the enterprise: choose and adapt scaling approaches, align portfolio and funding, remove systemic impediments and measure outcomes, not ceremonies.",
    cardTarget: "Transformation leads, agile coaches, and portfolio and delivery leaders",
    overview: `
Many organisations have successful agile teams but have not seen the enterprise-level benefits they expected. The teams are agile; the system around them is not. Annual funding cycles, project-based governance, functional silos and long dependency chains limit what any team can achieve.

This course focuses on that system. You will compare scaling approaches and learn to adapt them rather than adopt them wholesale, organise around value streams, move towards lean portfolio management and product-based funding, and work with finance, risk, HR and procurement to remove systemic impediments.

Measurement runs throughout. The course shows how to move from counting ceremonies and velocity to measuring flow, outcomes and business value, so you can show the board what the transformation is achieving and where to focus next. The day-five capstone brings this together in an acceleration plan for your own organisation.
`,
    benefits: [
      "Diagnose why an agile transformation has stalled and where to intervene",
      "Compare scaling frameworks and adapt them to your context",
      "Organise teams around value streams and reduce dependencies",
      "Introduce lean portfolio management and product-based funding",
      "Engage finance, risk, HR and procurement as partners in the transformation",
      "Measure flow, outcomes and value rather than agile activity",
      "Report transformation progress credibly to executives and the board",
    ],
    targetAudience: [
      "Agile transformation leads and programme directors",
      "Enterprise and senior agile coaches",
      "Portfolio managers and heads of PMO",
      "Technology and product leaders",
      "Executive sponsors of agile transformation",
      "Finance and governance leaders adapting to agile funding models",
    ],
    prerequisites: [
      "Working experience of agile delivery at team level, for example with Scrum or Kanban",
      "Some involvement in, or responsibility for, an agile transformation or scaling initiative",
    ],
    curriculum: [
      {
        day: 1,
        title: "Diagnosing the Transformation",
        topics: [
          "Why agile transformations stall beyond the team level",
          "Systemic impediments: funding, governance, structure and dependencies",
          "Assessing transformation maturity",
          "Leadership's role in enterprise agility",
          "Case study: a transformation that plateaued",
        ],
      },
      {
        day: 2,
        title: "Scaling Approaches",
        topics: [
          "Comparing SAFe, LeSS, Scrum@Scale and tailored approaches",
          "Adapting rather than adopting a framework",
          "Value streams and team topologies",
          "Managing dependencies across teams",
          "Workshop: designing a value stream organisation for the case",
        ],
      },
      {
        day: 3,
        title: "Portfolio, Funding and Governance",
        topics: [
          "Lean portfolio management",
          "From project funding to product and value stream funding",
          "Agile governance and assurance",
          "Working with finance, risk and procurement",
          "Workshop: moving a case portfolio to quarterly prioritisation",
        ],
      },
      {
        day: 4,
        title: "Measuring Outcomes",
        topics: [
          "Why velocity and adoption metrics mislead",
          "Flow metrics: throughput, cycle time, work in progress and predictability",
          "Outcome and value measures linked to strategy",
          "OKRs in an agile enterprise",
          "Workshop: a measurement framework for the transformation",
        ],
      },
      {
        day: 5,
        title: "Acceleration Plan and Capstone",
        topics: [
          "Prioritising the next wave of change",
          "Building coalitions and sustaining executive sponsorship",
          "Reporting transformation progress to the board",
          "Capstone: presenting a transformation acceleration plan",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "Do you teach a particular scaling framework?",
        answer:
          "No. We compare the main frameworks objectively and focus on the principles behind them, so you can choose, adapt or combine approaches to suit your organisation. The course does not prepare you for any framework's own certification.",
      },
      {
        question: "What is the difference between this course and Embracing Agility?",
        answer:
          "Embracing Agility treats organisational agility as a leadership and operating model question. Accelerating Agile Transformation is for people already leading agile change who need to scale delivery and demonstrate outcomes.",
      },
      {
        question: "Is this course suitable if our transformation is just starting?",
        answer:
          "It is most useful once teams are working in an agile way and the challenge is scaling. If you are at the very start, Embracing Agility may be the better first step.",
      },
      {
        question: "Will we learn how to present results to the board?",
        answer:
          "Yes. Day four covers outcome and value measures, and day five covers reporting transformation progress to executives in a way that supports decisions.",
      },
    ],
    relatedCourseIds: ["embracing-agility", "strategy-execution", "agile-risk-management"],
    certification:
      "Certificate of Completion in Accelerating Agile Transformation, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Agile Transformation Course | Scaling Agile | 5-Day Programme",
      description:
        "Accelerate your agile transformation: scale agile across the enterprise, adopt lean portfolio management and measure outcomes, not activity.",
    },
  },
  {
    id: "leadership",
    pillars: ["strategy"],
    title: "Strategic Leadership",
    subtitle: "Lead with clarity through uncertainty, complexity and competing interests",
    shortDescription:
      "A practical programme for senior leaders on the demands of strategic leadership: making sound decisions under uncertainty, setting direction and influencing stakeholders across and beyond the organisation.",
    cardDescription:
      "Lead through uncertainty: sharpen strategic thinking and decision-making, influence stakeholders without formal authority and build the resilience to lead under pressure.",
    cardTarget: "Senior leaders, directors and high-potential executives",
    overview: `
Moving into senior leadership changes the nature of the job. Problems become ambiguous, information is incomplete, success depends on people you do not manage, and the consequences of decisions play out over years. The skills that made you an effective manager are necessary but no longer sufficient.

This course develops the capabilities strategic leadership demands: thinking strategically and setting direction, improving the quality of decisions under uncertainty, mapping and influencing stakeholders, and leading teams and organisations through change and pressure without losing clarity or credibility.

Learning is active and personal. Alongside case studies and frameworks, you will take part in decision simulations, stakeholder role-plays and structured peer coaching, and you will reflect on your own leadership through a personal development plan that carries into the follow-up sessions with your trainer.
`,
    benefits: [
      "Think and act strategically rather than operationally",
      "Make better decisions under uncertainty by recognising and countering bias",
      "Set direction that gives people clarity without false certainty",
      "Map stakeholders and build influence across and beyond the organisation",
      "Lead difficult conversations and handle conflict constructively",
      "Strengthen personal resilience and sustain performance under pressure",
      "Leave with a personal leadership development plan",
    ],
    targetAudience: [
      "Directors and senior managers moving into enterprise-wide roles",
      "Newly appointed executives and heads of function",
      "High-potential leaders on succession plans",
      "Senior technical specialists moving into leadership",
      "Leaders of cross-functional programmes and partnerships",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Strategic Leader",
        topics: [
          "From operational to strategic leadership",
          "Leadership styles and their effects",
          "Self-awareness: strengths, derailers and blind spots",
          "Setting your leadership agenda",
          "Structured peer coaching on current leadership challenges",
        ],
      },
      {
        day: 2,
        title: "Leading Through Uncertainty",
        topics: [
          "Understanding complexity, ambiguity and volatility",
          "Sense-making and framing the situation for others",
          "Setting direction without false certainty",
          "Maintaining clarity and composure under pressure",
          "Simulation: leading through an unfolding crisis",
        ],
      },
      {
        day: 3,
        title: "Decision-Making",
        topics: [
          "How leaders really make decisions",
          "Cognitive biases and group dynamics",
          "Decision tools: pre-mortems, option framing and red teaming",
          "Deciding with incomplete information, and knowing when to decide",
          "Workshop: improving a high-stakes decision process",
        ],
      },
      {
        day: 4,
        title: "Stakeholder Influence",
        topics: [
          "Stakeholder mapping and analysis",
          "Sources of influence and power",
          "Building coalitions and managing upwards",
          "Negotiation and handling conflict",
          "Role-play: influencing a sceptical board member",
        ],
      },
      {
        day: 5,
        title: "Leading Change and Capstone",
        topics: [
          "Engaging people in strategic change",
          "Building high-performing senior teams",
          "Personal resilience and sustaining performance",
          "Capstone: presenting a leadership response to a strategic challenge, with your personal development plan",
        ],
      },
    ],
    theoryPracticeSplit: "30/70",
    instructorIds: ["marcus-bell", "sofia-lindqvist"],
    faqs: [
      {
        question: "How is this different from a general management course?",
        answer:
          "The focus is on the specific demands of senior roles: ambiguity, enterprise-wide decisions and influence without authority. It assumes you already have solid management experience.",
      },
      {
        question: "Will I receive individual feedback?",
        answer:
          "Yes. Simulations and role-plays are debriefed individually, and structured peer coaching runs through the week. Your personal development plan forms the basis of the follow-up implementation sessions with your trainer.",
      },
      {
        question: "Is the course suitable for leaders outside the strategy function?",
        answer:
          "Yes. It is designed for senior leaders in any function, including finance, risk, operations and technology, who need to lead beyond their specialism.",
      },
      {
        question: "Can the course be run for our own leadership team?",
        answer:
          "Yes. It can be delivered at your site or online for a single leadership team and tailored around your organisation's strategic challenges.",
      },
    ],
    relatedCourseIds: ["strategy-execution", "strategic-planning", "embracing-agility"],
    certification:
      "Certificate of Completion in Strategic Leadership, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Strategic Leadership Course | 5-Day Programme",
      description:
        "Strategic leadership course: lead through uncertainty, make better decisions under pressure and influence stakeholders without formal authority.",
    },
  },
  {
    id: "finance-for-non-financial",
    pillars: ["strategy"],
    title: "Finance for Non-Financial Managers",
    subtitle: "Understand the numbers, make the case and talk to finance with confidence",
    shortDescription:
      "A practical course for managers who need to read financial statements, manage budgets and build business cases with confidence, and to understand how their decisions drive financial value.",
    cardDescription:
      "Read financial statements with confidence, manage budgets, build persuasive business cases and understand the value drivers behind the decisions you make.",
    cardTarget: "Managers outside finance with budget or investment responsibility",
    overview: `
As managers take on more responsibility, more of their decisions are judged in financial terms. Yet many have never been shown how to read a set of accounts, how a budget is built or how finance evaluates an investment proposal. The result is lost credibility in the conversations that matter most.

This course builds financial literacy from the ground up, without jargon. You will learn to read the income statement, balance sheet and cash flow statement and see how they connect; to interpret key ratios; to build and manage a budget; to cost decisions; and to construct and evaluate a business case using payback, net present value and internal rate of return.

Everything is practised on realistic material, using spreadsheets and published accounts. By the end of the week you will understand the value drivers of your own organisation and be able to present a financially sound business case to finance colleagues and your leadership team.
`,
    benefits: [
      "Read and interpret the income statement, balance sheet and cash flow statement",
      "Understand the difference between profit and cash, and why it matters",
      "Use key ratios to assess profitability, efficiency and liquidity",
      "Build, monitor and explain budgets and variances",
      "Build business cases that finance and leadership teams will support",
      "Understand how your decisions affect the value drivers of the business",
      "Speak the language of finance with confidence",
    ],
    targetAudience: [
      "Managers with budget responsibility outside the finance function",
      "Operations, sales, marketing, HR and technology leaders",
      "Project and programme managers preparing business cases",
      "Technical specialists moving into management roles",
      "Senior professionals preparing for general management",
      "Leaders of smaller businesses and business units",
    ],
    curriculum: [
      {
        day: 1,
        title: "The Language of Finance",
        topics: [
          "How the financial statements fit together",
          "The income statement: revenue, costs and profit",
          "The balance sheet: assets, liabilities and equity",
          "The cash flow statement, and why profit is not cash",
          "Workshop: reading a set of published accounts",
        ],
      },
      {
        day: 2,
        title: "Analysing Performance",
        topics: [
          "Profitability, efficiency and liquidity ratios",
          "Working capital and the cash conversion cycle",
          "Return on capital employed",
          "Comparing performance over time and against peers",
          "Workshop: a ratio analysis of a listed company",
        ],
      },
      {
        day: 3,
        title: "Budgets and Cost Management",
        topics: [
          "How budgets are built: top-down, bottom-up and zero-based",
          "Fixed, variable and semi-variable costs",
          "Break-even and contribution analysis",
          "Variance analysis and reforecasting",
          "Workshop: building and defending a departmental budget",
        ],
      },
      {
        day: 4,
        title: "Investment Decisions and Business Cases",
        topics: [
          "The time value of money",
          "Payback, net present value and internal rate of return",
          "Identifying relevant costs and benefits",
          "Sensitivity analysis and risk",
          "Workshop: evaluating competing investment proposals",
        ],
      },
      {
        day: 5,
        title: "Value Drivers and Capstone",
        topics: [
          "What drives shareholder and organisational value",
          "Linking operational decisions to financial outcomes",
          "Presenting financial information to senior audiences",
          "Capstone: presenting a business case to a simulated investment committee",
        ],
      },
    ],
    theoryPracticeSplit: "35/65",
    instructorIds: ["sofia-lindqvist", "james-whitfield"],
    faqs: [
      {
        question: "Do I need any prior knowledge of finance?",
        answer:
          "No. The course starts from first principles and avoids unnecessary jargon. Comfort with basic arithmetic and spreadsheets is all you need.",
      },
      {
        question: "Do I need to bring a laptop?",
        answer:
          "Yes, please bring a laptop with spreadsheet software. Several workshops involve building simple models, and the templates you use on the course are yours to keep.",
      },
      {
        question: "Does the course cover public sector and not-for-profit organisations?",
        answer:
          "The core principles apply to all organisations, and we highlight the main differences in public sector and charity reporting. Workshops can use examples from your own sector if you let us know in advance.",
      },
      {
        question: "How does this compare with Financial Analysis?",
        answer:
          "Finance for Non-Financial Managers builds the foundations. Financial Analysis is designed for people who already work with financial information regularly and want to go deeper.",
      },
    ],
    relatedCourseIds: ["financial-analysis", "effective-budgeting", "strategy-execution"],
    certification:
      "Certificate of Completion in Finance for Non-Financial Managers, issued on successful completion of the day-five capstone.",
    seo: {
      title: "Finance for Non-Financial Managers Course | 5-Day Programme",
      description:
        "Finance for non-financial managers: read financial statements, manage budgets, build business cases and understand the value drivers of your organisation.",
    },
  },
] satisfies CourseInput[];
