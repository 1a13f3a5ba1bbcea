/**
 * Every lead kind, the visitor's side (client-safe). Adding a kind: its
 * form's schema (app/forms/schemas.ts), its module here and its server
 * module (./index.server.ts), registered in both.
 */
import type { FormKind } from "~/forms/schemas.ts";
import { contact } from "./contact.ts";
import { guideRequest } from "./guide-request.ts";
import { newsletter } from "./newsletter.ts";
import { resourceDownload } from "./resource-download.ts";
import type { LeadKindTexts } from "./texts.ts";
import { webinarRegistration } from "./webinar-registration.ts";

export const leadKindTexts: { readonly [K in FormKind]: LeadKindTexts<K> } = {
  contact,
  guideRequest,
  resourceDownload,
  newsletter,
  webinarRegistration,
};
