/**
 * The app's services for a unit test of a route's code: the ones the test
 * gives, and a stand-in for each of the others, which the code under test
 * never reaches (an empty object each, no Stripe, every submission allowed).
 */
import type { LeadService } from "~/leads/types.ts";
import type { CourseBookingService } from "~/orders/course-booking/service.server.ts";
import type { QuestionnaireService } from "~/orders/course-booking/questionnaire.server.ts";
import type { SiteContent } from "~/publishing/site-content.server.ts";
import type { AppServices } from "~/services.ts";
import type { StaffServices } from "~/staff/service.server.ts";

export function standInServices(given: Partial<AppServices>): AppServices {
  return {
    leads: {} as LeadService,
    consultations: null,
    stripeWebhooks: null,
    allowSubmission: async () => true,
    staff: {} as StaffServices,
    pageViews: { count() {} },
    content: {} as SiteContent,
    courseBookings: {} as CourseBookingService,
    questionnaires: {} as QuestionnaireService,
    ...given,
  };
}
