/**
 * Client testimonials. Organisations are anonymised at the clients' request;
 * `initial` is the first letter of the quoted person's first name.
 */
import type { TestimonialInput } from "../schema.ts";

export const testimonials = [
  {
    quote:
      "The most practical risk training my team has attended. We left with a working draft of our risk appetite statement and a far clearer way of reporting to the board, and the follow-up sessions helped us embed both.",
    role: "Chief Risk Officer",
    company: "FTSE 250 insurer",
    initial: "R",
    pillar: "risk-grc",
  },
  {
    quote:
      "We rebuilt our supplier onboarding around the tiering approach from the course. Having our trainer review the draft framework in the follow-up sessions meant it was ready for our regulator, not just for the classroom.",
    role: "Head of Third-Party Risk",
    company: "UK building society",
    initial: "M",
    pillar: "risk-grc",
  },
  {
    quote:
      "Sharp, demanding and immediately useful. The case work on cash flow and working capital mirrored the questions our board asks, and my regional finance leads now present analysis rather than just numbers.",
    role: "Group Finance Director",
    company: "Global logistics group",
    initial: "A",
    pillar: "accounting-auditing",
  },
  {
    quote:
      "The strategy execution course gave our executive team a common language. We rebuilt our planning cycle around a handful of priorities with named owners, and our quarterly reviews are now about decisions rather than updates.",
    role: "Director of Strategy",
    company: "NHS trust",
    initial: "S",
    pillar: "strategy",
  },
  {
    quote:
      "Carbon accounting is often taught as a compliance exercise; this course taught it as a management tool. Our value-chain emissions screening and data improvement plan came straight out of the workshop days.",
    role: "Head of Sustainability",
    company: "UK-listed property group",
    initial: "L",
    pillar: "sustainability",
  },
  {
    quote:
      "We had the course delivered at our own site for a cross-functional group, with exercises built around our sector and our own figures. It felt designed for us rather than adapted from a standard syllabus.",
    role: "Chief Operating Officer",
    company: "Private equity-backed manufacturer",
    initial: "D",
  },
] satisfies TestimonialInput[];
