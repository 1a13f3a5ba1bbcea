/**
 * The return pages (/consultation-success, /test-payment-success): what the
 * server found when it asked Stripe about the PaymentIntent named in the
 * address. Success is shown only when Stripe says the payment succeeded;
 * anything else gets an honest message and a way back (spec section 2,
 * Consultation success screen; issue 5: no false success).
 */
import { CircleAlert, CircleCheck, Clock, SearchX } from "lucide";
import { Icon } from "~/components/icon.tsx";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { consultation, promises } from "~/content/business.ts";
import { useSiteFacts } from "~/components/site-facts.ts";
import { formatPence, participantsText } from "./format.ts";

export type PaymentOutcomeState = "succeeded" | "processing" | "failed" | "missing";

export type PaymentOutcomeData = {
  state: PaymentOutcomeState;
  amountPence?: number;
  quantity?: number;
  /** Partly hidden by the loader ("o•••@example.com"). */
  email?: string;
};

export type PaymentKind = "consultation" | "test";

const link = "font-semibold text-navy-800 underline underline-offset-4";

/** The payment page of each kind. Its CSP admits Stripe: reach it with a full page load. */
const paymentPage: Record<PaymentKind, { href: string; label: string; returnPath: string }> = {
  consultation: {
    href: "/consultation-payment",
    label: "Book your consultation again",
    returnPath: "/consultation-success",
  },
  test: { href: "/test-payment", label: "Make another test payment", returnPath: "/test-payment-success" },
};

export function outcomeTitle(kind: PaymentKind, state: PaymentOutcomeState): string {
  switch (state) {
    case "succeeded":
      return kind === "test" ? "Test Payment Successful" : "Payment Successful!";
    case "processing":
      return "Your payment is being processed";
    case "failed":
      return "Payment not completed";
    default:
      return "We could not find a payment";
  }
}

/** The return page's content; "Check again" loads the same address (with its payment_intent) again. */
export function PaymentOutcome({ kind, outcome }: { kind: PaymentKind; outcome: PaymentOutcomeData }) {
  const checkAgainHref = `${paymentPage[kind].returnPath}${useLocation().search}`;
  const title = outcomeTitle(kind, outcome.state);
  const eyebrow = kind === "test" ? "Test payment" : "Strategy consultation";
  const drawing = { succeeded: CircleCheck, processing: Clock, failed: CircleAlert, missing: SearchX }[outcome.state];
  const iconColour =
    outcome.state === "succeeded"
      ? "text-emerald-700"
      : outcome.state === "processing"
        ? "text-navy-700"
        : "text-red-700";
  return (
    <section
      className="container-page py-16 lg:py-24"
      aria-labelledby="payment-outcome-title"
      data-outcome={outcome.state}
    >
      <p className="eyebrow">{eyebrow}</p>
      <h1
        id="payment-outcome-title"
        className="mt-3 flex items-center gap-3 text-4xl font-bold tracking-tight text-navy-900"
      >
        <Icon drawing={drawing} className={`size-10 shrink-0 ${iconColour}`} />
        {title}
      </h1>
      <div className="mt-6 max-w-prose space-y-5 text-lg text-slate-700">
        {outcome.state === "succeeded" ? (
          kind === "test" ? (
            <TestSucceeded outcome={outcome} />
          ) : (
            <ConsultationSucceeded outcome={outcome} />
          )
        ) : outcome.state === "processing" ? (
          <Processing kind={kind} checkAgainHref={checkAgainHref} />
        ) : outcome.state === "failed" ? (
          <Failed kind={kind} />
        ) : (
          <Missing kind={kind} />
        )}
      </div>
    </section>
  );
}

function amountLine(outcome: PaymentOutcomeData): string | null {
  return typeof outcome.amountPence === "number" && outcome.amountPence > 0 ? formatPence(outcome.amountPence) : null;
}

function ConsultationSucceeded({ outcome }: { outcome: PaymentOutcomeData }) {
  const amount = amountLine(outcome);
  const who =
    typeof outcome.quantity === "number" && outcome.quantity > 0 ? ` for ${participantsText(outcome.quantity)}` : "";
  const address = outcome.email ?? "the e-mail address you gave";
  return (
    <>
      <p>
        Thank you. {amount ? `We have received your payment of ${amount}` : "We have received your payment"} for a{" "}
        {consultation.minutes}-minute premium strategy consultation{who}.
      </p>
      <h2 className="pt-2 text-2xl font-semibold text-navy-900">What happens next</h2>
      <ol className="space-y-4">
        <Step n={1} title={`A confirmation e-mail within ${promises.confirmationEmailMinutes} minutes`}>
          Your booking confirmation and receipt go to {address}. If it has not arrived, please check your spam folder.
        </Step>
        <Step n={2} title={`Our team contacts you within ${promises.teamContactHours} hours`}>
          We agree a date and time for your session with you.
        </Step>
        <Step n={3} title="A pre-consultation questionnaire">
          Before the session we send you a short questionnaire about your organisation and its challenges, so your
          consultant arrives prepared.
        </Step>
      </ol>
      <Support />
      <nav aria-label="Where next" className="flex flex-wrap gap-3 pt-2">
        <Link to="/" className="btn-primary">
          Return to the homepage
        </Link>
        <Link to="/training" className="btn-outline">
          Explore our training
        </Link>
      </nav>
    </>
  );
}

function TestSucceeded({ outcome }: { outcome: PaymentOutcomeData }) {
  const amount = amountLine(outcome) ?? "test";
  return (
    <>
      <p>Stripe confirmed the {amount} test payment: payment processing works correctly.</p>
      <p>This was a test-mode payment: no real money was taken.</p>
      <nav aria-label="Where next" className="flex flex-wrap gap-3 pt-2">
        <a href={paymentPage.test.href} className="btn-primary">
          {paymentPage.test.label}
        </a>
        <Link to="/" className="btn-outline">
          Return to the homepage
        </Link>
      </nav>
    </>
  );
}

function Processing({ kind, checkAgainHref }: { kind: PaymentKind; checkAgainHref: string }) {
  return (
    <>
      <p>
        Your bank has not confirmed the payment yet. This usually takes a few minutes. As soon as it is confirmed, we
        e-mail you a confirmation{kind === "consultation" ? " and our team contacts you to schedule your session" : ""}.
        Please do not pay again.
      </p>
      <Support />
      <WhereNext href={checkAgainHref} label="Check again" links={[home]} />
    </>
  );
}

function Failed({ kind }: { kind: PaymentKind }) {
  return (
    <>
      <p>
        Your payment did not go through, and no money has been taken. You can try again with the same or another card.
      </p>
      <Support />
      <WhereNext href={paymentPage[kind].href} label="Try again" links={[contact]} />
    </>
  );
}

function Missing({ kind }: { kind: PaymentKind }) {
  const { email } = useSiteFacts().contact;
  return (
    <>
      <p>
        This page confirms a payment, but the link you followed does not name one we can find, so no payment is
        confirmed here.
      </p>
      <p>
        If you have just paid, your confirmation e-mail is on its way; if it has not arrived within{" "}
        {promises.confirmationEmailMinutes} minutes, e-mail us at{" "}
        <a className={link} href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
      <WhereNext
        href={paymentPage[kind].href}
        label={kind === "test" ? "Go to the test payment" : "Book a consultation"}
        links={[contact, home]}
      />
    </>
  );
}

const home = { to: "/", label: "Return to the homepage" };
const contact = { to: "/contact", label: "Contact us" };

/**
 * Where to go next: the payment's own page first (a plain link: a fresh
 * load asks Stripe again), then the site's pages.
 */
function WhereNext({ href, label, links }: { href: string; label: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label="Where next" className="flex flex-wrap gap-3 pt-2">
      <a href={href} className="btn-primary">
        {label}
      </a>
      {links.map((l) => (
        <Link key={l.to} to={l.to} className="btn-outline">
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

function Support() {
  const { email } = useSiteFacts().contact;
  return (
    <p>
      Questions about your booking? E-mail us at{" "}
      <a className={link} href={`mailto:${email}`}>
        {email}
      </a>{" "}
      and quote the e-mail address you paid with.
    </p>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gold-400 font-bold text-navy-950"
      >
        {n}
      </span>
      <div>
        <h3 className="font-semibold text-navy-900">{title}</h3>
        <p className="mt-1 text-base">{children}</p>
      </div>
    </li>
  );
}
