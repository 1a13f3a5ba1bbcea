/**
 * The app's services: what the server (server/services.ts) builds once and
 * hands to every loader and action through `servicesContext`. A neutral home
 * above the domains it names (leads, orders, staff, analytics) and below
 * the routes and the server that use it (docs/decisions/039-layers.md).
 * Types and the router context only.
 */
import { createContext as createRouterContext } from "react-router";
import type { FormFamily } from "~/forms/protection.ts";
import type { LeadService } from "~/leads/types.ts";
import type { CourseBookingService } from "~/orders/course-booking/service.server.ts";
import type { QuestionnaireService } from "~/orders/course-booking/questionnaire.server.ts";
import type { ConsultationPayments } from "~/orders/consultation-payments.server.ts";
import type { StripeWebhooks } from "~/orders/stripe/router.server.ts";
import type { SiteContent } from "~/publishing/site-content.server.ts";
import type { StaffServices } from "~/staff/service.server.ts";

/** Services the server hands to loaders and actions (servicesContext, below). */
export type AppServices = {
  leads: LeadService;
  /** The paid consultation's card payments (Stripe); null when the Stripe keys are not set. */
  consultations: ConsultationPayments | null;
  /** Course bookings (issue 29): by invoice always, by card when the Stripe keys are set. */
  courseBookings: CourseBookingService;
  /** Delegates' pre-course questionnaires (issue 41, ADR 082), opened by each one's private link. */
  questionnaires: QuestionnaireService;
  /** Stripe's webhook for every paid kind (docs/decisions/068-one-stripe-module.md); null when the Stripe keys are not set. */
  stripeWebhooks: StripeWebhooks | null;
  /**
   * Counts one post of a form family from this client address (as resolved
   * with TRUST_PROXY_HOPS, counted by clientKey), in that family's own scope;
   * false once over the family's limit. Shared by every instance when
   * REDIS_URL or DATABASE_URL is set (ADR 012, 059). Never rejects. Called
   * by the form guard (app/spam/form-guard.server.ts) only.
   */
  allowSubmission(family: FormFamily, clientAddress: string): Promise<boolean>;
  /** The back office (/admin): accounts, sessions, sign-in limits. */
  staff: StaffServices;
  /** Page views per page and day (app/analytics). */
  pageViews: { count(page: string): void };
  /** The published content this instance serves (app/publishing). */
  content: SiteContent;
};

/** The lead service and friends; set by the server for every request. */
export const servicesContext = createRouterContext<AppServices>();
