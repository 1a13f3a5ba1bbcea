/** A contact enquiry (contact page, spec section 5): the visitor's side. Server: ./contact.server.ts. */
import { retentionNotice, retentionPeriods } from "../../content/retention-periods.ts";
import { answerPromise } from "../../content/business.ts";
import { defineLeadKindTexts } from "./texts.ts";

export const contact = defineLeadKindTexts({
  kind: "contact",
  label: "Contact enquiry",
  consentText: "By submitting this form, you agree to the Privacy Policy.",
  successMessage: `Thank you for your enquiry. We have received it and will respond ${answerPromise()}.`,
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
});
