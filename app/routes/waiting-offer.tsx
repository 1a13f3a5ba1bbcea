/**
 * A waiting list's offer (/waiting/offer/{token}; ADR 083), opened by the
 * private link e-mailed when places were held for a request: the date, the
 * places held and until when (London time), and the date's normal booking
 * form, prefilled, whose booking uses the held places (placeBooking's
 * `offer`). A used link is a 410 page, one that lapsed a 410 page, an
 * unknown one a 404 page; never an error. Never cached, never indexed.
 */
import { data, redirect } from "react-router";
import { BookingForm, BookingPageFrame } from "~/components/booking/booking-form.tsx";
import { NarrowPage } from "~/components/sections.tsx";
import { formatDateTime } from "~/format/dates.ts";
import { courseBookingPage } from "~/orders/course-booking/booking-page.server.ts";
import { bookingFormAction, type BookingFormAnswer } from "~/orders/course-booking/booking-form.server.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/waiting-offer";

/** No React Router: its forms are plain posts that need no script (ADR 090); only the footer's sign-up and the exit popup wake, as islands. */
export const handle = islandsOnly;

const goneText = {
  used: "These places have already been booked from this link.",
  lapsed: "The time to book these places has passed: they have gone to the next person on the waiting list.",
  unknown: "This link does not open an offer of places.",
} as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext).courseBookings;
  const offer = await services.waiting.offerPage(params.token);
  // Just booked from this link (the action's redirect): what the booking page says after an invoice booking.
  const booked =
    !offer.ok && offer.reason === "used" && new URL(request.url).searchParams.has("booked")
      ? await services.waiting.bookedFrom(params.token)
      : null;
  if (booked) return { gone: null, offer: null, page: null, booked };
  if (!offer.ok)
    return data(
      { gone: offer.reason, offer: null, page: null, booked: null },
      { status: offer.reason === "unknown" ? 404 : 410 },
    );
  // The held places are the offer's: the date is full to everyone else, open to this link, and priced for them.
  const page = await courseBookingPage(services, offer.session, offer.places, new Date(), offer.places);
  if (!page) return data({ gone: "lapsed" as const, offer: null, page: null, booked: null }, { status: 410 });
  return { gone: null, offer, page, booked: null };
}

export async function action(args: Route.ActionArgs) {
  const { params, context } = args;
  const offer = await context.get(servicesContext).courseBookings.waiting.offerPage(params.token);
  if (!offer.ok) return data<BookingFormAnswer>({ problem: goneText[offer.reason] }, 410);
  const answer = await bookingFormAction(
    { params: {}, request: args.request, context },
    { token: params.token, params: { courseId: offer.session.courseId, sessionId: offer.session.sessionId } },
  );
  // An invoice booking made: the link is used now, so the page after it is the link's "booked" page.
  if (!(answer instanceof Response) && answer.data.confirmSent) {
    return redirect(`/waiting/offer/${params.token}?booked`, 303);
  }
  return answer;
}

export function headers() {
  return privateLinkHeaders();
}

export function meta() {
  return privateLinkMeta({
    title: "Places held for you",
    description: "Book the places held for you.",
    path: "/waiting",
  });
}

export default function WaitingOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, page, gone, booked } = loaderData;
  const result = actionData as BookingFormAnswer | undefined;
  if (booked) {
    return (
      <NarrowPage eyebrow="Waiting list" title="Check your inbox to confirm the booking" status>
        <p className="text-lg text-slate-800">
          We have e-mailed {booked.email} a link to confirm it
          {booked.confirmBy ? <> by {formatDateTime(booked.confirmBy)}</> : null}: until then the places stay held for
          you. Once you confirm, we issue the invoice.
        </p>
      </NarrowPage>
    );
  }
  if (gone || !offer || !page) {
    return (
      <NarrowPage eyebrow="Waiting list" title="This offer is no longer open">
        <p className="text-lg text-slate-800">{goneText[gone ?? "unknown"]}</p>
        <p className="mt-3 text-slate-800">
          <a className="font-semibold text-navy-800 underline" href="/contact">
            Contact us
          </a>{" "}
          if you would still like a place.
        </p>
      </NarrowPage>
    );
  }
  const values = {
    bookerName: offer.name,
    bookerEmail: offer.email,
    organisation: offer.organisation,
    ...result?.values,
  };
  return (
    <BookingPageFrame eyebrow="Places held for you" page={page}>
      {result?.confirmSent ? (
        <section aria-labelledby="confirm-title" role="status">
          <h2 id="confirm-title" className="text-2xl font-bold text-navy-900">
            Check your inbox to confirm the booking
          </h2>
          <p className="mt-3 text-slate-800">
            We have e-mailed {result.confirmSent.email} a link to confirm it. Please confirm by{" "}
            {formatDateTime(result.confirmSent.confirmBy)}.
          </p>
        </section>
      ) : (
        <>
          <p className="mb-8 rounded-md border border-navy-800 bg-slate-50 p-4 text-lg text-slate-900" role="note">
            {offer.places} place{offer.places === 1 ? " is" : "s are"} held for you on this date until{" "}
            <strong>{formatDateTime(offer.until)}</strong> (London time). Book {offer.places === 1 ? "it" : "them"}{" "}
            below; after that time they go to the next person on the waiting list.
          </p>
          <BookingForm
            page={page}
            places={offer.places}
            values={values}
            errors={result?.fieldErrors ?? {}}
            problem={result?.problem}
            fixedPlaces
          />
        </>
      )}
    </BookingPageFrame>
  );
}
