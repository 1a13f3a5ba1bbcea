/**
 * Every lead kind, the client-safe side (docs/decisions/041-a-lead-kind-declares-itself.md):
 * its texts, its row in the privacy notice and its retention rules. Adding a
 * kind: its form's schema (app/forms/schemas.ts), its module here and its
 * server module (./index.server.ts), registered in both, and its table in a
 * migration.
 */
import type { FormKind } from "~/forms/schemas.ts";
import { contact } from "./contact.ts";
import { guideRequest } from "./guide-request.ts";
import { newsletter } from "./newsletter.ts";
import { resourceDownload } from "./resource-download.ts";
import type { LeadKindTexts, NoticeRow } from "./texts.ts";
import { webinarRegistration } from "./webinar-registration.ts";

const kinds = { contact, guideRequest, resourceDownload, newsletter, webinarRegistration };

/** The names of the kinds' retention rules (the metric's labels, the retention job's counts). */
export type LeadKindRuleName = (typeof kinds)[keyof typeof kinds]["retention"][number]["rule"];

export const leadKindTexts: { readonly [K in FormKind]: LeadKindTexts<K, LeadKindRuleName> } = kinds;

/** Every kind, in the order above. */
export const allLeadKindTexts: readonly LeadKindTexts<FormKind, LeadKindRuleName>[] = Object.values(leadKindTexts);

/** The privacy notice's rows for the kinds, in the order above; a row two kinds share comes once. */
export const leadNoticeRows = (): NoticeRow[] => [...new Set(allLeadKindTexts.map((kind) => kind.notice))];
