/** A contact enquiry (contact page, spec section 5): the visitor's side. Server: ./contact.server.ts. */
import { retentionNotice, retentionPeriods } from "../../content/retention-periods.ts";
import { answerPromise } from "../../content/business.ts";
import { email, line, limits, messages, serviceInterests, text, type ServiceInterest } from "../../forms/schemas.ts";
import * as v from "valibot";
import { defineKeptLeadKind, defineLeadKindTexts } from "./texts.ts";

const serviceInterestValues = serviceInterests.map((s) => s.value) as [ServiceInterest, ...ServiceInterest[]];

export const contact = defineLeadKindTexts({
  kind: "contact",
  label: "Contact enquiry",
  // With the field names the API takes (spec section 7).
  schema: v.object({
    name: line(2, limits.name, messages.contact.name),
    email: email(messages.contact.email),
    phone: line(6, limits.phone, messages.contact.phone),
    company: line(2, limits.company, messages.contact.company),
    jobTitle: v.optional(line(0, limits.jobTitle, messages.contact.jobTitle)),
    serviceInterest: v.picklist(serviceInterestValues, messages.contact.serviceInterest),
    message: text(10, limits.message, messages.contact.message),
    preferredContact: v.picklist(["email", "phone"], messages.contact.preferredContact),
  }),
  consentText: "By submitting this form, you agree to the Privacy Policy.",
  successMessage: `Thank you for your enquiry. We have received it and will respond ${answerPromise()}.`,
});

/** What the site keeps of it, and for how long (the privacy notice, the retention job; no page's code). */
export const contactKept = defineKeptLeadKind(contact, () => ({
  notice: {
    what: "Contact enquiries: your name, e-mail address, phone number, company, job title (optional), area of interest, message and preferred contact method, the consent text shown on the form, and the page and time you sent it.",
    why: "To answer your enquiry, and to keep a record of what you asked and what you were told when you sent it.",
    basis:
      "Legitimate interests in responding to you. Where you ask about a booking, steps you ask us to take before a contract.",
    howLong: retentionNotice().contact,
  },
  retention: [
    {
      rule: "contact_enquiries",
      records: "contact_enquiries",
      // No "last contact" date is recorded yet (the back office will add one).
      from: "created_at (the enquiry)",
      keep: retentionPeriods.contact_enquiries,
      action: "delete",
    },
  ],
}));

export type ContactInput = v.InferOutput<typeof contact.schema>;
