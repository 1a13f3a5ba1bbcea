/** A free resource download (home page): the visitor's side. Server: ./resource-download.server.ts. */
import { retentionPeriods } from "../../content/retention-periods.ts";
import { guideIds } from "../../content/ids.ts";
import { email, messages } from "../../forms/schemas.ts";
import * as v from "valibot";
import { defineKeptLeadKind, defineLeadKindTexts } from "./texts.ts";
import { guideRequestKept } from "./guide-request.ts";

export const resourceDownload = defineLeadKindTexts({
  kind: "resourceDownload",
  label: "Resource download",
  // One e-mail for one guide.
  schema: v.object({
    email: email(messages.email),
    resourceId: v.picklist(guideIds, messages.resource),
  }),
  consentText: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  successMessage: "Your download link has been sent to your email.",
});

/** What the site keeps of it, and for how long (the privacy notice, the retention job; no page's code). */
export const resourceDownloadKept = defineKeptLeadKind(resourceDownload, () => ({
  // A guide by another door: the notice's row for guide requests covers it.
  notice: guideRequestKept.notice,
  retention: [
    {
      rule: "resource_downloads",
      records: "resource_downloads",
      from: "created_at",
      keep: retentionPeriods.resource_downloads,
      action: "delete",
    },
  ],
}));
