/**
 * The booker's acts on their booking page (routes/booking.tsx, issue 41),
 * each a thin action over the course booking service: confirm it, name a
 * place or send someone else, move to another date, cancel, pay an open
 * invoice by card. Each answers the page again (303) or why not, in the
 * booker's words.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { transferRefusalText, type TransferRefusal } from "~/orders/course-booking/transfer-rules.ts";
import { servicesContext } from "~/services.ts";

type Context = Readonly<RouterContextProvider>;

/** Why any act may be refused for its link rather than for itself: it opens no booking, or it has expired. */
type LinkReason = "not-found" | "link-expired";

function isLinkReason(reason: string): reason is LinkReason {
  return reason === "not-found" || reason === "link-expired";
}

/** The answer to an act refused for its link: a link that opens no booking is a 404; an expired one says so (410). */
function linkRefusal(reason: LinkReason) {
  if (reason === "not-found") throw data("Not found", { status: 404 });
  return data({ problem: "This booking link has expired." }, 410);
}

/** The booker confirms an unconfirmed booking, which issues its invoice: the page again (303), or why not. */
export async function confirmAction(token: string, context: Context) {
  const result = await context.get(servicesContext).courseBookings.confirmByLink(token);
  if (result.ok || result.reason === "already-confirmed") return redirect(`/booking/${token}`, 303);
  if (isLinkReason(result.reason)) return linkRefusal(result.reason);
  return data(
    {
      problem:
        result.reason === "lapsed"
          ? "This booking was not confirmed in time: its places were released and nothing is owed. Please book again."
          : result.reason === "invoices-unavailable"
            ? "We cannot issue your invoice just now, so the booking is not confirmed yet. Your places stay held until the time shown on this page: please try again later, or contact us."
            : "This booking can no longer be confirmed.",
    },
    409,
  );
}

/** What the booker is told when a place cannot be changed, in their words. */
const placeRefusals = {
  "not-live": "This booking is no longer live, so its places cannot be changed.",
  started: "The course has started: its places can no longer be named or passed on.",
  "no-such-place": "Choose one of the booking's places.",
  taken: "This person already has another place on the booking: each place is one person.",
  unchanged: "That is already who holds this place.",
  "too-many":
    "You have changed this booking's places many times today: please reply to your confirmation e-mail and we will make further changes for you.",
} as const;

/** A place named, or given to someone else, by the booker: the page again (303), or what to put right. */
export async function namePlaceAction(token: string, form: FormData, context: Context) {
  const values = Object.fromEntries(
    ["position", "name", "email", "jobTitle"].map((field) => [field, String(form.get(field) ?? "").slice(0, 500)]),
  );
  const result = await context.get(servicesContext).courseBookings.namePlaceByLink(token, values);
  if (result.ok) return redirect(`/booking/${token}?changed=${result.position}#places`, 303);
  if (isLinkReason(result.reason)) return linkRefusal(result.reason);
  const place = { position: values.position!, values };
  if (result.reason === "invalid") {
    return data({ place: { ...place, fieldErrors: result.fieldErrors, problem: "Check the details below." } }, 400);
  }
  return data({ place: { ...place, fieldErrors: {}, problem: placeRefusals[result.reason] } }, 409);
}

/** The booker cancels, having been shown the credit: the page again (303), or why not. */
export async function cancelAction(token: string, form: FormData, context: Context) {
  const expected = Number(form.get("expectedCreditPence"));
  if (!Number.isSafeInteger(expected) || expected < 0) throw data("Bad request", { status: 400 });
  const result = await context.get(servicesContext).courseBookings.cancelByLink(token, expected);
  if (result.ok) return redirect(`/booking/${token}`, 303);
  if (isLinkReason(result.reason)) return linkRefusal(result.reason);
  return data(
    {
      problem:
        result.reason === "amount-changed"
          ? "Nothing was cancelled: what the terms give has changed since the page was opened. Please read the new amount below, and confirm again."
          : "This booking can no longer be cancelled from this page. Please reply to your confirmation e-mail and we will help.",
    },
    409,
  );
}

/** The booker chooses to pay their invoice by card: to the pay page (303), or why not. */
export async function payInvoiceAction(token: string, context: Context) {
  const result = await context.get(servicesContext).courseBookings.payInvoiceByCard(token);
  if (result.ok) return redirect(`/booking/${token}/pay`, 303);
  if (isLinkReason(result.reason)) return linkRefusal(result.reason);
  if (result.reason === "unavailable") return data({ problem: result.message }, 503);
  return data({ problem: "This booking has no invoice to pay by card now." }, 409);
}

/** What the booker is told when the booking cannot move, beyond the terms' own reasons. */
const transferProblems = {
  full: "That date has just lost the places your booking needs: nothing was changed. Please choose another date.",
  "amount-changed":
    "Nothing was changed: what the move costs or credits has changed since the page was opened. Please read the new amount below, and confirm again.",
} as const;

/** The booker moves the booking to another date, having been shown what it costs or credits: the page again (303), or why not. */
export async function transferAction(token: string, form: FormData, context: Context) {
  const session = String(form.get("session") ?? "").slice(0, 200);
  // What the page said the date costs more (above 0) or credits (below 0), in pence.
  const expected = Number(form.get(`difference-${session}`));
  if (session === "") return data({ problem: "Choose the date to move to." }, 400);
  if (!Number.isSafeInteger(expected)) throw data("Bad request", { status: 400 });
  const bookings = context.get(servicesContext).courseBookings;
  const result = await bookings.transferByLink(token, session, expected);
  if (result.ok) return redirect(`/booking/${token}?moved=1`, 303);
  if (isLinkReason(result.reason)) return linkRefusal(result.reason);
  if (result.reason === "full" || result.reason === "amount-changed") {
    return data({ problem: transferProblems[result.reason] }, 409);
  }
  const booking = await bookings.byLink(token);
  // What is left: the terms' own reasons (transfer-rules.ts).
  const refusal = result as Extract<typeof result, { reason: TransferRefusal }>;
  return data({ problem: transferRefusalText(refusal, booking?.booking ?? { terms_rules: null }) }, 409);
}
