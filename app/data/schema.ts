/**
 * The database's tables as Kysely sees them. Portable across SQLite and
 * PostgreSQL: ids are text (UUIDs), times are ISO 8601 UTC text (sortable),
 * flags are integers 0/1.
 */
import type { Generated } from "kysely";
import type { PillarId } from "../content/schema.ts";
import type { FormKind } from "../forms/schemas.ts";
import type { LeadStatus } from "./lead-statuses.ts";

/** A course booking's state: held (card, awaiting payment), invoiced (awaiting transfer), paid, cancelled, expired (hold lapsed). */
/**
 * unconfirmed: an invoice booking waiting for its booker to confirm it from their inbox (places held, no invoice);
 * held: a card booking waiting for its payment; lapsed: an unconfirmed one not confirmed in time; expired: a card hold that lapsed.
 */
export type ConsultationStatus = "pending" | "paid" | "failed" | "setup_failed";
export type CourseBookingStatus = "unconfirmed" | "held" | "invoiced" | "paid" | "cancelled" | "expired" | "lapsed";

/** The columns every lead table has (app/leads/kinds/kind.server.ts's `leadRow` writes them). */
/** A course booking's own facts, what its order is not (table course_booking_facts). */
export type CourseBookingFacts = {
  id: string;
  /** Short code the booker and the team quote ("MB-7KQ4X2PD"). */
  reference: string;
  session_key: string;
  course_id: string;
  course_title: string;
  session_label: string;
  session_starts_at: string;
  session_ends_at: string;
  session_first_day: string;
  session_last_day: string;
  session_format: "in-person" | "online";
  /** The venue as JSON ({ name, streetAddress, locality, postalCode }), null online. */
  session_venue: string | null;
  payment_method: "card" | "invoice";
  booker_phone: string;
  organisation: string;
  job_title: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string;
  country: string;
  purchase_order: string | null;
  /** The customer's VAT number, normalised ("GB980780684"). */
  vat_number: string | null;
  price_basis: string;
  /** The terms accepted: a JSON array of sentences. */
  terms_text: string;
  /**
   * The same terms' rules (orders/course-booking/terms.ts's BookingTerms, as
   * JSON): what the booker may do later is worked out from them. Null only
   * for a booking written by a release before 035 during a rolling restart.
   */
  terms_rules: string | null;
  terms_accepted_at: string;
  /** A card booking's hold on its places ends then (status held). */
  hold_expires_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** When an erasure request removed the booker's contact details and the delegates. */
  erased_at: string | null;
  /**
   * When the team moved the booking's course to other days in Site content (migration 043): until the
   * booker takes a new date, the terms give them a full refund or a free move (orders/course-booking/terms.ts).
   */
  rescheduled_at: string | null;
};

export type LeadColumns = {
  id: string;
  created_at: string;
  consent_text: string;
  source_page: string;
  is_test: number;
};

/**
 * The lead kinds' own tables, one per kind: each kind's server module adds
 * its table here by declaration merging (`declare module "~/data/schema.ts"
 * { interface LeadTables { … } }`, app/leads/kinds/<kind>.server.ts), so a
 * new kind needs no edit to this file (docs/decisions/043-a-new-kind-is-its-modules.md).
 * Every one has the lead columns and an `email` (access requests and
 * erasure find rows by it).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LeadTables {}

/**
 * What the inbox lists (the `leads` table's kinds): every lead kind, and the
 * order kinds the team works as leads, a course booking (app/inbox/kinds.ts).
 */
export type InboxKind = FormKind | "course-booking";

/** A lead kind's table. */
export type LeadTable = keyof LeadTables;

export interface Database extends LeadTables {
  /** Recent submissions, by fingerprint: a repeat within the window is a duplicate. */
  submission_keys: {
    fingerprint: string;
    record_id: string;
    expires_at: string;
  };
  /**
   * Orders (docs/decisions/076-order-tables.md): what every paid thing is,
   * whatever its kind: its buyer, its status (by its kind's machine), what
   * it costs. Written through app/orders/store.server.ts.
   */
  orders: {
    id: string;
    /** The kind's name in the Stripe module's registry (app/orders/stripe/kinds.ts: "consultation", "course-booking"). */
    kind: string;
    status: string;
    buyer_name: string;
    buyer_email: string;
    currency: string;
    total_pence: number;
    paid_at: string | null;
    /** The page the order was made from (the consultation's), null for others. */
    source_page: string | null;
    is_test: Generated<number>;
    created_at: string;
    updated_at: string;
  };
  /** What an order is for, a line each: quantity, price, discount and VAT (null where the kind does not itemise them). */
  order_lines: {
    order_id: string;
    /** 1, 2, 3… */
    position: number;
    description: string;
    /** Null for the consultation's £1 test payment. */
    quantity: number | null;
    unit_price_pence: number | null;
    discount_pence: Generated<number>;
    net_pence: number | null;
    vat_rate_bp: number | null;
    vat_pence: number | null;
    total_pence: number;
  };
  /**
   * An order's payments as records: with Stripe, its PaymentIntent; by bank transfer, the transfer the
   * team marked as arrived (one by card at the most, payments_one_card; several by transfer: what is
   * left to pay after a paid booking moved to a dearer date, ADR 087).
   */
  payments: {
    id: string;
    order_id: string;
    provider: "stripe" | "transfer";
    /** The provider's reference (a PaymentIntent's id), null until the provider has one. */
    provider_reference: string | null;
    amount_pence: number;
    currency: string;
    status: "pending" | "succeeded" | "failed";
    /** The last attempt's failure as the provider said it (addresses masked). */
    failure_message: string | null;
    settled_at: string | null;
    created_at: string;
    updated_at: string;
  };
  /** The paid consultation, read in its own words: a view over orders, order_lines and payments (read only). */
  consultations: {
    id: string;
    created_at: string;
    updated_at: string;
    customer_name: string;
    customer_email: string;
    /** Participants; null for the £1 test payment. */
    quantity: number | null;
    amount_pence: number;
    currency: string;
    status: ConsultationStatus;
    payment_intent_id: string | null;
    paid_at: string | null;
    failure_message: string | null;
    is_test: number;
    source_page: string;
  };
  /** Stripe events already handled (a replayed event changes nothing). */
  stripe_events: {
    id: string;
    type: string;
    received_at: string;
  };
  /** E-mails waiting to be sent (and a record of those sent). */
  outbox: {
    id: string;
    created_at: string;
    lead_type: string;
    lead_id: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string;
    headers_json: string;
    /** Files sent with the message (JSON array of { filename, contentType, content }), or null. */
    attachments_json: string | null;
    /** Not sent from this moment on (given up instead): a reminder is pointless once its webinar has started. */
    not_after: string | null;
    attempts: Generated<number>;
    next_attempt_at: string;
    locked_until: string | null;
    /** The outbox worker (outbox_workers.id) holding the lease. */
    locked_by: string | null;
    sent_at: string | null;
    last_error: string | null;
    /** Given up (still unsent after MAIL_GIVE_UP_HOURS): never tried again. */
    dead_at: string | null;
    /**
     * The message's one-time credentials (sealed JSON, app/secrets), put into
     * the text only when it is sent; null once sent or given up.
     */
    secrets: string | null;
  };
  /** The team's webhook endpoints (app/webhooks). */
  webhook_endpoints: {
    id: string;
    url: string;
    description: string;
    /** The event types it receives (JSON array). */
    events_json: string;
    /** The signing secret ("whsec_" + base64), shown to the administrator once. */
    secret: string;
    /** The secret before the last rotation, still signing until previous_secret_until. */
    previous_secret: string | null;
    previous_secret_until: string | null;
    created_at: string;
    updated_at: string;
    /** Receives nothing new from then on; its deliveries stay listed. */
    disabled_at: string | null;
  };
  /** Each event once (its id is the webhook-id header), written with the change it reports. */
  webhook_events: {
    id: string;
    type: string;
    created_at: string;
    /** The JSON body sent ({ type, timestamp, data }). */
    payload: string;
    /** The visitor's address (lower case) the event is about, for access and erasure; null if none. */
    email: string | null;
  };
  /** One event to one endpoint: claimed, sent and retried like the outbox. */
  webhook_deliveries: {
    id: string;
    event_id: string;
    endpoint_id: string;
    created_at: string;
    attempts: Generated<number>;
    next_attempt_at: string;
    locked_until: string | null;
    /** The worker (outbox_workers.id) holding the lease. */
    locked_by: string | null;
    last_attempt_at: string | null;
    /** The endpoint's HTTP status at the last attempt; null if it gave none. */
    last_status: number | null;
    last_error: string | null;
    delivered_at: string | null;
    /** Given up (still failing about three days on): tried again only if someone asks. */
    dead_at: string | null;
  };
  /** Outbox workers alive now (or until found dead): who may hold a lease. */
  outbox_workers: {
    id: string;
    /** os.hostname() of the worker's machine. */
    host: string;
    pid: number;
    /** Random per process: tells a restarted process from its dead predecessor with the same pid. */
    process_id: string;
    started_at: string;
    heartbeat_at: string;
  };

  /** Scheduled jobs: who runs one now (a lease) and when it last ran. */
  job_runs: {
    name: string;
    locked_by: string | null;
    locked_until: string | null;
    last_started_at: string | null;
    last_finished_at: string | null;
    /** A short summary of the last run (JSON). */
    last_result: string | null;
  };

  /** The team's accounts for the back office (/admin): active once set up from an invitation. */
  staff_users: {
    id: string;
    /** Lower-cased. */
    email: string;
    name: string;
    role: StaffRole;
    /** argon2id (PHC string). */
    password_hash: string;
    /** TOTP secret (base32). */
    totp_secret: string;
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totp_last_step: number;
    created_at: string;
    updated_at: string;
    /** Set when an administrator disables the account: no sign-in, sessions revoked. */
    disabled_at: string | null;
  };
  /** Invitations (and the first administrator's set-up link): used once, then kept as a record until they expire. */
  staff_invitations: {
    /** SHA-256 (hex) of the link's token: the token itself is only in the link. */
    id: string;
    email: string;
    name: string;
    role: StaffRole;
    /** The TOTP secret the set-up page shows; becomes the account's. */
    totp_secret: string;
    /** The administrator who invited (null: the command line). */
    invited_by: string | null;
    /** Set when the link sets up an existing account's sign-in again (a lost phone); null for a new account. */
    user_id: string | null;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
  };
  /** Sign-in sessions: the cookie holds a token, the row its SHA-256. */
  staff_sessions: {
    id: string;
    user_id: string;
    /** "password": the first factor only (the code page); "full": signed in. */
    stage: "password" | "full";
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    revoked_at: string | null;
    ip: string;
    user_agent: string;
    /** The open WebAuthn challenge (base64url) of this session, if any: answered once, then cleared. */
    challenge: string | null;
    challenge_expires_at: string | null;
    /** When this session last proved it is its account's owner (password or second factor): sign-in, or "Confirm it is you". */
    proved_at: string | null;
  };
  /** Passkeys (WebAuthn credentials): the better second factor, beside the TOTP app. */
  staff_passkeys: {
    /** The credential's id (base64url), as the authenticator names it. */
    id: string;
    user_id: string;
    /** The name its owner gave it ("Work laptop"). */
    name: string;
    /** The COSE public key (base64url): what checks its signatures. */
    public_key: string;
    /** The authenticator's signature counter (0 for most passkeys, which do not count). */
    counter: number;
    /** JSON array of transports ("internal", "hybrid", "usb"…), a hint for the browser. */
    transports: string;
    /** 1 when the passkey is synced (backed up) by its provider. */
    backed_up: number;
    created_at: string;
    last_used_at: string | null;
  };
  /**
   * One row per lead of every kind (same id as the kind's row), written in the
   * lead's transaction: what the inbox lists, filters and searches, and the
   * lead's status, owner and deadline (docs/decisions/024-lead-index.md).
   * SQLite adds an integer key and a full-text index (leads_fts), PostgreSQL
   * a tsvector column; neither is used outside app/inbox.
   */
  leads: {
    id: string;
    kind: InboxKind;
    created_at: string;
    is_test: number;
    source_page: string;
    /** "" where the kind has none (a newsletter address has no name). */
    name: string;
    /** Lower-cased. */
    email: string;
    company: string;
    /** The kind's reference to what the lead is about: service interest, guide name, resource or webinar id. */
    subject: string;
    pillar: PillarId | null;
    status: LeadStatus;
    owner_id: string | null;
    updated_at: string;
    /** When the answer is due (contact enquiries: the response-time promise, content/business.ts). */
    deadline_at: string | null;
    /** Plain lower-case words (app/data/search-text.ts). */
    search: string;
    /** The visit that brought it (app/forms/attribution.ts); null when not known. */
    landing_page: string | null;
    /** The referring site's domain. */
    referrer: string | null;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
  };
  /** Page views per page and London day (known bots and prefetches left out; no visitor identifier). */
  page_views: {
    /** YYYY-MM-DD, London. */
    day: string;
    path: string;
    views: number;
  };
  /** What the team did with a lead: status and owner changes, notes. */
  lead_events: {
    id: string;
    lead_id: string;
    at: string;
    actor_id: string | null;
    /** The name at the time (an account may be renamed or removed). */
    actor_name: string;
    type: "status" | "owner" | "note";
    body: string;
  };
  /** Submissions refused as automated, kept 30 days for the team to check (the spam folder). */
  spam_submissions: {
    id: string;
    /** A lead form's kind, or "course-booking" (the booking form). */
    kind: FormKind | "course-booking";
    received_at: string;
    reason: "honeypot" | "too-fast";
    /** What was submitted (JSON, capped). */
    fields_json: string;
    /** The address submitted, lower-cased ("" if none): access and erasure find it. */
    email: string;
    /** The client address as the rate limit counts it (caps per address). */
    client_key: string;
    source_page: string;
  };
  /** The site's content: each item's draft and state (app/publishing/store/). */
  content_items: {
    /** The content type (app/content/types.server.ts). */
    type: string;
    /** The item's key within its type, fixed when it is made (its address may change). */
    key: string;
    /** Its place in its type's list (pages show items in this order). */
    position: number;
    /** The working copy (JSON), valid for its type's schema. */
    draft: string;
    /** Moves with every save: a save names the version it started from. */
    draft_version: number;
    draft_saved_at: string;
    /** The staff account that saved it (null: the release's seed). */
    draft_saved_by: string | null;
    /** draft: never published; live: its published revision is on the site; unpublished: hidden. */
    status: "draft" | "live" | "unpublished";
    /** The revision on the site (or last on it, when unpublished). */
    published_revision: number | null;
    /** When the draft is to be published by the scheduler. */
    publish_at: string | null;
    /** The staff account that scheduled it. */
    publish_at_by: string | null;
  };
  /** Every version of an item ever published. */
  /** The site's images (app/media/images.server.ts, ADR 049): one row per upload, as re-encoded. */
  images: {
    /** The start of the SHA-256 of the uploaded file: its variants' addresses are made from it. */
    id: string;
    /** What the library calls it (the file's name unless the uploader gave one). */
    name: string;
    /** The original's size in pixels (after turning it upright). */
    width: number;
    height: number;
    /** What the upload was: jpeg, png, webp or avif. */
    source_format: string;
    source_bytes: number;
    uploaded_at: string;
    /** The staff account that uploaded it (null once that account's details are deleted). */
    uploaded_by: string | null;
  };
  /** Each image at each width and format, re-encoded. */
  image_variants: {
    image_id: string;
    width: number;
    /** avif, webp or jpeg. */
    format: string;
    height: number;
    size: number;
    bytes: Uint8Array;
  };
  content_revisions: {
    type: string;
    key: string;
    revision: number;
    data: string;
    published_at: string;
    published_by: string | null;
    /** The name at the time ("Release content" for the seed). */
    published_by_name: string;
    /** How it came: "Published", "Scheduled", "Restored revision 3", "Release content". */
    note: string;
  };
  /** One row ("site"): the content's version, moved by every publish and unpublish. */
  content_state: {
    id: string;
    version: number;
    changed_at: string;
  };
  /** An item's old address, 301 to its address now while it is on the site (docs/decisions/047-addresses-move.md). */
  content_redirects: {
    /** The old public path (/courses/old-id, /courses/old-id/brochure.pdf). */
    from_path: string;
    /** Its path now. */
    to_path: string;
    /** The item it leads to (its type and stable key). */
    type: string;
    key: string;
    created_at: string;
  };
  /** Content types seeded from a release's content: each is seeded once, never again. */
  content_seeds: {
    type: string;
    seeded_at: string;
    items: number;
  };
  /** PDFs uploaded for free guides (app/publishing/guide-files.server.ts); a guide's draft names the one it uses. */
  guide_files: {
    /** The file's SHA-256 (hex). */
    id: string;
    guide_id: string;
    /** The name it was uploaded with. */
    file_name: string;
    size: number;
    pages: number;
    bytes: Uint8Array;
    uploaded_at: string;
    /** The staff account that uploaded it. */
    uploaded_by: string | null;
    /** The name at the time. */
    uploaded_by_name: string;
  };
  /**
   * Places on a dated course session (app/orders/course-booking/places.server.ts,
   * ADR 053): taken and given back inside the booking's transaction; never
   * more taken than the capacity (a check on the table too).
   */
  course_session_places: {
    /** The session's content key. */
    session_key: string;
    capacity: number;
    /** Places sold or held. */
    taken: Generated<number>;
    updated_at: string;
    /** When the team cancelled the session: closed, nothing is taken on it any more (none left, whatever the capacity). */
    closed_at: Generated<string | null>;
  };
  /** Each invoice series' last number (app/orders/course-booking/invoice-numbers.server.ts, ADR 053). */
  invoice_sequences: {
    /** "INV" for invoices, "CN" for credit notes. */
    series: string;
    last_number: number;
  };
  /**
   * Course bookings (app/orders/course-booking/booking-store.server.ts and its neighbours, ADR 056):
   * the booker, what the session was and what was agreed when it was made. A view (read only) over
   * the order (orders, order_lines, payments) and the booking's own facts (course_booking_facts).
   */
  course_bookings: CourseBookingFacts & {
    /** What credit notes have credited (gross, pence). */
    credited_pence: number;
    // Its order's:
    status: CourseBookingStatus;
    booker_name: string;
    booker_email: string;
    total_pence: number;
    paid_at: string | null;
    created_at: string;
    updated_at: string;
    is_test: number;
    // Its order line's:
    quantity: number;
    unit_price_pence: number;
    discount_pence: number;
    net_pence: number;
    vat_rate_bp: number;
    vat_pence: number;
    /** What was paid on invoices a dearer date replaced, carried to the invoice that stands (gross, pence; ADR 087). */
    carried_pence: number;
    // Its card payment's (an order has one at the most):
    payment_intent_id: string | null;
    payment_failure: string | null;
    payment_status: Database["payments"]["status"] | null;
  };
  /** A course booking's own facts (the rest of it is its order): keyed by the order's id. */
  course_booking_facts: CourseBookingFacts & {
    /** What credit notes have credited (gross, pence). */
    credited_pence: Generated<number>;
    /** What was paid on invoices a dearer date replaced, carried to the invoice that stands (gross, pence; ADR 087). */
    carried_pence: Generated<number>;
  };
  /** A course booking's places, one row each (every name null: "names to follow"). */
  course_booking_delegates: {
    id: string;
    booking_id: string;
    /** 1, 2, 3… in the booking's order. */
    position: number;
    name: string | null;
    email: string | null;
    job_title: string | null;
    created_at: string;
    updated_at: string;
  };
  /** VAT invoices and credit notes: written once, never updated or deleted but by the retention job. */
  course_invoices: {
    id: string;
    booking_id: string;
    kind: "invoice" | "credit-note";
    /** "INV-000123", "CN-000007". */
    number: string;
    issued_at: string;
    /** The document it is printed from (JSON of VatDocumentInput, dates as ISO text). */
    document: string;
    net_pence: number;
    vat_pence: number;
    total_pence: number;
    /** "YYYY-MM-DD" for an invoice awaiting payment. */
    due_date: string | null;
    /** A credit note's invoice. */
    related_invoice_id: string | null;
  };
  /** A booking link's token, hashed (app/orders/course-booking/booking-links.server.ts). */
  course_booking_links: {
    id: string;
    token_hash: string;
    booking_id: string;
    created_at: string;
  };
  /**
   * A delegate's calendar invitation to a booked session (issue 41,
   * docs/decisions/079-calendar-invitations-that-update.md): its UID never
   * changes; `sequence` is the SEQUENCE last sent.
   */
  course_invitations: {
    id: string;
    booking_id: string;
    /** The delegate's address, lower-cased. */
    email: string;
    uid: string;
    sequence: number;
    /** "sent": in the delegate's calendar; "cancelled": a cancellation was sent. */
    state: "sent" | "cancelled";
    /** What the invitation last said (JSON of app/orders/course-booking/invitation-ics.server.ts's InvitationSays). */
    said: string;
    created_at: string;
    updated_at: string;
  };
  /**
   * A delegate's joining instructions, reminder and pre-course questionnaire
   * (issue 41, docs/decisions/082-joining-instructions.md): one row per
   * delegate per booking, written when the instructions are sent.
   */
  course_joining: {
    id: string;
    booking_id: string;
    /** The delegate's address, lower-cased. */
    email: string;
    /** The questionnaire link's SHA-256 (hex): the link itself is kept nowhere. */
    token_hash: string;
    /** Null once the booking moved to another date (ADR 081): the new date's instructions are due. */
    instructions_sent_at: string | null;
    reminder_sent_at: string | null;
    objectives: string | null;
    experience: string | null;
    /** Emptied by the retention job 14 days after the course ends. */
    access_needs: string | null;
    /** Emptied by the retention job 14 days after the course ends. */
    dietary_needs: string | null;
    answered_at: string | null;
    created_at: string;
  };
  /**
   * A full date's waiting list (issue 41, docs/decisions/083-waiting-lists.md):
   * one row per request, app/orders/course-booking/waiting.server.ts.
   */
  course_waiting: {
    id: string;
    session_key: string;
    course_id: string;
    session_starts_at: string;
    session_ends_at: string;
    name: string;
    /** As typed; compared lower-cased. */
    email: string;
    organisation: string;
    places: number;
    state: "unconfirmed" | "waiting" | "offered" | "accepted" | "lapsed";
    /** The team's order; ties go by confirmation time. */
    position: Generated<number>;
    /** The confirmation link's SHA-256 (hex), null once confirmed. */
    confirm_hash: string | null;
    /** The offer link's SHA-256 (hex), while an offer is out. */
    offer_hash: string | null;
    offer_expires_at: string | null;
    /** The booking made with the held places. */
    booking_id: string | null;
    created_at: string;
    confirmed_at: string | null;
    offered_at: string | null;
    /** When it was accepted or lapsed. */
    ended_at: string | null;
    is_test: Generated<number>;
  };
  /** A course booking's timeline. */
  course_booking_events: {
    id: string;
    booking_id: string;
    at: string;
    kind: string;
    /** The staff account acting, null for the booker or the system. */
    actor: string | null;
    /** JSON. */
    detail: string;
  };
  /**
   * The provider's business settings (docs/decisions/066-business-settings.md):
   * one row per save, never updated; the highest revision is in force.
   */
  business_settings_revisions: {
    revision: number;
    /** JSON: the settings as app/settings/business-settings.ts reads them. */
    settings: string;
    saved_at: string;
    /** The staff account that saved them (null: the command line or sample data). */
    saved_by: string | null;
    /** The name at the time ("Sample data" for the embedded default's samples). */
    saved_by_name: string;
    /** 1: sample values (the embedded default's demo data): an invoice issued with them says it is a sample. */
    sample: number;
  };
  /** Who did what in the back office, and when (administrators read it). */
  audit_events: {
    id: string;
    at: string;
    /** The staff account acting (null: nobody signed in, or the command line). */
    actor_id: string | null;
    /** The address the actor signed in with, or tried to. */
    actor_email: string | null;
    action: string;
    /** What was acted on ("user:<id>", "lead:<kind>:<id>"), if anything. */
    target: string | null;
    /** The client address (null: the command line). */
    ip: string | null;
    /** More about it (JSON), never a lead's personal data. */
    detail: string | null;
  };
}

/**
 * A back-office account's role as stored: `admin`, or a member's permissions
 * sorted and joined by commas (app/staff/permissions.ts, ADR 044).
 */
export type StaffRole = "admin" | "leads" | "site" | "leads,site";
