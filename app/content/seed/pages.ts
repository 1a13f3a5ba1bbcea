/**
 * Page copy for the fixed pages of the site (spec sections 1, 2 and 9): Home,
 * About, Training, Consulting, Case studies, Contact, Resources and the shared
 * blocks of the pillar pages. Every number and claim comes from business.ts;
 * SEO titles leave out the brand name, which the layout appends.
 */
import { claims, courseFacts, pricing, promises, support } from "../business.ts";
import { organisation } from "../organisation.ts";
import { releaseSiteFacts } from "../site-facts.ts";
import type { PageCopyInput } from "../schema.ts";

const { days, defaultGroupSize, noticeWeeksStandard, noticeWeeksCustom } = courseFacts;
const brand = organisation.name;
const trainerYears = `${claims.trainerExperience} years`;
const supportMonths = `${support.months} months`;
const supportSessions = `${support.sessions} follow-up sessions of ${support.sessionMinutes} minutes`;
const groupMin = pricing.groupDiscountMinParticipants;

export const pageCopy = {
  home: {
    heroEyebrow: "London executive training in risk, finance, strategy and sustainability",
    heroTitle: "Intensive executive programmes that change how your organisation works",
    heroLead: `Premium ${days}-day courses in Risk (GRC), Accounting & Auditing, Strategy and Sustainability (ESG), led by practitioners with ${trainerYears} in the field and followed by ${supportMonths} of implementation support, so what your people learn in the room is still working a quarter later.`,
    differentiators: [
      {
        title: "Practitioners, not academics",
        description: `Every trainer has ${trainerYears} of senior experience in the discipline they teach: former chief risk officers, audit leaders, finance directors and strategy directors who have done the work they are asking you to do.`,
        icon: "users",
      },
      {
        title: `${claims.handsOn} hands-on`,
        description: `Around ${claims.handsOn} of each course is practical work: case exercises, simulations and live problems brought from your own organisation, in groups of no more than ${defaultGroupSize} so every participant is heard.`,
        icon: "briefcase",
      },
      {
        title: `${supportMonths} of implementation support`,
        description: `The course is the start, not the end. You have ${supportSessions} with your trainer to review a framework, a model or a board paper as you put it into practice.`,
        icon: "trending-up",
      },
      {
        title: "Delivered where you need it",
        description: `Open courses at central London venues, private programmes at your premises in the UK or abroad, and live online classrooms, with professionals from ${claims.countries} countries among our participants.`,
        icon: "globe",
      },
    ],
    aboutTitle: `About ${brand}`,
    aboutParagraphs: [
      `${brand} is a London-based training and consulting provider for the people who run risk, finance, strategy and sustainability in complex organisations. Our programmes are designed and taught by practitioners, and built around the decisions participants face at work on Monday morning rather than the theory behind them.`,
      `We have trained ${claims.professionalsTrained} professionals, with a ${claims.satisfaction} satisfaction rate, and ${claims.clientsImproving} of our clients see measurable improvement within ${claims.improvementMonths} months of their programme.`,
    ],
    resourcesTitle: "Free guides for business leaders",
    resourcesLead:
      "Practical guides written by our trainers on enterprise risk management, financial analysis and sustainable business practice. Choose a guide and we will send it straight to your inbox.",
    seo: {
      title: "Executive Training in Risk, Finance, Strategy & ESG, London",
      description: `Premium ${days}-day courses in risk, accounting, strategy and sustainability, led by practitioners, with ${supportMonths} of post-course support.`,
    },
  },

  method: {
    title: "Our method: Connect, Learn, Apply, Master",
    lead: "Every programme follows the same four steps, so that learning starts with your real challenges and ends with lasting change in how your organisation works.",
    steps: [
      {
        name: "Connect",
        description:
          "Before the course, your trainer learns about your role, your organisation and the challenges you want to solve, so the week is built around the problems you actually face.",
      },
      {
        name: "Learn",
        description:
          "Practitioner trainers teach the frameworks, standards and techniques that matter, explained through real cases and the judgement calls behind them rather than textbook theory.",
      },
      {
        name: "Apply",
        description: `With around ${claims.handsOn} of the week spent on practical work, you test every tool on case exercises, simulations and your own live issues, with feedback from your trainer and peers.`,
      },
      {
        name: "Master",
        description: `After the course, ${supportMonths} of implementation support, including ${supportSessions}, help you embed what you learned and turn it into results your organisation can see.`,
      },
    ],
  },

  about: {
    heroTitle: "Practitioners teaching practitioners",
    heroLead: `${brand} helps organisations build real capability in risk, finance, strategy and sustainability through intensive programmes led by people who have done the job.`,
    story: [
      `${brand} was founded in London by a group of risk, audit, finance and strategy professionals who had sat through too much training that was strong on theory and weak on practice. We set out to build the programmes we had wanted earlier in our own careers: intensive, demanding and rooted in the realities of running a function under board and regulatory scrutiny.`,
      `That is still how we work. Our trainers are practitioners, not academics, with ${trainerYears} of senior experience in the disciplines they teach. They design every course around the decisions participants have to make, and they spend most of the week working on cases, simulations and the live issues participants bring with them.`,
      `Today we run open courses in London, private programmes at client sites in the UK and abroad, and live online classrooms across our four pillars: Risk (GRC), Accounting & Auditing, Strategy and Sustainability (ESG). We have trained ${claims.professionalsTrained} professionals from ${claims.countries} countries, and we stay with them after the course through ${supportMonths} of implementation support.`,
    ],
    industries: [
      {
        title: "Banking & Financial Services",
        description:
          "Risk frameworks, financial analysis and governance for banks, asset managers and payments firms working under close regulatory oversight.",
        icon: "landmark",
      },
      {
        title: "Insurance",
        description:
          "Enterprise risk management, risk appetite and reporting for insurers and intermediaries, from solvency considerations to climate risk.",
        icon: "shield-check",
      },
      {
        title: "Energy & Utilities",
        description:
          "Operational resilience, transition planning and carbon accounting for organisations running critical infrastructure through the energy transition.",
        icon: "zap",
      },
      {
        title: "Healthcare & Life Sciences",
        description:
          "Governance, internal audit and strategy execution for healthcare providers and life sciences businesses balancing patient outcomes, compliance and cost.",
        icon: "heart-pulse",
      },
      {
        title: "Public Sector",
        description:
          "Risk management, assurance and value-for-money thinking for government departments, agencies and public bodies accountable to ministers and the public.",
        icon: "building",
      },
      {
        title: "Manufacturing & Industrials",
        description:
          "Supply chain risk, sustainable operations and financial discipline for manufacturers managing complex supplier networks and capital-intensive assets.",
        icon: "factory",
      },
    ],
    expertNetwork: {
      title: "Our expert network",
      paragraphs: [
        `Behind our lead trainers sits a wider network of senior practitioners who bring ${claims.combinedExperience} years of combined experience across risk, audit, finance, strategy and sustainability. We draw on them to keep our courses current and to match specialist expertise to the needs of each client.`,
        "Network members have led functions, reported to boards and audit committees, and advised organisations through regulatory and market change. They contribute case material, review course content, co-deliver sessions on specialist topics and support in-house programmes tailored to a particular sector.",
      ],
      points: [
        `Trainers with ${trainerYears} of senior, hands-on experience`,
        `${claims.combinedExperience} years of combined experience across the network`,
        "Former chief risk officers, audit leaders, finance directors and strategy directors",
        "Course content reviewed as standards and regulation change",
        "Specialists matched to your sector for in-house programmes",
      ],
    },
    seo: {
      title: "About Us: Practitioner-Led Executive Training in London",
      description: `London training and consulting provider whose trainers bring ${trainerYears} of practice in risk, finance, strategy and sustainability.`,
    },
  },

  training: {
    heroTitle: "Executive training across four disciplines",
    heroLead: `Intensive ${days}-day programmes in Risk (GRC), Accounting & Auditing, Strategy and Sustainability (ESG), each combining practitioner teaching with hands-on work and ${supportMonths} of support afterwards. Join an open course in London, train your team at your site or learn live online.`,
    advantages: [
      {
        title: `${claims.handsOn} hands-on learning`,
        description: `Around ${claims.handsOn} of every course is practical: case exercises, simulations and work on the challenges you bring from your own organisation.`,
        icon: "briefcase",
      },
      {
        title: `${supportMonths} of implementation support`,
        description: `${supportSessions} with your trainer after the course to review your work and keep implementation on track.`,
        icon: "trending-up",
      },
      {
        title: "Small groups",
        description: `Groups of no more than ${defaultGroupSize} on most courses, so discussion is focused and every participant gets individual attention from the trainer.`,
        icon: "users",
      },
      {
        title: "Certification included",
        description:
          "Every participant who completes a course receives a certificate of completion setting out the content covered, to support continuing professional development records.",
        icon: "award",
      },
      {
        title: "In-house and online delivery",
        description: `Any course can run privately at your premises, in the UK or abroad, or live online, with case studies adapted to your sector. Groups of ${groupMin} or more from one organisation qualify for a group discount.`,
        icon: "building",
      },
      {
        title: "Measurable results",
        description: `${claims.clientsImproving} of our clients see improvement within ${claims.improvementMonths} months, and clients report an average return on investment of ${claims.averageRoi}.`,
        icon: "line-chart",
      },
    ],
    ctaTitle: "Find the right programme for your team",
    ctaLead: `Tell us what you want to achieve and we will recommend the right course, or design an in-house programme around your organisation. We reply ${promises.contactResponse}.`,
    seo: {
      title: "Training Courses in Risk, Accounting, Strategy & ESG",
      description: `Browse our ${days}-day executive courses in risk, accounting, strategy and sustainability: in London, online or at your site, with ${supportMonths} of support.`,
    },
  },

  consulting: {
    heroTitle: "Consulting: coming soon",
    lead: "Our consulting practice page is coming soon. In the meantime, we take on bespoke advisory engagements in risk, finance, strategy and sustainability on request.",
    paragraphs: [
      "Our consultants are the same senior practitioners who lead our training programmes. We help organisations review and strengthen risk and governance frameworks, improve financial analysis and internal audit, turn strategy into an executable plan and build credible sustainability reporting and transition plans.",
      "Engagements are scoped around your situation, from a focused diagnostic review to support over several months, and can be combined with in-house training so your team owns the result. Get in touch to discuss what you need, or browse our training courses to see the expertise we bring.",
    ],
    seo: {
      title: "Consulting Services: Coming Soon",
      description:
        "Our consulting page is coming soon. Meanwhile we take on bespoke advisory work in risk, finance, strategy and sustainability on request.",
    },
  },

  caseStudies: {
    heroTitle: "Case studies: coming soon",
    lead: "We are preparing case studies that show how organisations have applied our training and advice. Until they are published, here are the sectors where much of our work takes place, and we are happy to talk through relevant experience in confidence.",
    sectors: [
      {
        title: "Finance",
        description:
          "Strengthening risk frameworks, financial analysis and board reporting for banks, insurers and investment firms.",
        icon: "landmark",
      },
      {
        title: "Healthcare",
        description:
          "Building governance, internal audit and strategy execution capability for healthcare providers and life sciences organisations.",
        icon: "heart-pulse",
      },
      {
        title: "Utilities",
        description:
          "Supporting energy and water businesses with operational resilience, carbon accounting and transition planning.",
        icon: "zap",
      },
      {
        title: "Public Sector",
        description:
          "Developing risk management, assurance and value-for-money skills in government departments, agencies and public bodies.",
        icon: "building",
      },
    ],
    seo: {
      title: "Case Studies: Coming Soon",
      description:
        "Case studies from our training and consulting work in finance, healthcare, utilities and the public sector are coming soon.",
    },
  },

  contact: {
    heroTitle: "Talk to us",
    heroLead: `Whether you are choosing a course for yourself, planning a programme for your team or exploring a bespoke engagement, our team will help. We reply to every enquiry ${promises.contactResponse}.`,
    formTitle: "Send us an enquiry",
    trainingLocations: [
      `Our open courses run at central London venues close to the City, within easy reach of our office at ${releaseSiteFacts.contact.address.line2} and of the main rail and Underground stations.`,
      `In-house programmes are delivered at your own premises, anywhere in the UK or abroad, for your team alone. We have worked with professionals from ${claims.countries} countries and can adapt case studies to your sector and regulatory environment.`,
      `Every course is also available live online, taught by the same trainers in small, interactive virtual classrooms of no more than ${defaultGroupSize} participants.`,
    ],
    furtherTitle: "Corporate and group bookings",
    furtherParagraphs: [
      `Organisations sending ${groupMin} or more participants to a course qualify for a group discount. For larger teams we recommend a private programme, at your site, ours or online, built around your priorities and, where useful, your own data.`,
      `Please allow ${noticeWeeksStandard} weeks' notice for a standard in-house course and ${noticeWeeksCustom} weeks for a tailored programme. Mention your team size and preferred dates in your enquiry and we will come back with options and a corporate rate.`,
    ],
    seo: {
      title: "Contact Us: Course Enquiries and Corporate Bookings",
      description: `Contact our London team about courses, in-house programmes and group bookings. We reply to every enquiry ${promises.contactResponse}.`,
    },
  },

  resources: {
    heroTitle: "Insights and resources",
    heroLead:
      "Articles, free webinars and guides from our trainers on risk, accounting, strategy and sustainability, written for professionals who need to act on them.",
    introTitle: "Practical thinking from practitioners",
    introParagraph:
      "Our trainers write about the issues they see in boardrooms and finance, risk and sustainability teams every week. Each article draws on real practice and is written for readers who need to act on what they learn, not simply stay informed.",
    closingTitle: "Ready to put these ideas into practice?",
    closingLead: `Browse our ${days}-day training programmes, or get in touch to discuss a course or in-house programme for your team. We reply ${promises.contactResponse}.`,
    seo: {
      title: "Resources: Articles, Webinars and Free Guides",
      description:
        "Articles, free webinars and guides on risk, accounting, strategy and sustainability from practitioner trainers in London.",
    },
  },

  pillarPage: {
    benefitsTitle: "Premium benefits with every course",
    consultationTitle: "Schedule a Consultation",
    consultationLead:
      "Not sure which course is right for you or your team? Speak to one of our specialists about your objectives and we will recommend the right programme, or design one around your organisation.",
  },
} satisfies PageCopyInput;
