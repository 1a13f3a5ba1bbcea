/**
 * What several data tests share: the e-mail settings, a contact enquiry,
 * a database opened for a suite, a database with the release's content and
 * its editors (and their first edits and publishes), a staff account set up
 * from an invitation, a lead's note, a table's row count and an outbox
 * worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, vi } from "vitest";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { createConsultationPayments, type ConsultationPaymentsOptions } from "~/orders/consultation-payments.server.ts";
import { createCourseBookingService } from "~/orders/course-booking/service.server.ts";
import { stripeClient } from "~/orders/stripe/client.server.ts";
import { createStripeWebhooks, type StripeWebhooks } from "~/orders/stripe/router.server.ts";
import type { ContentType } from "~/content/types.server.ts";
import { publishItem, saveDraft } from "~/publishing/store/changes.server.ts";
import type { SiteContent } from "~/publishing/site-content.server.ts";
import type { ContentActor } from "~/publishing/store/core.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import { keyring, newKeyMaterial, unseal, type Keyring } from "~/secrets/sealing.server.ts";
import { withCredentials } from "~/mail/outbox-rules.ts";
import { confirmCredential, unsubscribeCredential } from "~/leads/kinds/newsletter.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { OutboxWorker, type OutboxWorkerOptions } from "~/mail/outbox-worker.server.ts";
import { silentLogger } from "~/observability/log.server.ts";
import { startFakeStripe, type FakeStripeOptions } from "../../harness/fake-stripe.ts";
import { createSmtpSink } from "../../harness/servers.ts";
import { attachPaymentIntent } from "~/orders/course-booking/card-payments.server.ts";
import { orderMetadata } from "~/orders/stripe/kinds.ts";
import {
  byCard,
  createCourseSession,
  delegate,
  placeCourseBooking,
  testBooker,
  testKeys,
  testMail,
} from "../support/factories.ts";
import { openTestDatabase, type dialects, type TestDatabase } from "./databases.ts";

// The records the data tests build, from their one home (tests/support/factories.ts).
export {
  contactEnquiry,
  createStaffAccount as staffFromInvitation,
  staffPassword,
  testBooker,
  testKeys,
  testMail,
  totpCode,
  uniqueStaffEmail,
} from "../support/factories.ts";

/**
 * An admin account for each of `editors` (at `<id>@example.test`), added
 * `at`: the content tests act as them directly, so neither password nor
 * authenticator is used.
 */
export async function addEditors(db: Db, editors: readonly ContentActor[], at: Date) {
  if (editors.length === 0) return;
  await db
    .insertInto("staff_users")
    .values(
      editors.map((editor) => {
        if (!editor.id) throw new Error(`${editor.name} has no account id`);
        return {
          id: editor.id,
          email: `${editor.id}@example.test`,
          name: editor.name,
          role: "admin" as const,
          password_hash: "not used",
          totp_secret: "not used",
          totp_last_step: 0,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
          disabled_at: null,
        };
      }),
    )
    .execute();
}

/**
 * Saves `data` as the draft of an item the release seeded, over the version
 * it was seeded at (1): the first edit a content test makes of it, by
 * `actor` at `now`.
 */
export const draftOverSeed = (
  db: Db,
  type: ContentType,
  key: string,
  data: unknown,
  { actor, now }: { actor: ContentActor; now: Date },
) => saveDraft(db, { type, key, data, baseVersion: 1, actor, now });

/**
 * Publishes the item (`type`, `key`) by `actor` now, as another instance
 * would, and waits (5 s at most) until `content`, a running instance, serves
 * that publish: the publish's result.
 */
export async function publishAndAwaitServed(
  db: Db,
  content: Pick<SiteContent, "version">,
  { type, key, actor }: { type: ContentType; key: string; actor: ContentActor },
) {
  const published = await publishItem(db, { type, key, actor, now: new Date() });
  if (!published.ok) throw new Error(published.message);
  await vi.waitFor(() => expect(content.version()).toBe(published.version), { timeout: 5000, interval: 10 });
  return published;
}

/**
 * Runs `test` on a fresh database of `dialect` (`prefix` names it), its
 * content seeded from the release `at`, with an admin account for each of
 * `editors`; disposed of after.
 */
export async function withSeededContent(
  {
    dialect,
    prefix,
    at,
    editors = [],
  }: { dialect: (typeof dialects)[number]; prefix: string; at: Date; editors?: readonly ContentActor[] },
  test: (db: Db) => Promise<void>,
) {
  const t = await openTestDatabase(dialect, prefix);
  try {
    await seedContent(t.handle.db, at);
    await addEditors(t.handle.db, editors, at);
    await test(t.handle.db);
  } finally {
    await t.dispose();
  }
}

/** A staff note on lead `leadId`, written `at` by "A" (an account no longer linked), as the lead's timeline keeps it. */
export const addLeadNote = (db: Db, { id, leadId, at, body }: { id: string; leadId: string; at: Date; body: string }) =>
  db
    .insertInto("lead_events")
    .values({ id, lead_id: leadId, at: at.toISOString(), actor_id: null, actor_name: "A", type: "note", body })
    .execute();

/** How many rows `table` holds. */
export const rowCount = async (db: Db, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The places taken on a session (sold or held), whatever is left to book. */
export const placesTaken = async (db: Db, key: string) =>
  (
    await db
      .selectFrom("course_session_places")
      .select("taken")
      .where("session_key", "=", key)
      .executeTakeFirstOrThrow()
  ).taken;

/** A course session's places row (capacity and places taken), if it has one. */
export const placesOf = (db: Db, key: string) =>
  db
    .selectFrom("course_session_places")
    .select(["capacity", "taken"])
    .where("session_key", "=", key)
    .executeTakeFirst();

/** A course booking's timeline: its events of these `kinds`, in the order they were written (`detail` as stored, JSON). */
export const courseBookingEvents = (db: Db, bookingId: string, kinds: readonly string[]) =>
  db
    .selectFrom("course_booking_events")
    .select(["kind", "actor", "detail"])
    .where("booking_id", "=", bookingId)
    .where("kind", "in", kinds)
    .orderBy("id")
    .execute();

/** A data test's service is the one instance: what it serves is the newest content there is. */
const oneInstance = async () => true;

/**
 * The course booking service on `db` as the data tests use it: the test
 * mail settings, no Stripe, a keyring of its own unless `keys` is given,
 * and the time from `clock` (the real time unless given).
 */
export const testCourseBookingService = (db: Db, { clock, keys }: { clock?: () => Date; keys?: Keyring } = {}) =>
  createCourseBookingService({
    db,
    mail: testMail,
    keys: keys ?? keyring(newKeyMaterial()),
    stripe: null,
    clock,
    contentIsCurrent: oneInstance,
  });

/** The one-time credentials an outbox row keeps sealed, opened as the worker opens them to send. */
export const outboxSecrets = (row: { secrets: string | null }, keys: Keyring = testKeys): Record<string, string> =>
  row.secrets === null ? {} : (JSON.parse(unseal(keys, row.secrets, "outbox")) as Record<string, string>);

/**
 * The newsletter links' tokens of the latest e-mail to a subscription
 * (`id`) that has them, as the subscriber gets them.
 */
export async function newsletterTokensOf(db: Db, id: string): Promise<{ confirm: string; unsubscribe: string }> {
  const rows = await db
    .selectFrom("outbox")
    .select(["secrets"])
    .where("lead_id", "=", id)
    .where("secrets", "is not", null)
    .orderBy("created_at", "desc")
    .execute();
  const secrets = outboxSecrets(rows[0]!);
  // A welcome e-mail has the unsubscribe link alone.
  return { confirm: secrets[confirmCredential] ?? "", unsubscribe: secrets[unsubscribeCredential]! };
}

/**
 * An outbox worker as the data tests run one: retries at most a minute
 * apart and nothing logged, unless `options` say otherwise.
 */
export const testOutboxWorker = (
  options: Omit<OutboxWorkerOptions, "maxRetryDelayMs"> & Partial<Pick<OutboxWorkerOptions, "maxRetryDelayMs">>,
) => new OutboxWorker({ maxRetryDelayMs: 60_000, log: silentLogger, ...options });

/** An outbox row's text as it is sent (its credentials put in). */
export const sentText = (row: { text_body: string; secrets: string | null }, keys: Keyring = testKeys) =>
  withCredentials(row.text_body, outboxSecrets(row, keys));

/**
 * A fresh database of `dialect`, a Stripe-shaped server, the one Stripe
 * client on it, the consultation's payments and a course booking service
 * with the test mail settings, and Stripe's webhook router with both kinds'
 * handlers, as server/services.ts wires them; `service` gives the rest.
 */
export async function openPaymentService(
  dialect: (typeof dialects)[number],
  stripe: FakeStripeOptions,
  service: Omit<ConsultationPaymentsOptions, "db" | "mail" | "stripe"> & { secretKey: string; webhookSecret?: string },
) {
  const t = await openTestDatabase(dialect, undefined, { businessSettings: true });
  const fake = await startFakeStripe(stripe);
  const { secretKey, webhookSecret, ...rest } = service;
  const client = stripeClient(secretKey, fake.url);
  const payments = createConsultationPayments({ db: t.handle.db, mail: testMail, stripe: client, ...rest });
  const courseBookings = createCourseBookingService({
    db: t.handle.db,
    mail: testMail,
    keys: keyring(newKeyMaterial()),
    stripe: { client, publishableKey: null },
    contentIsCurrent: oneInstance,
    ...rest,
  });
  const webhooks = createStripeWebhooks({
    db: t.handle.db,
    stripe: client,
    ...(webhookSecret ? { webhookSecret } : {}),
    handlers: { consultation: payments.stripeOrders, "course-booking": courseBookings.stripeOrders },
    ...rest,
  });
  return { t, fake, stripe: client, payments, courseBookings, webhooks };
}

/**
 * openPaymentService for a suite (call it in the body of a `describe`):
 * opened before its tests; the Stripe-shaped server closed and the database
 * disposed of after them. What it opened is in the object it gives while
 * the tests run.
 */
export function usePaymentService(...args: Parameters<typeof openPaymentService>) {
  const opened = {} as Awaited<ReturnType<typeof openPaymentService>>;
  beforeAll(async () => {
    Object.assign(opened, await openPaymentService(...args));
  });
  afterAll(async () => {
    await opened.fake?.close();
    await opened.t?.dispose();
  });
  return opened;
}

/**
 * A card booking of one place (delegate 1) by `booker` on a session of its
 * own (`key`, 4 places), placed `at`, held, with its PaymentIntent made at
 * the Stripe-shaped server of `app` (not yet paid): its id, reference and
 * PaymentIntent.
 */
export async function heldCardBooking(
  app: Pick<Awaited<ReturnType<typeof openPaymentService>>, "t" | "stripe">,
  { key, booker, at }: { key: string; booker: string; at: Date },
) {
  const db = app.t.handle.db;
  const session = await createCourseSession(db, { key, capacity: 4, at });
  const placed = await placeCourseBooking(db, {
    session,
    booker: testBooker(booker),
    places: [delegate(1)],
    payment: byCard,
    now: at,
  });
  if (!placed.ok) throw new Error(placed.reason);
  const intent = await app.stripe.paymentIntents.create({
    amount: placed.booking.total_pence,
    currency: "gbp",
    metadata: orderMetadata({ kind: "course-booking", id: placed.booking.id }),
  });
  if (!(await attachPaymentIntent(db, placed.booking.id, intent.id))) throw new Error("the payment was not attached");
  return { id: placed.booking.id, reference: placed.booking.reference, intent };
}

/** Stripe's signed event of `type` about `object` (at `at`), delivered to `webhooks` as Stripe would send it. */
export function deliverEvent(
  webhooks: StripeWebhooks,
  type: string,
  object: object,
  { secret, at, id = `evt_${Math.random().toString(36).slice(2)}` }: { secret: string; at: Date; id?: string },
) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(at.getTime() / 1000),
    data: { object },
  });
  return webhooks.handleWebhook(payload, signer.generateTestHeaderString({ payload, secret }));
}

/** Stripe's signed event saying `intent` succeeded (at `at`), delivered to `webhooks` as Stripe would send it. */
export const deliverSucceeded = (webhooks: StripeWebhooks, intent: object, options: { secret: string; at: Date }) =>
  deliverEvent(webhooks, "payment_intent.succeeded", { ...intent, status: "succeeded" }, options);

const signer = new Stripe("sk_test_signer").webhooks;

/** A logger at level info that adds each line it writes, parsed, to `lines`. */
export const loggerInto = <Line>(lines: Line[]) =>
  pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });

/**
 * A database of `dialect`, opened before the suite's tests as
 * openTestDatabase opens it (`prefix`, `options`) and disposed of after them
 * (call it in the body of a `describe`). Its handle is there while the
 * tests run.
 */
export function useTestDatabase(...args: Parameters<typeof openTestDatabase>): TestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(...args);
  });
  afterAll(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  const open = () => {
    if (!opened) throw new Error("The test database is open only while the suite's tests run");
    return opened;
  };
  return {
    get handle() {
      return open().handle;
    },
    get where() {
      return open().where;
    },
    async dispose() {
      await opened?.dispose();
      opened = undefined;
    },
  };
}

/**
 * A new folder in the system's temporary one (its name begins `prefix`),
 * made before the suite's tests and removed after them (call it in the
 * body of a `describe`): its path while the tests run.
 */
export function useScratchFolder(prefix: string): () => string {
  let folder: string | undefined;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return () => {
    if (!folder) throw new Error("The scratch folder is there only while the suite's tests run");
    return folder;
  };
}

/**
 * Runs `test` with a real SMTP server (the harness's sink, keeping what it
 * receives in a new folder whose name begins `prefix`, for a Mailbox to
 * read) and the outbox's mail transport to it, sending as `from`; closes
 * both and removes the folder after.
 */
export async function withSmtpSink(
  { prefix, from }: { prefix: string; from: string },
  test: (transport: ReturnType<typeof createMailTransport>, dir: string) => Promise<void>,
) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const sink = await createSmtpSink({ dir });
  const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from, dataDir: dir });
  try {
    await test(transport, dir);
  } finally {
    transport.close?.();
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
