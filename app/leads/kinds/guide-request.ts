/** A guide request (guide page): the visitor's side. Server: ./guide-request.server.ts. */
import { defineLeadKindTexts } from "./texts.ts";

export const guideRequest = defineLeadKindTexts({
  kind: "guideRequest",
  label: "Guide request",
  consentText: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  successMessage: "Success! Your guide is on its way to your inbox.",
});
