/** A newsletter subscription (footer, newsletter page, exit popup): the visitor's side. Server: ./newsletter.server.ts. */
import { defineLeadKindTexts } from "./texts.ts";

export const newsletter = defineLeadKindTexts({
  kind: "newsletter",
  label: "Newsletter subscription",
  consentText:
    "By subscribing, you agree to the Privacy Policy. We will ask you to confirm by e-mail; every e-mail has an unsubscribe link.",
  successMessage: "Thank you! Please check your inbox and confirm your subscription.",
  notice: {
    what: "Newsletter subscriptions: your e-mail address and the time you confirmed your subscription.",
    why: "To send you our newsletter, and to show that you agreed to receive it.",
    basis: "Consent.",
    howLong:
      "Until you unsubscribe. After that we keep your e-mail address alone, with the date you unsubscribed, on a suppression list, so that we never e-mail you again by mistake. If you never confirm your subscription, we delete your address 30 days after you signed up.",
  },
  retention: [
    {
      rule: "newsletter_unsubscribed",
      records: "newsletter_subscriptions, status unsubscribed: everything but the address (the suppression list)",
      from: "updated_at (the unsubscribe)",
      keep: { days: 0 },
      action: "anonymise",
    },
    {
      rule: "newsletter_pending",
      records: "newsletter_subscriptions, status pending (never confirmed)",
      from: "updated_at (the sign-up)",
      keep: { days: 30 },
      action: "delete",
    },
  ],
});
