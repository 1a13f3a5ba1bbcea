/** A free webinar registration (resources page): the visitor's side. Server: ./webinar-registration.server.ts. */
import { defineLeadKindTexts } from "./texts.ts";

export const webinarRegistration = defineLeadKindTexts({
  kind: "webinarRegistration",
  label: "Webinar registration",
  consentText: "By registering, you agree to the Privacy Policy. We will e-mail you the joining details.",
  successMessage: "You are registered. We have sent a confirmation to your email.",
});
