/**
 * Every lead kind, the client-safe side (docs/decisions/041-a-lead-kind-declares-itself.md,
 * 043-a-new-kind-is-its-modules.md): its form's schema, its texts, its row
 * in the privacy notice and its retention rules. Adding a kind: its module
 * here and its server module (./index.server.ts), registered in both, and
 * its table in a migration. The list below is where the kinds' names
 * (`FormKind`) and their forms (`formSchemas`) come from. Relative imports:
 * the React Router config loads this registry (the privacy notice).
 */
import type { FormKind, FormSchema } from "../../forms/schemas.ts";
import { contact } from "./contact.ts";
import { guideRequest } from "./guide-request.ts";
import { newsletter } from "./newsletter.ts";
import { resourceDownload } from "./resource-download.ts";
import type { LeadKindTexts, NoticeRow } from "./texts.ts";
import { webinarRegistration } from "./webinar-registration.ts";

const kinds = { contact, guideRequest, resourceDownload, newsletter, webinarRegistration };

type Kinds = typeof kinds;
type SchemaOf<K extends keyof Kinds> = Kinds[K]["schema"];

declare module "../../forms/schemas.ts" {
  /** The kinds above name the forms (and so `FormKind`, which the layers below the kinds read). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: it adds KindSchemas' members
  interface LeadFormSchemas extends KindSchemas {}
}
type KindSchemas = { [K in keyof Kinds]: SchemaOf<K> };

/** The names of the kinds' retention rules (the metric's labels, the retention job's counts). */
export type LeadKindRuleName = Kinds[keyof Kinds]["retention"][number]["rule"];

export const leadKindTexts: { readonly [K in FormKind]: LeadKindTexts<K, LeadKindRuleName, SchemaOf<K>> } = kinds;

/** Every kind, in the order above. */
export const allLeadKindTexts: readonly LeadKindTexts<FormKind, LeadKindRuleName>[] = Object.values(leadKindTexts);

/** Each kind's form schema, by kind. */
export const formSchemas = Object.fromEntries(allLeadKindTexts.map((kind) => [kind.kind, kind.schema])) as {
  readonly [K in FormKind]: SchemaOf<K> & FormSchema;
};

/** The privacy notice's rows for the kinds, in the order above; a row two kinds share comes once. */
export const leadNoticeRows = (): NoticeRow[] => [...new Set(allLeadKindTexts.map((kind) => kind.notice))];
