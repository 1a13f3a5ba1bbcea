/**
 * One course booking for the team (issue 29): the booker and billing
 * details, the places, the amounts, its invoices and credit notes, the
 * e-mails sent for it and its timeline; marking its invoice paid when the
 * transfer arrives; cancelling it with the credit the terms give today, or
 * another amount with the reason (a credit note in any case; a card is
 * refunded through Stripe); moving it to another date of its course
 * (ADR 081).
 */
import type { ReactNode } from "react";
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/course-booking";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { SelectField, TextAreaField, TextField } from "~/components/forms/field.tsx";
import { formatDate } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { bookingForTeam } from "~/orders/course-booking/team-booking.server.ts";
import { paymentStateText } from "~/orders/course-booking/states.ts";
import { owedPence } from "~/orders/course-booking/payment-reminders.ts";
import { timelineText } from "~/orders/course-booking/timeline-text.ts";
import { servicesContext } from "~/services.ts";
import { courseBookingDeskAction, unknownBooking } from "~/staff/course-booking-desk.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const view = await bookingForTeam(context.get(staffRequestContext).staff.db, params.id, new Date());
  if (!view) throw data(unknownBooking, { status: 404 });
  return view;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const who = { ...context.get(staffRequestContext), bookings: context.get(servicesContext).courseBookings };
  return courseBookingDeskAction(who, user, params.id, await request.formData(), new Date());
}

/** The button of each of the page's forms (cancelling has its own, in red). */
function FormButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className="min-h-11 rounded-md bg-navy-800 px-4 py-2 font-semibold text-white">
      {children}
    </button>
  );
}

/** What a move to a date does to the price, in the team's words. */
const priceText = ({
  creditPence,
  extraPence,
  carryPence,
}: {
  creditPence: number;
  extraPence: number;
  carryPence: number;
}) =>
  extraPence > 0
    ? `dearer: ${formatPenceGbp(extraPence)} more with VAT, on a new invoice replacing the booking's${carryPence > 0 ? `, the ${formatPenceGbp(carryPence)} paid carried to it` : ""}`
    : creditPence === 0
      ? "same price"
      : `cheaper: ${formatPenceGbp(creditPence)} with VAT credited`;

export default function CourseBookingPage() {
  const {
    booking: b,
    delegates,
    invoices,
    events,
    credit,
    emails,
    inInbox,
    canNamePlaces,
    moves,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A delegate's field of the place form: as posted after a refusal, with its message.
  const placeField = (name: "name" | "email" | "jobTitle") => ({
    formId: "name-place",
    name,
    autoComplete: "off",
    defaultValue: answer?.values?.[name],
    error: answer?.fieldErrors?.[name],
  });
  const address = [b.address_line1, b.address_line2, b.city, b.postcode, b.country].filter(Boolean).join(", ");
  return (
    <StaffPage
      title={`Booking ${b.reference}`}
      intro={
        <p>
          {b.course_title}, {b.session_label}.{" "}
          <Link to={`/admin/sessions/${b.session_key}`} className="font-semibold text-navy-800 underline">
            Session roster
          </Link>
          {inInbox && (
            <>
              {" · "}
              <Link to={`/admin/leads/${b.id}`} className="font-semibold text-navy-800 underline">
                In the inbox (status, owner and notes)
              </Link>
            </>
          )}
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <StaffSection id="state" title={paymentStateText[b.status]}>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">Booker</dt>
          <dd className="break-all">
            {b.booker_name} ({b.job_title}), {b.booker_email}, {b.booker_phone}
          </dd>
          <dt className="font-semibold">Organisation</dt>
          <dd>{b.organisation}</dd>
          <dt className="font-semibold">Billing address</dt>
          <dd>{address}</dd>
          <dt className="font-semibold">Payment</dt>
          <dd>
            {b.payment_method === "card" ? "Card" : "Invoice"}
            {b.purchase_order && `, PO ${b.purchase_order}`}
            {b.vat_number && `, VAT number ${b.vat_number}`}
          </dd>
          <dt className="font-semibold">Amounts</dt>
          <dd>
            {b.quantity} × {formatPenceGbp(b.unit_price_pence)}
            {b.discount_pence > 0 && ` − ${formatPenceGbp(b.discount_pence)} group discount`} ={" "}
            {formatPenceGbp(b.net_pence)} + VAT {formatPenceGbp(b.vat_pence)} ={" "}
            <strong>{formatPenceGbp(b.total_pence)}</strong>
          </dd>
          {b.carried_pence > 0 && (
            <>
              <dt className="font-semibold">Paid before a move</dt>
              <dd>
                {formatPenceGbp(b.carried_pence)}, carried to this invoice
                {b.status === "invoiced" && `: ${formatPenceGbp(owedPence(b))} left to pay`}
              </dd>
            </>
          )}
          {b.cancel_reason && (
            <>
              <dt className="font-semibold">Cancelled</dt>
              <dd>{b.cancel_reason}</dd>
            </>
          )}
        </dl>
      </StaffSection>

      <StaffSection id="places" title="Places" className="mt-8">
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {delegates.map((d) => (
            <li key={d.position} className="break-all">
              {d.name ? `${d.name}, ${d.email}${d.jobTitle ? `, ${d.jobTitle}` : ""}` : "Name to follow"}
            </li>
          ))}
        </ol>
        {canNamePlaces && (
          <PostForm intent="name-place" className="mt-4 max-w-xl space-y-4" noValidate>
            <h3 className="font-semibold text-navy-900">Name a place, or pass it to a substitute</h3>
            <p className="text-slate-700">
              The booker sends the names still to follow, or a substitute's, by replying to their confirmation. The
              delegate gets the joining details and the calendar invitation; one replaced is told.
            </p>
            <SelectField
              key={`position-${answer?.values?.position ?? ""}`}
              formId="name-place"
              name="position"
              label="Place"
              required
              options={delegates.map((d) => ({
                value: String(d.position),
                label: `Place ${d.position}: ${d.name ?? "name to follow"}`,
              }))}
              defaultValue={answer?.values?.position ?? String(delegates.find((d) => !d.name)?.position ?? "")}
              error={answer?.fieldErrors?.position}
            />
            <TextField {...placeField("name")} label="Delegate's full name" required />
            <TextField {...placeField("email")} type="email" label="Delegate's e-mail" required />
            <TextField {...placeField("jobTitle")} label="Job title (optional)" />
            <FormButton>Save the place</FormButton>
          </PostForm>
        )}
      </StaffSection>

      <StaffSection id="documents" title="Invoices and credit notes" className="mt-8">
        {invoices.length === 0 ? (
          <p className="mt-2 text-slate-700">None issued.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {invoices.map((i) => (
              <li key={i.id}>
                <a
                  href={`/admin/course-bookings/${b.id}/documents/${i.number}.pdf`}
                  download
                  className="font-semibold text-navy-800 underline"
                >
                  {i.kind === "invoice" ? "Invoice" : "Credit note"} {i.number}
                </a>{" "}
                · <Time iso={i.issued_at} /> · {formatPenceGbp(i.total_pence)}
                {i.due_date && ` · due ${formatDate(`${i.due_date}T12:00:00Z`)}`}
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      {b.status === "invoiced" && (
        <StaffSection id="mark-paid" title="The transfer arrived" className="mt-8">
          <PostForm intent="mark-paid" className="mt-3 max-w-xl space-y-4" noValidate>
            <TextField formId="mark-paid" name="note" label="Note (optional): the bank reference" />
            <FormButton>Mark the invoice paid</FormButton>
          </PostForm>
        </StaffSection>
      )}

      {credit && (
        <StaffSection id="cancel" title="Cancel this booking" className="mt-8">
          <p className="mt-2 text-slate-700">
            {credit.rescheduled
              ? "We moved this course to other dates since it was booked: cancelled today, the terms credit the full fee:"
              : `Cancelled today, ${credit.daysBefore} days before the start, the terms credit ${credit.basisPoints / 100}%:`}{" "}
            <strong>{formatPenceGbp(credit.grossPence)}</strong>
            {b.status === "paid"
              ? b.payment_method === "card"
                ? ", refunded to the card"
                : ", to refund by transfer"
              : ""}
            .
          </p>
          <PostForm intent="cancel" className="mt-3 max-w-xl space-y-4" noValidate>
            <TextField
              formId="cancel"
              name="amount"
              label="Credit another amount, in pounds (optional)"
              inputMode="numeric"
            />
            <TextAreaField formId="cancel" name="reason" label="Why another amount (required with one)" rows={2} />
            <button
              type="submit"
              className="min-h-11 rounded-md border border-red-800 px-4 py-2 font-semibold text-red-800"
            >
              Cancel the booking
            </button>
          </PostForm>
        </StaffSection>
      )}

      {moves?.open && (
        <StaffSection id="move" title="Move to another date" className="mt-8">
          <p className="mt-2 text-slate-700">
            Every place moves. A cheaper date&rsquo;s difference is credited with a credit note (refunded if paid). A
            dearer date replaces the invoice: a credit note cancels it and a new invoice at the new date&rsquo;s price
            is sent; what was already paid is carried to the new invoice, and the booking awaits the rest. The
            booker&rsquo;s terms need not allow it: you decide. The booker and each named delegate are told, and the
            delegates&rsquo; calendars follow.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
            {moves.dates.map((d) => (
              <li key={d.id}>
                {d.label}: {d.full ? "not enough places left" : d.ok ? priceText(d) : d.why}
              </li>
            ))}
          </ul>
          {moves.dates.some((d) => d.ok && !d.full) && (
            <PostForm intent="move" className="mt-3 max-w-xl space-y-4" noValidate>
              <SelectField
                formId="move"
                name="session"
                label="New date"
                required
                options={moves.dates.filter((d) => d.ok && !d.full).map((d) => ({ value: d.id, label: d.label }))}
              />
              <FormButton>Move the booking</FormButton>
            </PostForm>
          )}
        </StaffSection>
      )}

      <StaffSection id="emails" title="E-mails" className="mt-8">
        {emails.length === 0 ? (
          <p className="mt-2 text-slate-700">None.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {emails.map((e) => (
              <li key={e.id}>
                <span className="font-semibold break-words">{e.subject}</span>
                <span className="block text-sm break-all text-slate-800">
                  To {e.to}: {e.state === "sent" ? "sent" : e.state === "given-up" ? "given up" : "waiting to be sent"}
                  {e.at && (
                    <>
                      {" "}
                      <Time iso={e.at} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      <StaffSection id="timeline" title="Timeline" className="mt-8">
        <ol className="mt-2 space-y-1">
          {events.map((e, i) => (
            <li key={i}>
              <Time iso={e.at} /> · {timelineText(e.kind, e.detail)}
              {e.actor ? " (by the team)" : e.detail.by === "booker" ? " (by the booker)" : ""}
            </li>
          ))}
        </ol>
      </StaffSection>
    </StaffPage>
  );
}
