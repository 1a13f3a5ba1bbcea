/**
 * Field facts the forms show (length caps, option lists), without the
 * schema library: components import these; the schemas are declared by
 * the lead kinds (app/leads/kinds/<kind>.ts) with the rules in ./schemas.ts.
 */
export const limits = {
  name: 100,
  email: 254,
  phone: 40,
  company: 150,
  jobTitle: 100,
  message: 5000,
} as const;

export const serviceInterests = [
  { value: "risk-grc", label: "Risk Management & GRC" },
  { value: "accounting-auditing", label: "Accounting & Auditing" },
  { value: "strategy", label: "Strategy & Execution" },
  { value: "sustainability", label: "Sustainability & ESG" },
  { value: "custom-training", label: "Custom Training Programme" },
  { value: "consulting", label: "Consulting Services" },
  { value: "other", label: "Other" },
] as const;
export type ServiceInterest = (typeof serviceInterests)[number]["value"];

export const preferredContacts = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
] as const;
