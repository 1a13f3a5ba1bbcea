/** A free webinar registration (resources page): the visitor's side. Server: ./webinar-registration.server.ts. */
import { retentionNotice, retentionPeriods } from "../../content/retention-periods.ts";
import { cutoff } from "../../calendar/period.ts";
import { email, limits, line, messages } from "../../forms/schemas.ts";
import * as v from "valibot";
import { defineKeptLeadKind, defineLeadKindTexts } from "./texts.ts";

export const webinarRegistration = defineLeadKindTexts({
  kind: "webinarRegistration",
  label: "Webinar registration",
  schema: v.object({
    webinarId: line(1, 100, messages.webinar),
    name: line(2, limits.name, messages.name),
    email: email(messages.email),
    company: line(2, limits.company, messages.company),
  }),
  consentText: "By registering, you agree to the Privacy Policy. We will e-mail you the joining details.",
  successMessage: "You are registered. We have sent a confirmation to your email.",
});

/** What the site keeps of it, and for how long (the privacy notice, the retention job; no page's code). */
export const webinarRegistrationKept = defineKeptLeadKind(webinarRegistration, () => ({
  notice: {
    what: "Free webinar registrations: your name, e-mail address and company.",
    why: "To send you joining details and reminders, and to run the webinar.",
    basis: "Legitimate interests in running the webinar you registered for.",
    howLong: retentionNotice().webinars,
  },
  retention: [
    {
      rule: "webinar_registrations",
      records: "webinar_registrations",
      from: "the webinar's startsAt (app/content/webinars.ts); created_at for a webinar no longer listed",
      keep: retentionPeriods.webinar_registrations,
      action: "delete",
    },
  ],
}));

export type WebinarRegistrationInput = v.InferOutput<typeof webinarRegistration.schema>;

/** The webinars whose registrations are past their period at `now` (the webinar began before the cutoff). */
export function expiredWebinars(webinars: readonly { id: string; startsAt: string }[], now: Date): string[] {
  const before = cutoff(webinarRegistrationKept.retention[0]!.keep, now).getTime();
  return webinars.filter((w) => Date.parse(w.startsAt) < before).map((w) => w.id);
}
