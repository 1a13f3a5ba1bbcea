/**
 * What the e-mail templates take and give. A lead's e-mails are composed
 * when the lead is stored and written to the outbox in the same transaction.
 */
import type { ContactInput, GuideRequestInput, WebinarRegistrationInput } from "~/forms/schemas.ts";

/** One composed message, ready for the outbox. */
export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and friends). Values must be single-line. */
  headers?: Record<string, string>;
};

export type MailContext = {
  /** Public address of the site, no trailing slash (links in e-mails). */
  siteUrl: string;
  /** The team inbox. */
  teamEmail: string;
};

/** Facts every stored lead has. */
export type LeadFacts = {
  id: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  sourcePage: string;
  consentText: string;
  /** From the test dashboard: subjects are marked [TEST]. */
  isTest: boolean;
};

export type ContactLead = ContactInput & LeadFacts & { serviceInterestLabel: string };

export type GuideRequestLead = GuideRequestInput & LeadFacts & { guideTitle: string; downloadUrl: string };

export type ResourceDownloadLead = LeadFacts & {
  email: string;
  resourceId: string;
  guideTitle: string;
  downloadUrl: string;
};

export type NewsletterSignup = LeadFacts & {
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
};

export type WebinarRegistrationLead = WebinarRegistrationInput &
  LeadFacts & {
    webinarTitle: string;
    /** ISO 8601 with offset. */
    startsAt: string;
    durationMinutes: number;
    presenter: string;
  };

/** A paid consultation booking, once Stripe says the payment succeeded. */
export type PaidBooking = {
  id: string;
  customerName: string;
  customerEmail: string;
  /** Participants; null for the £1 test payment. */
  quantity: number | null;
  amountPence: number;
  paymentIntentId: string;
  /** ISO 8601 UTC. */
  paidAt: string;
  isTest: boolean;
};
