/**
 * Every lead kind, on the server (docs/decisions/022-lead-kinds.md). The
 * lead service, the form actions and the API read what a kind is from here;
 * adding a kind means adding its modules (./<kind>.ts, ./<kind>.server.ts)
 * and registering them here and in ./index.ts.
 */
import type { FormKind } from "~/forms/schemas.ts";
import { contact } from "./contact.server.ts";
import { guideRequest } from "./guide-request.server.ts";
import type { LeadKind } from "./kind.server.ts";
import { newsletter } from "./newsletter.server.ts";
import { resourceDownload } from "./resource-download.server.ts";
import { webinarRegistration } from "./webinar-registration.server.ts";

export const leadKinds: { readonly [K in FormKind]: LeadKind<K> } = {
  contact,
  guideRequest,
  resourceDownload,
  newsletter,
  webinarRegistration,
};

/** Any one kind (what a kind-agnostic caller gets). */
export type AnyLeadKind = (typeof leadKinds)[FormKind];

/** Every kind, in the order above. */
export const allLeadKinds: readonly AnyLeadKind[] = Object.values(leadKinds);
