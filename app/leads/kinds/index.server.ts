/**
 * Every lead kind, on the server (docs/decisions/041-a-lead-kind-declares-itself.md,
 * 043-a-new-kind-is-its-modules.md). The lead service, the form actions, the
 * API and every reader of leads take what a kind is from here. Adding a
 * kind: its modules (./<kind>.ts, ./<kind>.server.ts), a line here and in
 * ./index.ts (a kind missing here is a type error: the type below asks for
 * every kind ./index.ts names), and its table in a migration.
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
