/** A guide request (guide page): the visitor's side. Server: ./guide-request.server.ts. */
import { retentionNotice, retentionPeriods } from "../../content/retention-periods.ts";
import { guideNames } from "../../content/ids.ts";
import { email, limits, line, messages } from "../../forms/schemas.ts";
import * as v from "valibot";
import { defineKeptLeadKind, defineLeadKindTexts } from "./texts.ts";

export const guideRequest = defineLeadKindTexts({
  kind: "guideRequest",
  label: "Guide request",
  // With the API's snake_case names.
  schema: v.object({
    first_name: line(2, limits.name, messages.guide.first_name),
    last_name: line(2, limits.name, messages.guide.last_name),
    email: email(messages.guide.email),
    company: line(2, limits.company, messages.guide.company),
    guide_name: v.picklist(guideNames, messages.guide.guide_name),
  }),
  consentText: "By requesting a guide, you agree to the Privacy Policy. We will e-mail you the download link.",
  successMessage: "Success! Your guide is on its way to your inbox.",
});

/** What the site keeps of it, and for how long (the privacy notice, the retention job; no page's code). */
export const guideRequestKept = defineKeptLeadKind(guideRequest, () => ({
  notice: {
    what: "Guide requests and resource downloads: your name, e-mail address, company and the guide you chose.",
    why: "To send you the guide you asked for. This does not subscribe you to our newsletter.",
    basis: "Legitimate interests in providing the guide you requested.",
    howLong: retentionNotice().guides,
  },
  retention: [
    {
      rule: "guide_requests",
      records: "guide_requests",
      from: "created_at",
      keep: retentionPeriods.guide_requests,
      action: "delete",
    },
  ],
}));

export type GuideRequestInput = v.InferOutput<typeof guideRequest.schema>;
