/** A free resource download (home page): the visitor's side. Server: ./resource-download.server.ts. */
import { defineLeadKindTexts } from "./texts.ts";

export const resourceDownload = defineLeadKindTexts({
  kind: "resourceDownload",
  label: "Resource download",
  consentText: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  successMessage: "Your download link has been sent to your email.",
});
