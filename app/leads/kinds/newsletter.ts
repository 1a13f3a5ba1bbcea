/** A newsletter subscription (footer, newsletter page, exit popup): the visitor's side. Server: ./newsletter.server.ts. */
import { defineLeadKindTexts } from "./texts.ts";

export const newsletter = defineLeadKindTexts({
  kind: "newsletter",
  label: "Newsletter subscription",
  consentText:
    "By subscribing, you agree to the Privacy Policy. We will ask you to confirm by e-mail; every e-mail has an unsubscribe link.",
  successMessage: "Thank you! Please check your inbox and confirm your subscription.",
});
