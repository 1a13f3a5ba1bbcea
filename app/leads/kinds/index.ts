/**
 * Every lead kind, the client-safe side (docs/decisions/041-a-lead-kind-declares-itself.md,
 * 043-a-new-kind-is-its-modules.md): its form's schema and texts, and apart
 * from them its row in the privacy notice and its retention rules. Adding a
 * kind: its module here and its server module (./index.server.ts),
 * registered in both (here in `kinds` and `kept`, which the type checker
 * holds to the same names), and its table in a migration. The list below is
 * where the kinds' names (`FormKind`) and their forms (`formSchemas`) come
 * from. Relative imports: the React Router config loads this registry (the
 * privacy notice).
 */
import type { KeptKind } from "../../calendar/period.ts";
import type { FormKind, FormSchema } from "../../forms/schemas.ts";
import { contact, contactKept } from "./contact.ts";
import { guideRequest, guideRequestKept } from "./guide-request.ts";
import { newsletter, newsletterKept } from "./newsletter.ts";
import { resourceDownload, resourceDownloadKept } from "./resource-download.ts";
import type { LeadKindTexts, NoticeRow } from "./texts.ts";
import { webinarRegistration, webinarRegistrationKept } from "./webinar-registration.ts";

const kinds = { contact, guideRequest, resourceDownload, newsletter, webinarRegistration };

/** What the site keeps of each kind: the privacy notice and the retention job read it, never a page's code. */
const kept = {
  contact: contactKept,
  guideRequest: guideRequestKept,
  resourceDownload: resourceDownloadKept,
  newsletter: newsletterKept,
  webinarRegistration: webinarRegistrationKept,
} satisfies { [K in keyof Kinds]: KeptKind<K> };

type Kinds = typeof kinds;
type SchemaOf<K extends keyof Kinds> = Kinds[K]["schema"];

declare module "../../forms/schemas.ts" {
  /** The kinds above name the forms (and so `FormKind`, which the layers below the kinds read). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: it adds KindSchemas' members
  interface LeadFormSchemas extends KindSchemas {}
}
type KindSchemas = { [K in keyof Kinds]: SchemaOf<K> };

/** The names of the kinds' retention rules (the metric's labels, the retention job's counts). */
export type LeadKindRuleName = (typeof kept)[keyof typeof kept]["retention"][number]["rule"];

export const leadKindTexts: { readonly [K in FormKind]: LeadKindTexts<K, SchemaOf<K>> } = kinds;

/** Every kind, in the order above. */
export const allLeadKindTexts: readonly LeadKindTexts<FormKind>[] = Object.values(leadKindTexts);

/**
 * What the site keeps of every kind (its notice row, its retention rules), in
 * the order above. A function, so that a bundle that does not call it (the
 * browser's) carries none of it.
 */
export const keptLeadKinds = (): readonly KeptKind<FormKind, LeadKindRuleName>[] => Object.values(kept);

/** Each kind's form schema, by kind. */
export const formSchemas = Object.fromEntries(allLeadKindTexts.map((kind) => [kind.kind, kind.schema])) as {
  readonly [K in FormKind]: SchemaOf<K> & FormSchema;
};

/**
 * Each kind's consent line, the very text the server stores with the lead.
 * The root loader sends them to the browser (the forms' ConsentNote reads
 * them there), so that a page's code carries no kind's schema or notice.
 */
export const consentTexts = (): Record<FormKind, string> =>
  Object.fromEntries(allLeadKindTexts.map((kind) => [kind.kind, kind.consentText])) as Record<FormKind, string>;

/** The privacy notice's rows for the kinds, in the order above; a row two kinds share comes once. */
export const leadNoticeRows = (): NoticeRow[] => [...new Set(keptLeadKinds().map((kind) => kind.notice))];
