/**
 * The four training pillars (spec sections 1 and 2, Pillar pages) and the
 * general FAQs shown on the contact page. Numbers come from business.ts.
 */
import { courseFacts, pricing, promises, support } from "../business.ts";
import { organisation } from "../organisation.ts";
import type { Faq, PillarInput } from "../schema.ts";

const { days, noticeWeeksStandard, noticeWeeksCustom } = courseFacts;
const supportSessions = `${support.sessions} sessions of ${support.sessionMinutes} minutes`;

export const pillars = [
  {
    id: "risk-grc",
    title: "Risk (GRC)",
    shortTitle: "Risk",
    alternateNames: ["Governance, Risk and Compliance"],
    tagline: "Build risk frameworks your board trusts and your business actually uses.",
    description:
      "Our Risk (GRC) programmes equip risk, compliance and audit professionals to design and run governance, risk and compliance frameworks that stand up to board and regulatory scrutiny. Courses cover enterprise risk management, third-party risk, operational resilience and corporate governance, with practical work on the risks your own organisation faces.",
    icon: "shield-check",
    featuredCourseId: "risk-management",
    featuredBlockCourseIds: ["risk-management", "third-party-risk"],
    faqs: [
      {
        question: "Who are the Risk (GRC) courses designed for?",
        answer:
          "Risk managers, compliance officers and internal auditors, together with the heads of function and non-executive directors who oversee them. Most participants already have some risk or control experience, so the courses move quickly from frameworks to board-level application rather than starting from first principles.",
      },
      {
        question: "Can you deliver a risk course in-house for our team?",
        answer: `Yes. Any Risk (GRC) course can be run at your premises or live online for your team alone, and we can adapt the case studies to your sector, risk taxonomy and regulatory environment. We ask for ${noticeWeeksStandard} weeks' notice for a standard in-house course and ${noticeWeeksCustom} weeks where we tailor the content.`,
      },
      {
        question: "Do participants receive a certificate?",
        answer:
          "Yes. Everyone who completes the programme receives a Meridian certificate of completion setting out the course content, which you can use to support your continuing professional development records. Many participants also leave with a reviewed risk framework or board paper they can put to work immediately.",
      },
      {
        question: `How do the ${support.months} months of implementation support work?`,
        answer: `After the course you have ${support.months} months of support from your trainer, delivered as ${supportSessions}. Risk participants typically use them to review a draft risk appetite statement, a risk register or a board report before it goes live.`,
      },
    ],
    seo: {
      title: `Risk (GRC) Training Courses | ${organisation.name}`,
      description: `Intensive ${days}-day governance, risk and compliance courses in London, online or in-house, with ${support.months} months of implementation support after the course.`,
    },
  },
  {
    id: "accounting-auditing",
    title: "Accounting & Auditing",
    shortTitle: "Accounting",
    alternateNames: ["Accounting and Auditing", "Accounting & Assurance"],
    tagline: "Turn financial information into sound judgement and assurance you can rely on.",
    description:
      "Our Accounting & Auditing programmes build the analytical and assurance skills that finance teams, auditors and business leaders need to read, test and act on financial information. Courses span financial analysis, corporate finance, internal audit and ESG accounting, each grounded in real financial statements and case work.",
    icon: "calculator",
    featuredCourseId: "financial-analysis",
    featuredBlockCourseIds: [],
    faqs: [
      {
        question: "Do I need an accounting qualification to attend?",
        answer:
          "No. Our financial analysis and corporate finance courses suit qualified accountants and experienced managers alike, and each course page sets out any prerequisites. If you are new to finance, our finance course for non-financial managers in the Strategy pillar is the better starting point.",
      },
      {
        question: "Can the case studies use our own financial statements?",
        answer: `Yes, on in-house courses. Given ${noticeWeeksCustom} weeks' notice, we can build exercises around your published accounts, management information or internal audit findings, handled in confidence. Open courses use anonymised statements from a range of sectors.`,
      },
      {
        question: "What certification is included?",
        answer:
          "Every participant receives a Meridian certificate of completion on finishing the course. Qualified accountants and auditors can use it, together with the course outline, to support the continuing professional development records their professional body requires.",
      },
      {
        question: "What does post-course support look like for finance teams?",
        answer: `You have ${support.months} months of implementation support, made up of ${supportSessions} with your trainer. Participants often bring a live valuation, budget model or audit plan to these sessions, and you keep access to the analytics software and templates used on the course.`,
      },
    ],
    seo: {
      title: `Accounting & Auditing Courses | ${organisation.name}`,
      description: `Intensive ${days}-day courses in financial analysis, corporate finance, internal audit and ESG accounting, delivered in London, online or at your site.`,
    },
  },
  {
    id: "strategy",
    title: "Strategy",
    shortTitle: "Strategy",
    alternateNames: ["Strategy and Leadership"],
    tagline: "Close the gap between strategic intent and what your organisation delivers.",
    description:
      "Our Strategy programmes help senior leaders and high-potential managers set clear priorities, align teams behind them and execute with discipline. Courses cover strategy execution, innovation, agility and leadership, using simulations and your own strategic challenges rather than textbook cases.",
    icon: "compass",
    featuredCourseId: "strategy-execution",
    featuredBlockCourseIds: [],
    faqs: [
      {
        question: "Who should attend a Strategy course?",
        answer:
          "Directors, heads of function and managers preparing for senior roles, as well as strategy and transformation teams. The courses work best for people responsible for turning a plan into results, whatever their discipline.",
      },
      {
        question: "Can we send our whole leadership team together?",
        answer: `Yes, and many clients do. Groups of ${pricing.groupDiscountMinParticipants} or more from one organisation qualify for a group discount, and for a full leadership team we usually recommend a private course at your site or ours, built around your strategy and current priorities.`,
      },
      {
        question: "What do participants receive at the end of the course?",
        answer:
          "Everyone who completes the programme receives a Meridian certificate of completion. Just as importantly, you leave with an execution plan for a live priority in your own organisation, drafted and challenged by your peers and trainer during the week.",
      },
      {
        question: `How do the ${support.months} months of support help with execution?`,
        answer: `Strategy rarely fails in the workshop; it fails in the months that follow. Your ${support.months} months of support include ${supportSessions} with your trainer to review progress against your plan, work through blockers and adjust priorities as circumstances change.`,
      },
    ],
    seo: {
      title: `Strategy & Leadership Courses | ${organisation.name}`,
      description: `Intensive ${days}-day strategy execution, innovation and leadership courses in London, online or in-house, with ${support.months} months of implementation support.`,
    },
  },
  {
    id: "sustainability",
    title: "Sustainability (ESG)",
    shortTitle: "Sustainability",
    alternateNames: ["ESG"],
    tagline: "Move from ESG commitments to credible, measurable progress.",
    description:
      "Our Sustainability (ESG) programmes give finance, risk, operations and sustainability professionals the technical grounding to measure impact, manage climate and ESG risks and report with confidence. Courses cover carbon accounting, ESG risk, sustainable supply chains and sustainable value creation, combining recognised frameworks with hands-on work on real data.",
    icon: "leaf",
    featuredCourseId: "carbon-accounting",
    featuredBlockCourseIds: [],
    faqs: [
      {
        question: "Are the Sustainability courses only for sustainability specialists?",
        answer:
          "No. They are designed as much for the finance, risk, procurement and operations professionals who now own part of the ESG agenda as for sustainability teams. Carbon accounting and ESG accounting assume you are comfortable with numbers; the other courses need no technical background.",
      },
      {
        question: "Which frameworks and standards do the courses cover?",
        answer:
          "Courses work with the Greenhouse Gas Protocol, the ISSB sustainability disclosure standards and the TCFD recommendations they build on, and explain how European reporting requirements affect UK groups. Content is kept up to date as standards and regulation evolve.",
      },
      {
        question: "Can you run a sustainability course at our site?",
        answer: `Yes. We deliver at your premises or live online, and can build the exercises around your own emissions data, supplier base or disclosure requirements. Please allow ${noticeWeeksCustom} weeks' notice for a tailored course, or ${noticeWeeksStandard} weeks for the standard programme.`,
      },
      {
        question: "How does post-course support work for ESG projects?",
        answer: `You have ${support.months} months of implementation support, made up of ${supportSessions} with your trainer. Participants typically use them to review a carbon footprint, a transition plan or a draft disclosure, and you also join our alumni community of ESG practitioners.`,
      },
    ],
    seo: {
      title: `Sustainability & ESG Courses | ${organisation.name}`,
      description: `Intensive ${days}-day ESG courses in carbon accounting, ESG risk and sustainable supply chains, in London, online or in-house, with ${support.months} months of support.`,
    },
  },
] satisfies PillarInput[];

/** The four FAQ entries on the contact page. */
export const generalFaqs = [
  {
    question: "How quickly will you respond to my enquiry?",
    answer: `We reply to every enquiry ${promises.contactResponse}. Our team is available ${promises.businessHours} (UK time), and enquiries received outside those hours are picked up as soon as we reopen.`,
  },
  {
    question: "Can you deliver training in-house or tailor it to our organisation?",
    answer: `Yes. Any course can be delivered at your premises, at our London venues or live online for your team alone, and we can tailor the content to your sector, systems and data. Please allow ${noticeWeeksCustom} weeks' notice for a customised programme, or ${noticeWeeksStandard} weeks for a standard course run in-house.`,
  },
  {
    question: "Do you offer group discounts?",
    answer: `Yes. Group discounts apply when ${pricing.groupDiscountMinParticipants} or more participants from one organisation book, on an open course or a private one. Tell us how many people you plan to send and we will confirm your corporate rate.`,
  },
  {
    question: "What happens after I book?",
    answer: `You receive a confirmation email within ${promises.confirmationEmailMinutes} minutes, and a member of our team contacts you within ${promises.teamContactHours} hours to confirm dates, format and joining details. We then send a short questionnaire so your trainer or consultant can shape the sessions around your role and priorities.`,
  },
] satisfies Faq[];
