/**
 * The course booking form and its summary (issue 29), and the frame they
 * stand in, as the date's booking page (routes/course-booking.tsx) and a
 * waiting list's offer page (routes/waiting-offer.tsx, ADR 083) show them:
 * a plain HTML form, posted without JavaScript, to the page it is on.
 */
import type { ReactNode } from "react";
import { errorId, fieldId, TextField } from "~/components/forms/field.tsx";
import { BotFields } from "~/components/forms/bot-fields.tsx";
import { PageHero } from "~/components/sections.tsx";
import { BookerFields, bindField, type BookerFieldNames } from "./booker-fields.tsx";
import { PlaceOptions } from "./place-options.tsx";
import { ProblemList } from "./problem-list.tsx";
import { formatPenceGbp } from "~/format/money.ts";
import type { BookingPageData } from "~/orders/course-booking/booking-page.server.ts";
import { delegateField, MAX_PLACES } from "~/orders/course-booking/booking-request.ts";

const formId = "booking";

const bookerFieldNames: BookerFieldNames = {
  name: "bookerName",
  email: "bookerEmail",
  phone: "bookerPhone",
  jobTitle: "bookerJobTitle",
  organisation: "organisation",
};

export function OtherDates({ page }: { page: BookingPageData }) {
  if (page.otherDates.length === 0) {
    return (
      <p className="mt-4 text-slate-700">
        No other dates are open for booking yet.{" "}
        <a className="font-semibold text-navy-800 underline" href={`/contact?course=${page.course.id}`}>
          Ask us about the next one
        </a>
        .
      </p>
    );
  }
  return (
    <>
      <p className="mt-4 text-slate-700">Other dates for this course:</p>
      <ul className="mt-3 space-y-2">
        {page.otherDates.map((d) => (
          <li key={d.id}>
            <a className="font-semibold text-navy-800 underline" href={d.href}>
              {d.label}, {d.where}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A booking page as both pages lay it out: the hero naming the course and
 * the date, the page's own column (the form, or what stands in its place)
 * and the booking's summary beside it.
 */
export function BookingPageFrame({
  eyebrow,
  page,
  children,
}: {
  eyebrow: string;
  page: BookingPageData;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={page.course.title} lead={`${page.session.label} · ${page.session.where}`} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_24rem] lg:py-16">
        <div className="min-w-0">{children}</div>
        <Summary page={page} />
      </div>
    </>
  );
}

function Summary({ page }: { page: BookingPageData }) {
  const p = page.price;
  return (
    <aside
      aria-labelledby="summary-title"
      className="self-start rounded-lg border border-slate-200 bg-white p-6 lift-sm"
    >
      <h2 id="summary-title" className="text-xl font-bold text-navy-900">
        Your booking
      </h2>
      <dl className="mt-4 space-y-2 text-slate-800">
        <Row label="Course" value={page.course.title} />
        <Row label="Dates" value={page.session.label} />
        <Row label="Hours" value={page.session.hours} />
        <Row label="Where" value={page.session.where} />
        {page.status === "open" && page.left <= 4 && <Row label="Places left" value={String(page.left)} />}
      </dl>
      <h3 className="mt-6 text-lg font-bold text-navy-900">
        Price for {p.quantity} place{p.quantity === 1 ? "" : "s"}
      </h3>
      <dl className="mt-2 space-y-2 text-slate-800">
        <Row
          label={p.basis === "early-bird" ? `Early-bird price per place (to ${p.earlyBirdUntil})` : "Price per place"}
          value={`${formatPenceGbp(p.unitPricePence)} + VAT`}
        />
        {p.discountPence > 0 && <Row label="Group discount" value={`−${formatPenceGbp(p.discountPence)}`} />}
        <Row label="Total excluding VAT" value={formatPenceGbp(p.netPence)} />
        <Row label={`VAT at ${p.vatRate}`} value={formatPenceGbp(p.vatPence)} />
        <Row label="Total" value={formatPenceGbp(p.grossPence)} strong />
      </dl>
      <p className="mt-4 text-sm text-slate-700">{page.groupDiscountNote}</p>
    </aside>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className={strong ? "font-bold" : ""}>{label}</dt>
      <dd className={`text-right ${strong ? "font-bold" : ""}`}>{value}</dd>
    </div>
  );
}

const controlClass =
  "mt-1.5 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink aria-invalid:border-red-700";

/** Why a booking was refused (a date that closed or filled meanwhile, a refused post), above what the date now offers. */
export function BookingProblem({ problem, children }: { problem: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mb-6 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{problem}</p>
      {children}
    </div>
  );
}

export function BookingForm({
  page,
  places,
  values,
  errors,
  problem,
  fixedPlaces = false,
}: {
  page: BookingPageData;
  places: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  problem?: string | undefined;
  /** The places are fixed (an offer's held places, ADR 083): no form to change how many. */
  fixedPlaces?: boolean;
}) {
  const bind = bindField(formId, values, errors);
  const maxPlaces = Math.min(MAX_PLACES, page.left);
  return (
    <>
      {problem && (
        <BookingProblem problem={problem}>{page.otherDates.length > 0 && <OtherDates page={page} />}</BookingProblem>
      )}
      <ProblemList formId={formId} errors={errors} heading="h2" className="mb-6" />

      {fixedPlaces ? (
        <p className="text-lg text-slate-800">
          {places} place{places === 1 ? " is" : "s are"} held for you.
        </p>
      ) : (
        <form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label id="places-title" htmlFor="places-count" className="block text-sm font-semibold text-navy-900">
              Number of places
            </label>
            <select id="places-count" name="places" defaultValue={String(places)} className={controlClass}>
              <PlaceOptions max={maxPlaces} />
            </select>
          </div>
          <button type="submit" className="btn btn-outline min-h-11">
            Update places
          </button>
        </form>
      )}

      <form method="post" className="mt-8 space-y-10" noValidate>
        <input type="hidden" name="places" value={places} />
        <BotFields />

        <fieldset className="space-y-6">
          <legend className="text-2xl font-bold text-navy-900">Delegates</legend>
          {page.namesToFollowOpen ? (
            <p className="text-slate-700">
              Tick “Name to follow” for a place whose delegate you do not know yet; names are due {page.namesDueText}.
            </p>
          ) : (
            <p className="text-slate-700">Names are now due: please name every delegate.</p>
          )}
          {Array.from({ length: places }, (_, i) => (
            <fieldset key={i} className="rounded-md border border-slate-300 p-4">
              <legend className="px-1 font-semibold text-navy-900">Place {i + 1}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField {...bind(delegateField(i, "name"))} label="Full name" autoComplete="off" />
                <TextField {...bind(delegateField(i, "email"))} label="E-mail" type="email" autoComplete="off" />
                <TextField {...bind(delegateField(i, "jobTitle"))} label="Job title" autoComplete="off" />
              </div>
              {page.namesToFollowOpen && (
                <label className="mt-3 flex min-h-11 items-center gap-2 text-ink">
                  <input
                    type="checkbox"
                    name={delegateField(i, "toFollow")}
                    defaultChecked={values[delegateField(i, "toFollow")] === "on"}
                    className="size-6 accent-navy-800"
                  />
                  Name to follow
                </label>
              )}
            </fieldset>
          ))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-2xl font-bold text-navy-900">Your details</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <BookerFields names={bookerFieldNames} bind={bind} />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-2xl font-bold text-navy-900">Billing address</legend>
          <p className="text-slate-700">As it should appear on the VAT invoice.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...bind("addressLine1")} label="Address line 1" autoComplete="address-line1" required />
            <TextField {...bind("addressLine2")} label="Address line 2" autoComplete="address-line2" />
            <TextField {...bind("city")} label="Town or city" autoComplete="address-level2" required />
            <TextField {...bind("postcode")} label="Postcode" autoComplete="postal-code" required />
            <TextField
              {...bind("country")}
              label="Country"

              autoComplete="country-name"
              required
              defaultValue={values.country ?? "United Kingdom"}
            />
          </div>
        </fieldset>

        <fieldset
          id={fieldId(formId, "paymentMethod")}
          className="space-y-4"
          aria-describedby={errors.paymentMethod ? errorId(fieldId(formId, "paymentMethod")) : undefined}
        >
          <legend className="text-2xl font-bold text-navy-900">Payment</legend>
          {page.cardAvailable && (
            <label className="flex min-h-11 items-center gap-3 text-ink">
              <input
                type="radio"
                name="paymentMethod"
                value="card"
                defaultChecked={values.paymentMethod === "card"}
                className="size-6 accent-navy-800"
              />
              <span>
                <strong>Pay by card now</strong> (the places are held for {page.holdMinutes} minutes while you pay)
              </span>
            </label>
          )}
          <label className="flex min-h-11 items-center gap-3 text-ink">
            <input
              type="radio"
              name="paymentMethod"
              value="invoice"
              defaultChecked={values.paymentMethod === "invoice" || !page.cardAvailable}
              className="size-6 accent-navy-800"
            />
            <span>
              <strong>Pay by invoice</strong> (bank transfer within {page.invoiceDueDays} days)
            </span>
          </label>
          {errors.paymentMethod && (
            <p id={errorId(fieldId(formId, "paymentMethod"))} className="text-sm font-semibold text-red-800">
              {errors.paymentMethod}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...bind("purchaseOrder")}
              label="Purchase-order number"
              hint="For an invoice, if your organisation uses them."
              autoComplete="off"
            />
            <TextField
              {...bind("vatNumber")}
              label="Your UK VAT number"
              hint="For an invoice, printed on it, such as GB 999 9999 73."
              autoComplete="off"
            />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-2xl font-bold text-navy-900">Booking terms</legend>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {page.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <div data-field="acceptTerms">
            <label htmlFor={fieldId(formId, "acceptTerms")} className="flex min-h-11 items-center gap-3 text-ink">
              <input
                id={fieldId(formId, "acceptTerms")}
                type="checkbox"
                name="acceptTerms"
                required
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? errorId(fieldId(formId, "acceptTerms")) : undefined}
                className="size-6 accent-navy-800"
              />
              I have read and accept these booking terms.
            </label>
            {errors.acceptTerms && (
              <p id={errorId(fieldId(formId, "acceptTerms"))} className="mt-1 text-sm font-semibold text-red-800">
                {errors.acceptTerms}
              </p>
            )}
          </div>
        </fieldset>

        <button type="submit" className="btn btn-primary min-h-11 w-full sm:w-auto">
          Book {places} place{places === 1 ? "" : "s"}
        </button>
      </form>
    </>
  );
}
