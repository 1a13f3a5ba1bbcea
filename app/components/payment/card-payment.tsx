/**
 * The card step (a chunk of its own, with @stripe/react-stripe-js): Stripe
 * Elements with the PaymentIntent's client secret and a Payment Element in
 * the tabs layout (spec section 7), and the button that confirms it.
 *
 * Outcomes of `stripe.confirmPayment` (redirect only if the payment method
 * needs it; cards do not):
 * - an error: the destructive 'Payment Failed' toast with Stripe's message,
 *   and a note under the button that stays; the visitor can try again;
 * - succeeded: the success toast, then the return page with the
 *   PaymentIntent's id (that page asks Stripe, through our server, whether
 *   it really succeeded), loaded as a document: the toast is carried to it
 *   (ADR 093, ../toast/carried-toast.ts);
 * - processing: the return page, which says so honestly;
 * - anything else (3-D Secure not completed: requires_action; or
 *   requires_payment_method): the destructive 'Payment Not Completed' toast
 *   saying no money was taken; the visitor can try again.
 *
 * The button says 'Processing...' and is disabled while Stripe works; a
 * second press (or a double click) sends nothing. If Stripe or Elements are
 * not ready yet, a press does nothing (spec section 8).
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type {
  PaymentIntentResult,
  Stripe,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from "@stripe/stripe-js";
import { Lock } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { carryToast } from "~/components/toast/carried-toast.ts";
import { useToast } from "~/components/toast/use-toast.ts";
import { CardFormLoading, CardFormUnavailable } from "./card-form-states.tsx";
import { giveFocusBack } from "./give-focus-back.ts";
import { loadStripeOnce } from "./stripe-loader.ts";

export type CardPaymentProps = {
  publishableKey: string | null;
  clientSecret: string;
  paymentIntentId: string;
  /** Prefills the Payment Element's billing details. */
  billing: { name: string; email: string };
  /** "£9,000": shown beside the button. */
  amountText: string;
  payLabel: string;
  returnPath: string;
  successToast: { title: string; description: string };
  contactHref: string;
  /** The published contact address (site facts), for when the card form cannot load. */
  contactEmail: string;
  /** The id of the heading that names this step. */
  labelledBy: string;
  /** True while a confirmation is under way (the page locks "Change details"). */
  onBusyChange?: (busy: boolean) => void;
};

/** Stripe's look, in the site's colours. */
const appearance: StripeElementsOptions["appearance"] = {
  theme: "stripe",
  variables: {
    colorPrimary: "#12305a",
    colorText: "#0f172a",
    colorDanger: "#b91c1c",
    fontFamily: '"Inter Variable", Arial, sans-serif',
    borderRadius: "6px",
  },
};

type Loaded = { stripe: Stripe } | "failed" | null;

export default function CardPayment(props: CardPaymentProps) {
  const { publishableKey, clientSecret } = props;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; value: Loaded }>({ attempt: 0, value: null });
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret, appearance }), [clientSecret]);

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripeOnce(publishableKey).then(
      (stripe) => {
        if (live) setLoaded({ attempt, value: stripe ? { stripe } : "failed" });
      },
      () => {
        if (live) setLoaded({ attempt, value: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  const current = loaded.attempt === attempt ? loaded.value : null;
  if (!publishableKey || current === "failed") {
    return (
      <CardFormUnavailable
        contactHref={props.contactHref}
        contactEmail={props.contactEmail}
        onRetry={publishableKey ? () => setAttempt((n) => n + 1) : undefined}
      />
    );
  }
  if (!current) return <CardFormLoading />;
  return (
    <Elements stripe={current.stripe} options={options}>
      <PayForm {...props} />
    </Elements>
  );
}

type Status = "idle" | "processing" | "done";

const fallbackFailure = "Your payment could not be completed. Please check your card details and try again.";

function PayForm({
  paymentIntentId,
  billing,
  amountText,
  payLabel,
  returnPath,
  successToast,
  contactHref,
  contactEmail,
  labelledBy,
  onBusyChange,
}: CardPaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const [status, setStatus] = useState<Status>("idle");
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const sending = useRef(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (status !== "idle" || !restoreFocus.current) return;
    restoreFocus.current = false;
    giveFocusBack(() => buttonRef.current);
  }, [status]);

  const elementOptions = useMemo<StripePaymentElementOptions>(
    () => ({ layout: "tabs", defaultValues: { billingDetails: { name: billing.name, email: billing.email } } }),
    [billing.name, billing.email],
  );

  function setBusy(next: Status) {
    setStatus(next);
    onBusyChange?.(next !== "idle");
  }

  function fail(title: string, message: string) {
    toast({ title, description: message, variant: "destructive" });
    setProblem({ title, message });
    sending.current = false;
    restoreFocus.current = true;
    setBusy("idle");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    setBusy("processing");

    let result: PaymentIntentResult;
    try {
      result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
        redirect: "if_required",
      });
    } catch {
      fail("Payment Failed", fallbackFailure);
      return;
    }

    if (result.error) {
      fail("Payment Failed", result.error.message || fallbackFailure);
      return;
    }
    const intent = result.paymentIntent;
    const returnTo = `${returnPath}?payment_intent=${encodeURIComponent(intent.id)}`;
    switch (intent.status) {
      case "succeeded":
        toast(successToast);
        carryToast(returnPath, successToast);
        setBusy("done");
        window.location.assign(returnTo);
        return;
      case "processing":
        setBusy("done");
        window.location.assign(returnTo);
        return;
      case "requires_action":
        fail(
          "Payment Not Completed",
          "Your bank's security check (3-D Secure) was not completed, so no money has been taken. Please try again, or use another card.",
        );
        return;
      default:
        fail(
          "Payment Not Completed",
          "Your payment was not completed and no money has been taken. Please try again, or use another card.",
        );
    }
  }

  if (loadError) return <CardFormUnavailable contactHref={contactHref} contactEmail={contactEmail} />;

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      className="space-y-5"
      noValidate
      data-payment-intent={paymentIntentId}
    >
      {!ready && (
        <p className="text-sm text-slate-700" data-testid="card-form-loading">
          Loading the secure card form…
        </p>
      )}
      <PaymentElement
        options={elementOptions}
        onReady={() => setReady(true)}
        onLoadError={() => setLoadError(true)}
        className="min-h-24"
      />
      {problem && (
        <div className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900" data-testid="payment-problem">
          <p className="font-semibold">{problem.title}</p>
          <p className="mt-1">{problem.message}</p>
          <p className="mt-2 text-sm">
            If it keeps failing,{" "}
            <a href={contactHref} className="font-semibold underline underline-offset-4">
              contact us
            </a>{" "}
            and we will help you book.
          </p>
        </div>
      )}
      <div className="space-y-3">
        <button ref={buttonRef} type="submit" className="btn-accent w-full" disabled={status !== "idle"}>
          {status === "idle" ? payLabel : "Processing..."}
        </button>
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <Icon drawing={Lock} className="mt-0.5 size-4 shrink-0" />
          <span>
            You will be charged <strong className="text-navy-900">{amountText}</strong>. Your card details go straight
            to Stripe, our payment provider; we never see or store them.
          </span>
        </p>
      </div>
    </form>
  );
}
