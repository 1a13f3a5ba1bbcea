/** A newsletter subscription (footer, newsletter page, exit popup): the visitor's side. Server: ./newsletter.server.ts. */
import { retentionNotice, retentionPeriods } from "../../content/retention-periods.ts";
import { email, messages } from "../../forms/schemas.ts";
import * as v from "valibot";
import { defineKeptLeadKind, defineLeadKindTexts } from "./texts.ts";

export const newsletter = defineLeadKindTexts({
  kind: "newsletter",
  label: "Newsletter subscription",
  schema: v.object({ email: email(messages.email) }),
  consentText:
    "By subscribing, you agree to the Privacy Policy. We will ask you to confirm by e-mail; every e-mail has an unsubscribe link.",
  successMessage: "Thank you! Please check your inbox and confirm your subscription.",
});

/** What the site keeps of it, and for how long (the privacy notice, the retention job; no page's code). */
export const newsletterKept = defineKeptLeadKind(newsletter, () => ({
  notice: {
    what: "Newsletter subscriptions: your e-mail address and the time you confirmed your subscription.",
    why: "To send you our newsletter, and to show that you agreed to receive it.",
    basis: "Consent.",
    howLong: retentionNotice().newsletter,
  },
  retention: [
    {
      rule: "newsletter_unsubscribed",
      records: "newsletter_subscriptions, status unsubscribed: everything but the address (the suppression list)",
      from: "updated_at (the unsubscribe)",
      keep: retentionPeriods.newsletter_unsubscribed,
      action: "anonymise",
    },
    {
      rule: "newsletter_pending",
      records: "newsletter_subscriptions, status pending (never confirmed)",
      from: "updated_at (the sign-up)",
      keep: retentionPeriods.newsletter_pending,
      action: "delete",
    },
  ],
}));
