/**
 * The course booking form's action (/courses/{courseId}/book/{sessionId}):
 * the post goes through the guard every public form uses (ADR 059: the
 * form read, the honeypot and fill time, refused posts kept in the spam
 * folder, the booking family's per-address limit), then to the booking
 * service, whose outcome becomes the page's answer: a card booking goes to
 * its own page to pay (303), an invoice booking is answered with "check your
 * inbox", a refusal with what was typed (never the guard's fields).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { protectionFields } from "~/forms/protection.ts";
import { sourcePageOf } from "~/http/http.server.ts";
import { servicesContext } from "~/services.ts";
import { guardForm } from "~/spam/form-guard.server.ts";
import { waitingIntent } from "./waiting-form.ts";

export type BookingFormAnswer = {
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  /** Refused as a whole: the date is full, has started, was cancelled; card payment is unavailable. */
  problem?: string;
  /** An invoice booking placed, waiting for its booker's confirmation from their inbox. */
  confirmSent?: { email: string; confirmBy: string };
  /** The answer to the waiting list's form of a full date (ADR 083). */
  waiting?: WaitingAnswer;
};

export type WaitingAnswer = {
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  problem?: string;
  /** The confirmation link was e-mailed to this address. */
  sent?: string;
};

type Args = {
  params: { courseId?: string; sessionId?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
};

/**
 * `offer`: the post comes from a waiting list's offer page (ADR 083): the
 * booking is of the offer's date and uses the places held for it.
 */
export async function bookingFormAction(
  { params, request, context }: Args,
  offer?: { token: string; params: { courseId: string; sessionId: string } },
) {
  const guarded = await guardForm(context, request, {
    family: "booking",
    kind: "course-booking",
    sourcePage: sourcePageOf(request),
  });
  if (guarded.refusal) {
    const { refusal, fields } = guarded;
    // A honeypot answer re-fills nothing: the form is not shown to a bot again.
    const values = refusal.reason === "honeypot" || !fields ? undefined : keptValues(fields);
    if (fields?.intent === waitingIntent) {
      return data<BookingFormAnswer>({ waiting: { problem: refusal.message, values } }, refusal.status);
    }
    return data<BookingFormAnswer>({ problem: refusal.message, values }, refusal.status);
  }
  const values = guarded.fields;
  if (!offer && values.intent === waitingIntent) return waitingListAction(context, params, values);
  const outcome = offer
    ? await context.get(servicesContext).courseBookings.book(offer.params, values, { offerToken: offer.token })
    : await context.get(servicesContext).courseBookings.book(params, values);
  const echo = keptValues(values);
  switch (outcome.kind) {
    case "not-found":
      throw data("Not found", { status: 404 });
    case "invalid":
      return data<BookingFormAnswer>({ fieldErrors: outcome.fieldErrors, values: echo }, 400);
    case "refused":
      return data<BookingFormAnswer>({ problem: outcome.message, values: echo }, 409);
    case "card-unavailable":
      return data<BookingFormAnswer>({ problem: outcome.message, values: echo }, 503);
    case "booked":
      return redirect(outcome.next, 303);
    case "confirm-sent":
      return data<BookingFormAnswer>({ confirmSent: { email: outcome.email, confirmBy: outcome.confirmBy } });
  }
}

/** The waiting list's form: stored unconfirmed and its link e-mailed to the address given, or each field's message (400). */
async function waitingListAction(context: Args["context"], params: Args["params"], values: Record<string, string>) {
  const outcome = await context.get(servicesContext).courseBookings.waiting.join(params, values);
  switch (outcome.kind) {
    case "not-found":
      throw data("Not found", { status: 404 });
    case "not-full":
      return data<BookingFormAnswer>(
        { waiting: { problem: "This date has places left: please book them below.", values: keptValues(values) } },
        409,
      );
    case "invalid":
      return data<BookingFormAnswer>(
        { waiting: { fieldErrors: outcome.fieldErrors, values: keptValues(values) } },
        400,
      );
    case "sent":
      return data<BookingFormAnswer>({ waiting: { sent: outcome.email } });
  }
}

/** What the form shows again after a refusal: everything typed (nothing secret is asked for), not the guard's fields. */
export function keptValues(values: Record<string, string>): Record<string, string> {
  const { [protectionFields.honeypot]: _honeypot, [protectionFields.startedAt]: _startedAt, ...rest } = values;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k.slice(0, 60), v.slice(0, 500)]));
}
