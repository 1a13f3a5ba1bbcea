/** A contact enquiry (contact page, spec section 5): the visitor's side. Server: ./contact.server.ts. */
import { answerPromise } from "~/content/business.ts";
import { defineLeadKindTexts } from "./texts.ts";

export const contact = defineLeadKindTexts({
  kind: "contact",
  label: "Contact enquiry",
  consentText: "By submitting this form, you agree to the Privacy Policy.",
  successMessage: `Thank you for your enquiry. We have received it and will respond ${answerPromise()}.`,
});
