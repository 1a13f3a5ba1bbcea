/**
 * The booker's own page (/booking/{token}), opened by the booking link they
 * were sent to and e-mailed: the booking's state, the session, the places,
 * the amounts, its invoices and credit notes to download, and for a card
 * booking still held, the way to pay. Back from paying
 * (?payment_intent=…), Stripe is asked whether the payment succeeded.
 * An invoice booking not yet confirmed shows what was booked and the
 * button that confirms it (a POST: following a link confirms nothing; a
 * second confirmation changes nothing): issue 37, ADR 060. While the
 * booking is live and the course has not started, the booker names a place
 * or sends someone else in a delegate's place (issue 41): the new delegate
 * gets the joining details, the one replaced, the booker and the team are
 * told, at most 10 changes a day; or cancels, for the credit the terms give
 * that day, said in pounds before they confirm (refused if it has changed);
 * or pays an open invoice by card, when card payment is set up.
 * Never cached, never indexed; an unknown (or revoked) link is a 404 like
 * any other page. A link past its expiry (a set time after the course,
 * ADR 063) is a 410 with a button that has a new link e-mailed to the
 * booking's booker address, never shown here; sending it revokes the old
 * links, at most once per 15 minutes and three times a day (429 beyond).
 */
import type { ReactNode } from "react";
import { createContext, data, redirect } from "react-router";
import { resendMessages } from "~/orders/course-booking/link-expiry.ts";
import { owedPence } from "~/orders/course-booking/payment-reminders.ts";
import { NarrowPage, PageHero } from "~/components/sections.tsx";
import { TextField } from "~/components/forms/field.tsx";
import { CancelBooking } from "~/components/booking/cancel-booking.tsx";
import { TransferBooking } from "~/components/booking/transfer-booking.tsx";
import {
  cancelAction,
  confirmAction,
  namePlaceAction,
  payInvoiceAction,
  transferAction,
} from "~/route-support/booking-acts.server.ts";
import { CARRIED_TOAST_KEY } from "~/components/toast/carried-toast.ts";
import { Toaster } from "~/components/toast/toaster.tsx";
import { Island } from "~/islands/island.tsx";
import { formatPenceGbp } from "~/format/money.ts";
import { formatDate, formatDateTime } from "~/format/dates.ts";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/booking";
import { islandsOnly } from "~/page-script/hydration.ts";

/** Set by the action that has just sent a new link: the loader run after it finds the link it came from revoked. */
const newLinkSent = createContext<boolean>(false);

/** No React Router: its forms are plain posts that need no script (ADR 090); only the footer's sign-up and the exit popup wake, as islands. */
export const handle = islandsOnly;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const bookings = context.get(servicesContext).courseBookings;
  const detail = await bookings.byLink(params.token);
  if (!detail) {
    const expired = context.get(newLinkSent) || (await bookings.linkState(params.token)) === "expired";
    if (!expired) throw data("Not found", { status: 404 });
    return data({ expired: true as const }, { status: 410 });
  }
  // A card booking, or an invoice whose booker started paying it by card: Stripe is asked.
  const payment =
    detail.booking.payment_method === "card" || detail.booking.payment_intent_id
      ? await bookings.refreshCardPayment(detail)
      : null;
  const current =
    payment === "paid" && detail.booking.status !== "paid" ? (await bookings.byLink(params.token))! : detail;
  const b = current.booking;
  return {
    expired: false as const,
    token: params.token,
    reference: b.reference,
    status: b.status,
    paymentMethod: b.payment_method,
    /**
     * An open invoice the booker may pay by card here (card payment is set up, and the booking's one
     * card payment is not the settled one a dearer date's invoice carried: ADR 087).
     */
    invoiceCardPayable: b.status === "invoiced" && bookings.cardAvailable && b.payment_status !== "succeeded",
    /** What the open invoice still asks for, and what was paid and carried to it. */
    owedPence: owedPence(b),
    carriedPence: b.carried_pence,
    processing: payment === "processing",
    paymentFailure: b.payment_failure,
    holdExpiresAt: b.hold_expires_at,
    course: { id: b.course_id, title: b.course_title },
    sessionLabel: b.session_label,
    /** The team moved the course to other days since it was booked: a free move or a full refund (ADR 100). */
    rescheduled: b.rescheduled_at !== null,
    booker: { name: b.booker_name, organisation: b.organisation },
    delegates: current.delegates.map((d) => ({ position: d.position, name: d.name })),
    // The terms let the booker name a place, or send someone else, free until the course starts.
    canChangePlaces: bookings.placesChangeable(b),
    amounts: {
      quantity: b.quantity,
      unitPricePence: b.unit_price_pence,
      discountPence: b.discount_pence,
      netPence: b.net_pence,
      vatPence: b.vat_pence,
      totalPence: b.total_pence,
      creditedPence: b.credited_pence,
    },
    paidAt: b.paid_at,
    cancelledAt: b.cancelled_at,
    documents: current.invoices.map((i) => ({
      number: i.number,
      kind: i.kind,
      issuedAt: i.issued_at,
      totalPence: i.total_pence,
      dueDate: i.due_date,
    })),
    terms: JSON.parse(b.terms_text) as string[],
    /** What cancelling now gives, said before the booker confirms (null: not from this page). */
    cancellation: bookings.cancellationOffer(b),
    /** The other dates the booking may move to, with what each credits (null: not from this page). */
    transfer: await bookings.transferChoices(b),
    /** The booking has just moved (?moved=1), to say so. */
    moved: new URL(request.url).searchParams.get("moved") === "1",
    /** The place the booker has just changed (?changed=2), to say so. */
    changed: Number(new URL(request.url).searchParams.get("changed")) || null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (intent === "new-link") {
    const sent = await context.get(servicesContext).courseBookings.resendLink(params.token);
    if (sent.kind === "unknown") throw data("Not found", { status: 404 });
    if (sent.kind === "live") return redirect(`/booking/${params.token}`, 303);
    if (sent.kind === "limited") {
      return data(
        { problem: resendMessages.limited },
        { status: 429, headers: { "Retry-After": String(sent.retryAfterSeconds) } },
      );
    }
    context.set(newLinkSent, true);
    return data({ sent: resendMessages.sent }, 202);
  }
  if (intent === "name-place") return namePlaceAction(params.token, form!, context);
  if (intent === "cancel") return cancelAction(params.token, form!, context);
  if (intent === "transfer") return transferAction(params.token, form!, context);
  if (intent === "pay-invoice") return payInvoiceAction(params.token, context);
  if (intent === "confirm") return confirmAction(params.token, context);
  throw data("Bad request", { status: 400 });
}

/** "strict-origin", not "no-referrer": the page's forms post to the router (privateLinkHeaders). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...privateLinkHeaders(), ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

export function meta() {
  return privateLinkMeta({ title: "Your booking", description: "Your course booking.", path: "/booking" });
}

const statusText = {
  unconfirmed: "Please confirm your booking",
  lapsed: "Not confirmed in time: the places were released",
  held: "Awaiting your card payment",
  invoiced: "Booked: invoice awaiting payment",
  paid: "Booked and paid",
  cancelled: "Cancelled",
  expired: "Not completed: the places were released",
} as const;

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.expired) return <ExpiredLink actionData={actionData} />;
  const b = loaderData;
  const base = `/booking/${b.token}`;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  return (
    <>
      <PageHero eyebrow={`Booking ${b.reference}`} title={b.course.title} lead={b.sessionLabel} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-2 lg:py-16">
        <section aria-labelledby="state-title">
          <h2 id="state-title" className="text-2xl font-bold text-navy-900">
            {b.processing ? "Your payment is being processed" : statusText[b.status]}
          </h2>
          {problem && (
            <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
              {problem}
            </p>
          )}
          {b.moved && (
            <p role="status" className="mt-3 rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
              Your booking has moved to {b.sessionLabel}. We have e-mailed each named delegate the new joining details
              and calendar invitation, and you a note of the move.
            </p>
          )}
          {b.status === "unconfirmed" && (
            <form method="post" className="mt-3">
              <p className="text-slate-800">
                Nothing is booked until you confirm: no invoice is issued and no delegate is told before then. The
                places are held for you until {b.holdExpiresAt ? formatDateTime(b.holdExpiresAt) : "shortly"}.
              </p>
              <input type="hidden" name="intent" value="confirm" />
              <button type="submit" className="btn btn-primary mt-4 min-h-11">
                Confirm the booking and issue the invoice
              </button>
            </form>
          )}
          {b.status === "lapsed" && (
            <PlacesReleased courseId={b.course.id}>
              The booking was not confirmed in time, so the places were released and nothing is owed.
            </PlacesReleased>
          )}
          {b.status === "held" && !b.processing && (
            <>
              {b.paymentFailure && (
                <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
                  Your last payment attempt failed: {b.paymentFailure} No money was taken.
                </p>
              )}
              <p className="mt-3 text-slate-800">
                Your places are held until {b.holdExpiresAt ? formatDateTime(b.holdExpiresAt) : "shortly"}.
              </p>
              <a href={`${base}/pay`} className="btn btn-primary mt-4 min-h-11">
                Pay {formatPenceGbp(b.amounts.totalPence)} by card
              </a>
            </>
          )}
          {b.processing && (
            <p className="mt-3 text-slate-800">
              Your bank is still confirming the payment; we e-mail you as soon as it has.
            </p>
          )}
          {b.status === "invoiced" && !b.processing && (
            <>
              <p className="mt-3 text-slate-800">
                Your places are booked.{" "}
                {b.carriedPence > 0
                  ? `The ${formatPenceGbp(b.carriedPence)} you have paid is carried to the invoice below: please pay the ${formatPenceGbp(b.owedPence)} left by bank transfer by its due date, quoting its number`
                  : "Please pay the invoice below by bank transfer by its due date, quoting its number"}
                {b.invoiceCardPayable ? ", or pay it by card now" : ""}.
              </p>
              {b.invoiceCardPayable && (
                <form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="pay-invoice" />
                  <button type="submit" className="btn btn-primary min-h-11">
                    Pay {formatPenceGbp(b.owedPence)} by card
                  </button>
                </form>
              )}
            </>
          )}
          {b.status === "paid" && b.paidAt && (
            <p className="mt-3 text-slate-800">
              Paid on {formatDate(b.paidAt)}. Thank you
              {b.paymentMethod === "card" ? ": the joining details are on their way to each delegate." : "."}
            </p>
          )}
          {b.status === "expired" && (
            <PlacesReleased courseId={b.course.id}>
              The payment was not completed in time, so the places were released and nothing was charged.
            </PlacesReleased>
          )}

          <h3 id="places" className="mt-8 text-xl font-bold text-navy-900">
            Places
          </h3>
          {b.changed && (
            <p role="status" className="mt-2 rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
              Place {b.changed} is changed: we have e-mailed the delegate the joining details and a calendar invitation,
              and you a note of the change.
            </p>
          )}
          <ol className="mt-2 list-decimal space-y-2 pl-6 text-slate-800">
            {b.delegates.map((d) => (
              <li key={d.position}>
                {d.name ?? "Name to follow"}
                {b.canChangePlaces && (
                  <PlaceForm position={d.position} named={d.name !== null} answer={placeAnswer(actionData)} />
                )}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm text-slate-700">
            Booked by {b.booker.name}, {b.booker.organisation}.{" "}
            {b.canChangePlaces
              ? "You can name a place, or send someone else in a delegate's place, free until the course starts: we e-mail them the joining details."
              : "To send names or a substitute, reply to your confirmation e-mail."}
          </p>
        </section>

        <section aria-labelledby="amounts-title">
          <h2 id="amounts-title" className="text-2xl font-bold text-navy-900">
            Amounts
          </h2>
          <dl className="mt-4 space-y-2 text-slate-800">
            <Row label={`${b.amounts.quantity} × price per place`} value={formatPenceGbp(b.amounts.unitPricePence)} />
            {b.amounts.discountPence > 0 && (
              <Row label="Group discount" value={`−${formatPenceGbp(b.amounts.discountPence)}`} />
            )}
            <Row label="Total excluding VAT" value={formatPenceGbp(b.amounts.netPence)} />
            <Row label="VAT" value={formatPenceGbp(b.amounts.vatPence)} />
            <Row label="Total" value={formatPenceGbp(b.amounts.totalPence)} />
            {b.amounts.creditedPence > 0 && (
              <Row label="Credited (credit notes)" value={`−${formatPenceGbp(b.amounts.creditedPence)}`} />
            )}
          </dl>
          <h3 className="mt-8 text-xl font-bold text-navy-900">Invoices and credit notes</h3>
          {b.documents.length === 0 ? (
            <p className="mt-2 text-slate-700">
              None yet: a card booking&rsquo;s VAT invoice is issued when it is paid, an invoice booking&rsquo;s when it
              is confirmed.
            </p>
          ) : (
            <ul className="mt-2 space-y-2">
              {b.documents.map((d) => (
                <li key={d.number}>
                  <a
                    className="font-semibold text-navy-800 underline"
                    href={`${base}/documents/${d.number}.pdf`}
                    download
                  >
                    {d.kind === "invoice" ? "VAT invoice" : "Credit note"} {d.number} (PDF)
                  </a>
                  <span className="text-slate-700">
                    {" "}
                    · {formatDate(d.issuedAt)} · {formatPenceGbp(d.totalPence)}
                    {d.dueDate && ` · due ${formatDate(`${d.dueDate}T12:00:00Z`)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-8 text-xl font-bold text-navy-900">The terms you accepted</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {b.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          {b.rescheduled && b.transfer?.open && (
            <p className="mt-8 rounded-md border border-navy-700 bg-slate-50 p-3 text-slate-800">
              We moved this course to other dates after you booked. As our terms say, you may choose: keep the new
              dates, move the booking to another date at no extra cost, or cancel it for a full refund, at any time
              before the course starts.
            </p>
          )}
          {b.transfer && <TransferBooking choices={b.transfer} />}
          {b.cancellation && <CancelBooking offer={b.cancellation} />}
        </section>
      </div>
      {/* The pay step's "Payment Successful" toast, carried here (ADR 093): its island wakes only then. */}
      <Island name="toaster" component={Toaster} props={{}} wake={{ ifStored: CARRIED_TOAST_KEY }} />
    </>
  );
}

type PlaceAnswer = {
  position: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  problem: string;
};

function placeAnswer(actionData: Route.ComponentProps["actionData"]): PlaceAnswer | null {
  return actionData && "place" in actionData ? actionData.place : null;
}

/** A place's form: name it (its name was to follow), or send someone else in it. Open again with what was typed after a refusal. */
function PlaceForm({ position, named, answer }: { position: number; named: boolean; answer: PlaceAnswer | null }) {
  const mine = answer?.position === String(position) ? answer : null;
  const formId = `place-${position}`;
  const field = (name: "name" | "email" | "jobTitle") => ({
    formId,
    name,
    defaultValue: mine?.values[name],
    error: mine?.fieldErrors[name],
    autoComplete: "off",
  });
  return (
    <details className="mt-1" open={mine !== null}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-800 underline">
        {named ? `Send someone else in place ${position}` : `Name place ${position}`}
      </summary>
      <form method="post" className="mt-2 space-y-4 rounded-md border border-slate-300 p-4" noValidate>
        <input type="hidden" name="intent" value="name-place" />
        <input type="hidden" name="position" value={position} />
        {mine?.problem && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {mine.problem}
          </p>
        )}
        <TextField {...field("name")} label="Delegate's full name" required />
        <TextField {...field("email")} type="email" label="Delegate's e-mail address" required />
        <TextField {...field("jobTitle")} label="Job title (optional)" />
        <button type="submit" className="btn btn-primary min-h-11">
          {named ? "Send them instead" : "Name the place"}
        </button>
      </form>
    </details>
  );
}

/** Why a booking's places went back (a hold not confirmed or not paid in time), and a link to book again. */
function PlacesReleased({ courseId, children }: { courseId: string; children: ReactNode }) {
  return (
    <p className="mt-3 text-slate-800">
      {children}{" "}
      <a className="font-semibold text-navy-800 underline" href={`/courses/${courseId}`}>
        Book again
      </a>
      .
    </p>
  );
}

/** The 410 page of an expired link: a new one is e-mailed to the booking's booker address, never shown here. */
function ExpiredLink({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <NarrowPage eyebrow="Your booking" title="This booking link has expired">
      <p className="text-slate-800">
        For your security, booking links stop working some time after the course. We can e-mail a new link to the
        address the booking was made with; earlier links then stop working.
      </p>
      {problem && (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      {sent ? (
        <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
          {sent}
        </p>
      ) : (
        <form method="post" className="mt-4">
          <input type="hidden" name="intent" value="new-link" />
          <button type="submit" className="btn btn-primary min-h-11">
            Send me a new link
          </button>
        </form>
      )}
    </NarrowPage>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
