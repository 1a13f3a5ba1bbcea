/**
 * Booking places on a dated session of a course (issue 29):
 * /courses/{courseId}/book/{sessionId}. A plain HTML form, posted without
 * JavaScript: the number of places (a GET form that redraws the delegates'
 * fields), each delegate (or "name to follow" while names are not yet due),
 * the booker and the billing address, card or invoice (with a purchase
 * order and a VAT number), the terms shown in full and accepted, and the
 * price for that many places worked out on the server (never sent by the
 * form). A date that is full, has started or was cancelled says so and
 * offers the course's other dates. A card booking goes to its own page
 * (/booking/{token}) to pay; an invoice booking is answered here with
 * "check your inbox": the link to confirm it goes to the booker's address
 * only (issue 37, ADR 060).
 */
import { data } from "react-router";
import { courseBookingPage, type BookingPageData } from "~/orders/course-booking/booking-page.server.ts";
import { placesAsked } from "~/orders/course-booking/booking-request.ts";
import { formatDateTime } from "~/format/dates.ts";
import { coursePath } from "~/content/paths.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import { seo } from "~/seo/meta.ts";
import { servicesContext } from "~/services.ts";
import { bookingFormAction, type BookingFormAnswer } from "~/orders/course-booking/booking-form.server.ts";
import { WaitingListForm } from "~/components/booking/waiting-list-form.tsx";
import { BookingForm, BookingPageFrame, BookingProblem, OtherDates } from "~/components/booking/booking-form.tsx";
import type { Route } from "./+types/course-booking";

/** No React Router: its forms are plain posts that need no script (ADR 090); only the footer's sign-up and the exit popup wake, as islands. */
export const handle = islandsOnly;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const places = placesAsked(new URL(request.url).searchParams.get("places"));
  const page = await courseBookingPage(context.get(servicesContext).courseBookings, params, places);
  if (!page) throw data("Not found", { status: 404 });
  return page;
}

export const action = (args: Route.ActionArgs) => bookingFormAction(args);

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Not found" }];
  return seo({
    title: `Book a place: ${loaderData.course.title}, ${loaderData.session.label}`,
    description: `Book places on ${loaderData.course.title}, ${loaderData.session.label}, ${loaderData.session.where}. Pay by card or by invoice.`,
    path: `${coursePath(params.courseId)}/book/${params.sessionId}`,
    noindex: true,
  });
}

export default function CourseBooking({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const result = actionData as BookingFormAnswer | undefined;
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const places = values.places ? placesAsked(values.places) : page.places;
  return (
    <BookingPageFrame eyebrow="Book a place" page={page}>
      {result?.confirmSent ? (
        <ConfirmSent {...result.confirmSent} />
      ) : page.status === "open" ? (
        <BookingForm page={page} places={places} values={values} errors={errors} problem={result?.problem} />
      ) : (
        <>
          {result?.problem && <BookingProblem problem={result.problem} />}
          <Closed page={page} />
          {page.status === "full" && <WaitingListForm answer={result?.waiting} />}
        </>
      )}
    </BookingPageFrame>
  );
}

function ConfirmSent({ email, confirmBy }: { email: string; confirmBy: string }) {
  return (
    <section aria-labelledby="confirm-title" role="status">
      <h2 id="confirm-title" className="text-2xl font-bold text-navy-900">
        Check your inbox to confirm the booking
      </h2>
      <p className="mt-3 text-slate-800">
        We have e-mailed {email} a link to confirm it. Please confirm by {formatDateTime(confirmBy)}: until then the
        places are held for you, and then they go back on sale.
      </p>
      <p className="mt-3 text-slate-800">
        Once you confirm, we issue the invoice and send each named delegate their joining details. No e-mail? Check your
        spam folder, or contact us to book.
      </p>
    </section>
  );
}

function Closed({ page }: { page: BookingPageData }) {
  const text = {
    full: "This date is full: no places are left.",
    started: "Booking for this date has closed: the course has started.",
    cancelled: "This date has been cancelled.",
    paused: "Booking online is not available right now.",
    open: "",
  }[page.status];
  return (
    <section aria-labelledby="closed-title">
      <h2 id="closed-title" className="text-2xl font-bold text-navy-900">
        {text}
      </h2>
      {page.status === "paused" ? (
        <p className="mt-4 text-slate-700">
          We cannot issue invoices just yet, so places cannot be booked here for now.{" "}
          <a className="font-semibold text-navy-800 underline" href={`/contact?course=${page.course.id}`}>
            Contact us to book a place
          </a>
          .
        </p>
      ) : (
        <OtherDates page={page} />
      )}
    </section>
  );
}
