/**
 * The trainers who lead our courses. Two per pillar: the lead trainer (shown
 * on the About page) and a senior trainer. Career histories deliberately name
 * no employers.
 */
import { claims } from "../business.ts";
import type { TrainerInput } from "../schema.ts";

const experience = `${claims.trainerExperience} years`;

export const trainers = [
  {
    id: "eleanor-hart",
    name: "Dr Eleanor Hart",
    title: "Lead Trainer, Risk & Governance",
    pillars: ["risk-grc", "sustainability"],
    expertise: "Enterprise risk management, risk appetite and board-level risk oversight",
    bio: `Eleanor brings ${experience} of risk leadership in insurance and banking, most recently as chief risk officer of a UK insurance group, where she rebuilt the enterprise risk framework and reported directly to the board risk committee. Her doctoral research on decision-making under uncertainty shapes her scenario-led teaching, and she co-leads our ESG risk programme, bringing climate and transition risk into mainstream risk appetite and reporting.`,
    lead: true,
  },
  {
    id: "david-okafor",
    name: "David Okafor",
    title: "Senior Trainer, Third-Party & Operational Risk",
    pillars: ["risk-grc"],
    expertise: "Third-party risk, operational resilience and regulatory compliance",
    bio: `David has spent ${experience} in operational risk and compliance, leading supplier-risk and outsourcing oversight programmes for a global bank and a UK payments business. He specialises in making third-party risk and resilience frameworks work in practice, from due diligence and contractual controls to mapping and testing the services a business cannot afford to lose.`,
    lead: false,
  },
  {
    id: "priya-raman",
    name: "Priya Raman",
    title: "Lead Trainer, Accounting & Auditing",
    pillars: ["accounting-auditing", "sustainability"],
    expertise: "Financial reporting, audit quality and sustainability reporting",
    bio: `Priya is a chartered accountant with ${experience} in external audit and group reporting, first leading audits of listed companies at an international accounting firm and later serving as group financial controller of a multinational manufacturer. She now helps finance teams raise the quality of their reporting and bring sustainability disclosures under the same discipline and controls as the financial statements, which is the focus of her ESG accounting teaching.`,
    lead: true,
  },
  {
    id: "james-whitfield",
    name: "James Whitfield",
    title: "Senior Trainer, Corporate Finance",
    pillars: ["accounting-auditing", "strategy"],
    expertise: "Financial analysis, valuation and capital allocation for decision-makers",
    bio: `James has ${experience} of corporate finance experience, advising mid-market and listed companies on acquisitions, refinancings and capital allocation before becoming finance director of a private equity-backed services group. He teaches financial analysis and corporate finance with a practitioner's eye for what boards and investors actually ask, and leads our finance programme for non-financial managers in the Strategy pillar.`,
    lead: false,
  },
  {
    id: "marcus-bell",
    name: "Marcus Bell",
    title: "Lead Trainer, Strategy & Leadership",
    pillars: ["strategy"],
    expertise: "Strategy execution, operating model design and leadership alignment",
    bio: `Marcus has ${experience} of strategy experience, first as a management consultant advising boards on growth and restructuring, then as group strategy director of an international engineering business. He is known for turning strategic plans into measurable execution: a short list of clear priorities, accountable owners and a review rhythm that keeps leadership teams on track.`,
    lead: true,
  },
  {
    id: "sofia-lindqvist",
    name: "Sofia Lindqvist",
    title: "Senior Trainer, Innovation & Strategy",
    pillars: ["strategy"],
    expertise: "Innovation strategy, business model design and change leadership",
    bio: `Sofia has led innovation and transformation work for ${experience} across Scandinavia and the UK, including running the corporate venturing unit of a European telecoms group. She helps leadership teams build an innovation portfolio they can fund, measure and defend, and coaches managers through the organisational change that new business models demand.`,
    lead: false,
  },
  {
    id: "hannah-moreau",
    name: "Hannah Moreau",
    title: "Lead Trainer, Sustainability & ESG",
    pillars: ["sustainability"],
    expertise: "Carbon accounting, climate strategy and sustainability reporting",
    bio: `Hannah has worked in sustainability for ${experience}, leading greenhouse gas inventories, net zero transition plans and climate disclosures for companies in manufacturing, property and retail. Before moving into advisory work she ran the sustainability function of a European building materials group, so she teaches carbon accounting from the perspective of the people who have to produce the numbers and defend them.`,
    lead: true,
  },
  {
    id: "tom-adeyemi",
    name: "Tom Adeyemi",
    title: "Senior Trainer, Sustainable Operations",
    pillars: ["sustainability"],
    expertise: "Sustainable supply chains, energy transition and ESG programme delivery",
    bio: `Tom brings ${experience} of operations and procurement leadership, including heading responsible sourcing for a global consumer goods group and managing energy transition projects across Europe and Africa. He focuses on the practical side of ESG: supplier engagement, value-chain emissions data, decarbonisation business cases and the governance that turns commitments into delivery.`,
    lead: false,
  },
] satisfies TrainerInput[];
