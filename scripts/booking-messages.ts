/**
 * Every message a course booking can produce over its life (issue 41), each
 * as a real SMTP server received it: the bookings module's own code (the
 * course booking service, its jobs and the outbox worker that sends) runs
 * in this process on a SQLite database of its own, under a clock this
 * script moves through a booking's weeks; the Stripe-shaped test server
 * stands in for Stripe. It writes each received message to
 * reports/booking-messages/ (the .eml and its envelope) and the list, with
 * each message's recipient, subject, attached files and calendar METHOD, to
 * docs/booking-messages.md.
 *
 *   npm run messages:booking
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { format, resolveConfig } from "prettier";
import { siteCalendar } from "../app/calendar/business-hours.ts";
import { openDatabase } from "../app/data/db.server.ts";
import { OutboxWorker } from "../app/mail/outbox-worker.server.ts";
import { createMailTransport } from "../app/mail/transport.server.ts";
import { catalogue } from "../app/content/index.server.ts";
import { vatDocumentAttachments } from "../app/orders/course-booking/documents.server.ts";
import { sendJoiningEmails } from "../app/orders/course-booking/joining.server.ts";
import { sendPaymentReminders } from "../app/orders/course-booking/payment-reminders.server.ts";
import { runWaitingLists } from "../app/orders/course-booking/waiting.server.ts";
import { setCapacity } from "../app/orders/course-booking/places.server.ts";
import { createCourseBookingService } from "../app/orders/course-booking/service.server.ts";
import { stripeClient } from "../app/orders/stripe/client.server.ts";
import { keyring, newKeyMaterial, seal } from "../app/secrets/sealing.server.ts";
import { ensureBusinessSettings } from "../harness/business-settings.ts";
import { startFakeStripe } from "../harness/fake-stripe.ts";
import { parseEmail, type ReceivedEmail } from "../harness/mail.ts";
import { createSmtpSink, pollUntil, ROOT } from "../harness/servers.ts";

const out = path.join(ROOT, "reports", "booking-messages");
const sink = await createSmtpSink({ dir: out });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "booking-messages-"));
const database = await openDatabase({ dataDir });
const db = database.db;
await ensureBusinessSettings(db);

let now = new Date("2027-01-11T10:00:00.000Z");
const clock = () => now;
const keys = keyring(newKeyMaterial());
const team = "team@meridian-executive.example";
const mail = { siteUrl: "https://www.meridian-executive.co.uk", teamEmail: team, calendar: siteCalendar() };
const fake = await startFakeStripe({});
const worker = new OutboxWorker({
  db,
  transport: createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    from: "Meridian Executive Training <bookings@meridian-executive.co.uk>",
    dataDir,
  }),
  maxRetryDelayMs: 1000,
  pollMs: 100,
  clock,
  keys,
  attachments: vatDocumentAttachments(db),
  // Only what went wrong, on standard error.
  log: pino({ name: "outbox", level: "warn" }, pino.destination(2)),
});
await worker.start();
const service = createCourseBookingService({
  // One process: what it serves is the newest content there is.
  contentIsCurrent: async () => true,
  db,
  mail,
  keys,
  stripe: { client: stripeClient("sk_test_booking_messages", fake.url), publishableKey: "pk_test_booking_messages" },
  clock,
  onEmailsQueued: () => worker.kick(),
  log: () => {},
});

// Two dates of one course at the same price, with places.
const march = "financial-analysis-2027-03-london";
const june = "financial-analysis-2027-06-online";
const card = "risk-management-2027-05-online";
const inPerson = "strategy-execution-2027-06-london";
const full = "carbon-accounting-2027-05-london";
for (const key of [march, june, card, inPerson]) await setCapacity(db, key, 12, now);

type Row = { step: string; email: ReceivedEmail };
const rows: Row[] = [];
let seen = 0;

/** Runs `act` at `at`, waits until the outbox has sent everything, and files what arrived under `step`. */
async function step(step: string, at: string, act: () => Promise<unknown>) {
  now = new Date(at);
  await act();
  worker.kick();
  await pollUntil(async () => {
    const left = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sent_at", "is", null)
      .where("dead_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(left.n) === 0 || undefined;
  }, 30_000);
  const files = readdirSync(out)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  for (const file of files.slice(seen)) rows.push({ step, email: await parseEmail(out, file) });
  seen = files.length;
}

const form = (email: string, over: Record<string, string>) => ({
  places: "2",
  bookerName: "Ada Booker",
  bookerEmail: email,
  bookerPhone: "020 7946 0002",
  organisation: "Northwind Ltd",
  bookerJobTitle: "Head of Learning",
  addressLine1: "1 King Street",
  city: "London",
  postcode: "EC2V 8AU",
  country: "United Kingdom",
  "delegate-0-name": "Grace Delegate",
  "delegate-0-email": "grace@northwind.example",
  "delegate-1-toFollow": "on",
  paymentMethod: "invoice",
  purchaseOrder: "PO-4471",
  acceptTerms: "on",
  ...over,
});

/** A booking the service refused stops the run, saying why. */
function expectBooked(outcome: { kind: string }) {
  if (outcome.kind !== "confirm-sent" && outcome.kind !== "booked") throw new Error(JSON.stringify(outcome));
}

/** One place by invoice on `sessionId` of `courseId`, booked by `email` of `organisation` for the delegate at `delegate`. */
async function bookOnePlace(
  courseId: string,
  sessionId: string,
  email: string,
  organisation: string,
  delegate: string,
) {
  const values = { places: "1", organisation, "delegate-0-name": "Sam Delegate", "delegate-0-email": delegate };
  expectBooked(await service.book({ courseId, sessionId }, form(email, values)));
}

/** The token of the waiting list's `kind` link (confirm, offer) in a message. */
const linkIn = (email: ReceivedEmail, kind: "confirm" | "offer") =>
  new RegExp(`/waiting/${kind}/([A-Za-z0-9_-]{43})`).exec(email.text)![1]!;

const tokenIn = (email: ReceivedEmail) => /\/booking\/([A-Za-z0-9_-]{43})/.exec(email.text)![1]!;
const latest = (subject: RegExp) => rows.findLast((r) => subject.test(r.email.subject))!.email;

// An invoice booking's life.
await step("Booked by invoice (held until the booker confirms)", "2027-01-11T10:00:00Z", async () =>
  expectBooked(
    await service.book({ courseId: "financial-analysis", sessionId: march }, form("ada@northwind.example", {})),
  ),
);
const token = tokenIn(latest(/Please confirm your booking/));
await step("The booker confirms from their inbox", "2027-01-11T10:05:00Z", () => service.confirmByLink(token));
await step("The booker names the place to follow", "2027-01-12T09:00:00Z", () =>
  service.namePlaceByLink(token, { position: "2", name: "Alan Named", email: "alan@northwind.example", jobTitle: "" }),
);
await step("The booker sends a substitute in place 1", "2027-01-13T09:00:00Z", () =>
  service.namePlaceByLink(token, {
    position: "1",
    name: "Mary Substitute",
    email: "mary@northwind.example",
    jobTitle: "",
  }),
);
await step("The booker moves the booking to another date", "2027-01-14T09:00:00Z", () =>
  service.transferByLink(token, june, 0),
);
const booking = (await service.byLink(token))!.booking;
const due = (
  await db
    .selectFrom("course_invoices")
    .select("due_date")
    .where("booking_id", "=", booking.id)
    .executeTakeFirstOrThrow()
).due_date!;
const reminders = (day: string) =>
  sendPaymentReminders(db, { now: new Date(`${day}T09:00:00Z`), compose: service.composeReminder }).then(() =>
    worker.kick(),
  );
const dayFrom = (offset: number) =>
  new Date(Date.parse(`${due}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
await step("Payment reminder, 7 days before the due date", `${dayFrom(-7)}T09:00:00Z`, () => reminders(dayFrom(-7)));
await step("Payment reminder, on the due date", `${dayFrom(0)}T09:00:00Z`, () => reminders(dayFrom(0)));
await step("Payment reminder, 30 days overdue (statutory interest)", `${dayFrom(30)}T09:00:00Z`, () =>
  reminders(dayFrom(30)),
);
await step("The booker pays the invoice by card from their page", `${dayFrom(31)}T09:00:00Z`, async () => {
  await service.payInvoiceByCard(token);
  const detail = (await service.byLink(token))!;
  fake.intents.get(detail.booking.payment_intent_id!)!.status = "succeeded";
  await service.refreshCardPayment(detail);
});
// The team changes the new date's last day: each delegate's calendar is updated (the site does this on
// every publish; here the published session's hours change in this process's copy of the content).
await step("The team changes the date's hours", "2027-05-20T09:00:00Z", async () => {
  const session = catalogue.sessions.find((s) => s.id === june)!;
  const hours = [...session.hours];
  hours[4] = { starts: hours[4]!.starts, ends: "13:00" };
  Object.assign(session, { hours });
  await service.followSessionChanges(now);
});

const joining = (at: string) => sendJoiningEmails(db, { now: new Date(at), mail, keys }).then(() => worker.kick());
await step("Joining instructions (online: 3 days before)", "2027-06-04T08:00:00Z", () =>
  joining("2027-06-04T08:00:00Z"),
);
// The team sets the online date's joining link, then changes it (stored sealed, as the editor seals it):
// each delegate sent the instructions gets it, with an update of their calendar invitation (ADR 085).
const joiningLinkStep = (link: string) => async () => {
  const session = catalogue.sessions.find((s) => s.id === june)!;
  Object.assign(session, { joiningLink: seal(keys, link, "webinar-link") });
  await service.followSessionChanges(now);
};
await step(
  "The team sets the online date's joining link",
  "2027-06-04T10:00:00Z",
  joiningLinkStep("https://meet.example/j/81234567890?pwd=first"),
);
await step(
  "The team changes the online date's joining link",
  "2027-06-05T10:00:00Z",
  joiningLinkStep("https://meet.example/j/89876543210?pwd=second"),
);

// A card booking, paid, then cancelled by its booker: a credit note, the card refunded.
let cardToken = "";
await step("Booked by card (held for the payment: no message)", "2027-02-01T10:00:00Z", async () => {
  const outcome = await service.book(
    { courseId: "risk-management", sessionId: card },
    form("lin@contoso.example", {
      places: "1",
      paymentMethod: "card",
      organisation: "Contoso plc",
      "delegate-0-name": "Lin Card",
      "delegate-0-email": "lin@contoso.example",
    }),
  );
  if (outcome.kind !== "booked") throw new Error(`card booking: ${outcome.kind}`);
  cardToken = /\/booking\/([A-Za-z0-9_-]{43})/.exec(outcome.next)![1]!;
});
await step("The card payment succeeds", "2027-02-01T10:03:00Z", async () => {
  const detail = (await service.byLink(cardToken))!;
  fake.intents.get(detail.booking.payment_intent_id!)!.status = "succeeded";
  await service.refreshCardPayment(detail);
});
await step(
  "The booker cancels from their page (full credit); the card refund fails (refunded already in Stripe's dashboard)",
  "2027-02-02T10:00:00Z",
  async () => {
    const { booking } = (await service.byLink(cardToken))!;
    fake.refunds.set(booking.payment_intent_id!, [booking.total_pence]);
    await service.cancelByLink(cardToken, service.cancellationOffer(booking)!.creditPence);
  },
);

// A booking in person: the joining instructions 7 days before, and the reminder the working day before.
await step("Booked by invoice, in person", "2027-03-01T10:00:00Z", () =>
  bookOnePlace(
    "strategy-execution",
    inPerson,
    "sam@tailspin.example",
    "Tailspin Toys",
    "sam.delegate@tailspin.example",
  ),
);
await step("Its booker confirms", "2027-03-01T10:05:00Z", () =>
  service.confirmByLink(tokenIn(latest(/Please confirm your booking/))),
);
await step("Joining instructions (in person: 7 days before)", "2027-06-07T08:00:00Z", () =>
  joining("2027-06-07T08:00:00Z"),
);
await step("The reminder on the working day before", "2027-06-11T08:00:00Z", () => joining("2027-06-11T08:00:00Z"));

// An invoice booking on a date the team cancels.
await step("Booked by invoice, on a date the team will cancel", "2027-02-03T10:00:00Z", () =>
  bookOnePlace("risk-management", card, "kim@fabrikam.example", "Fabrikam Ltd", "kim@fabrikam.example"),
);
await step("Its booker confirms", "2027-02-03T10:05:00Z", () =>
  service.confirmByLink(tokenIn(latest(/Please confirm your booking/))),
);
await step("The team cancels the whole date", "2027-02-10T10:00:00Z", () =>
  service.cancelSession(card, "staff-1", "the trainer is unwell"),
);

// A full date's waiting list: a request confirmed, then offered the place a cancellation frees, booked from the offer.
await setCapacity(db, full, 1, now);
await step("Booked by invoice: the last place of a date", "2027-02-15T10:00:00Z", () =>
  bookOnePlace("carbon-accounting", full, "pat@adatum.example", "Adatum Corp", "pat@adatum.example"),
);
await step("Its booker confirms", "2027-02-15T10:05:00Z", () =>
  service.confirmByLink(tokenIn(latest(/Please confirm your booking/))),
);
await step("Someone joins the full date's waiting list", "2027-02-16T10:00:00Z", () =>
  service.waiting.join(
    { courseId: "carbon-accounting", sessionId: full },
    {
      waitingName: "Wendy Waiting",
      waitingEmail: "wendy@litware.example",
      waitingOrganisation: "Litware Inc",
      waitingPlaces: "1",
    },
  ),
);
await step("They confirm their request (no message)", "2027-02-16T10:10:00Z", () =>
  service.waiting.confirm(linkIn(latest(/waiting list/i), "confirm")),
);
const patBooking = await db
  .selectFrom("course_bookings")
  .select("id")
  .where("booker_email", "=", "pat@adatum.example")
  .executeTakeFirstOrThrow();
await step("The team cancels the booking on the full date", "2027-02-20T10:00:00Z", () =>
  service.cancel(patBooking.id, "staff-1"),
);
await step("The waiting list's job offers the freed place", "2027-02-20T10:05:00Z", () =>
  runWaitingLists(db, { now, mail, keys }).then(() => worker.kick()),
);
await step("The place is booked from the offer", "2027-02-21T09:00:00Z", async () =>
  expectBooked(
    await service.book(
      { courseId: "carbon-accounting", sessionId: full },
      form("wendy@litware.example", {
        places: "1",
        organisation: "Litware Inc",
        "delegate-0-name": "Wendy Waiting",
        "delegate-0-email": "wendy@litware.example",
      }),
      { offerToken: linkIn(latest(/Places held for you/), "offer") },
    ),
  ),
);

// A booking link past its expiry: a new one is e-mailed to the booker.
await step("The booker asks for a new link after the old one expired", "2027-07-30T10:00:00Z", () =>
  service.resendLink(token),
);

await worker.stop();
await sink.stop();
await fake.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

// The list, in the order they arrived.
const roleOf = (address: string) =>
  address === team
    ? "the team"
    : address.startsWith("wendy@")
      ? "the person waiting, then booker and delegate"
      : /^(ada|lin|kim|sam|pat)@/.test(address)
        ? "the booker"
        : "a delegate";
const calendarOf = (email: ReceivedEmail) =>
  email.attachments
    .filter((a) => a.mimeType.startsWith("text/calendar"))
    .map((a) => /^METHOD:(\w+)/m.exec(a.content)?.[1] ?? "")
    .join(", ");
const filesOf = (email: ReceivedEmail) =>
  email.attachments
    .filter((a) => a.filename)
    .map((a) => a.filename.replace(/\d{6}/, "NNNNNN"))
    .join(", ");
const lines = [
  "# Every message a course booking sends",
  "",
  "Each message as the test SMTP server received it, made by `npm run messages:booking`",
  "(scripts/booking-messages.ts): the bookings module's own code, its jobs and the",
  "outbox worker, under a clock moved through a booking's weeks. The messages",
  "themselves are in `reports/booking-messages/` after a run.",
  "",
  `${rows.length} messages.`,
  "",
  "| # | When | To | Subject | Files | Calendar |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (r, i) =>
      `| ${i + 1} | ${r.step} | ${r.email.to.map(roleOf).join(", ")} | ${r.email.subject
        .replace(/\|/g, "\\|")
        .replace(/MB-[A-Z0-9]{8}/g, "MB-…")
        .replace(/(INV|CN)-\d{6}/g, "$1-NNNNNN")} | ${filesOf(r.email)} | ${calendarOf(r.email)} |`,
  ),
  "",
];
// Written as Prettier writes it (the repository's check reads docs/ too).
const index = path.join(ROOT, "docs", "booking-messages.md");
writeFileSync(index, await format(lines.join("\n"), { ...(await resolveConfig(index)), filepath: index }));
console.log(`${rows.length} messages: docs/booking-messages.md, reports/booking-messages/`);
