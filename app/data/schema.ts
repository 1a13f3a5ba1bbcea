/**
 * The database's tables as Kysely sees them. Portable across SQLite and
 * PostgreSQL: ids are text (UUIDs), times are ISO 8601 UTC text (sortable),
 * flags are integers 0/1.
 */
import type { Generated } from "kysely";

type Lead = {
  id: string;
  created_at: string;
  consent_text: string;
  source_page: string;
  is_test: number;
};

export type Database = {
  contact_enquiries: Lead & {
    name: string;
    email: string;
    phone: string;
    company: string;
    job_title: string | null;
    service_interest: string;
    message: string;
    preferred_contact: string;
  };
  guide_requests: Lead & {
    first_name: string;
    last_name: string;
    email: string;
    company: string;
    guide_name: string;
    download_token: string;
  };
  resource_downloads: Lead & {
    email: string;
    resource_id: string;
    download_token: string;
  };
  newsletter_subscriptions: Lead & {
    /** Lower-cased. */
    email: string;
    status: "pending" | "confirmed" | "unsubscribed";
    confirm_token: string;
    unsubscribe_token: string;
    updated_at: string;
    confirmed_at: string | null;
    unsubscribed_at: string | null;
  };
  webinar_registrations: Lead & {
    webinar_id: string;
    name: string;
    email: string;
    company: string;
  };
  /** Recent submissions, by fingerprint: a repeat within the window is a duplicate. */
  submission_keys: {
    fingerprint: string;
    record_id: string;
    expires_at: string;
  };
  /** Paid consultation bookings: pending until Stripe says the payment succeeded. */
  bookings: {
    id: string;
    created_at: string;
    updated_at: string;
    customer_name: string;
    customer_email: string;
    /** Participants; null for the £1 test payment. */
    quantity: number | null;
    amount_pence: number;
    currency: string;
    status: "pending" | "paid" | "failed" | "setup_failed";
    payment_intent_id: string | null;
    client_secret: string | null;
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
    attempts: Generated<number>;
    next_attempt_at: string;
    locked_until: string | null;
    /** The outbox worker (outbox_workers.id) holding the lease. */
    locked_by: string | null;
    sent_at: string | null;
    last_error: string | null;
    /** Given up (still unsent after MAIL_GIVE_UP_HOURS): never tried again. */
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
};

export type LeadTable = Exclude<
  keyof Database,
  "submission_keys" | "outbox" | "outbox_workers" | "job_runs" | "bookings" | "stripe_events"
>;
