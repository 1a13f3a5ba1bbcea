/**
 * The consent line each form shows under its button. The server stores the
 * text of the form the lead came from with the lead (it does not trust a
 * text sent by the browser).
 */
import type { FormKind } from "./schemas.ts";

export const consentTexts: Record<FormKind, string> = {
  contact: "By submitting this form, you agree to the Privacy Policy.",
  guideRequest: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  resourceDownload: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  newsletter:
    "By subscribing, you agree to the Privacy Policy. We will ask you to confirm by e-mail; every e-mail has an unsubscribe link.",
  webinarRegistration: "By registering, you agree to the Privacy Policy. We will e-mail you the joining details.",
};
