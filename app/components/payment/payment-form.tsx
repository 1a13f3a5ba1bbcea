/**
 * The card payment flow shared by /consultation-payment and /test-payment
 * (spec sections 2, 4, 5 and 8):
 *
 * 1. Details: participants (consultation only), contact name and e-mail,
 *    the live total; the form kit's fields and validation (the shared
 *    paymentDetails schema). 'Proceed to Payment' is disabled while the
 *    name or e-mail is empty; if it is reached anyway, the 'Missing
 *    Information' toast. While the server prepares the payment: 'Preparing Payment...'.
 * 2. Setup failure: the 'Error' toast with the server's message (or 'Failed
 *    to initialize payment'), and a note that stays, pointing to the contact
 *    page (503: card payment is not set up here).
 * 3. Card: a summary of what is being paid for and the Stripe Payment
 *    Element (./card-payment.tsx, a separate chunk fetched with Stripe.js
 *    while the server prepares the payment).
 *
 * The inputs are uncontrolled, so anything typed before the page hydrated
 * is kept (and read when it does). The form is an island (ADR 093:
 * ./payment-steps.tsx), so its links are plain links.
 */
import { Lock } from "lucide";
import { Icon } from "~/components/icon.tsx";
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from "react";
import {
  RequiredMark,
  RequiredNote,
  controlClass,
  fieldId,
  readForm,
  useFormValidation,
} from "~/components/forms/field.tsx";
import { PersonField } from "~/components/forms/person-field.tsx";
import { useToast } from "~/components/toast/use-toast.ts";
import { paymentMessages } from "~/orders/payment-messages.ts";
import { CardFormLoading, CardFormUnavailable } from "./card-form-states.tsx";
import type { CardPaymentProps } from "./card-payment.tsx";
import { createPayment, type CreatePaymentBody, type CreatePaymentResult } from "./create-payment.ts";
import { formatAmountGbp, participantsText } from "./format.ts";
import { giveFocusBack } from "./give-focus-back.ts";
import { loadStripeOnce } from "./stripe-loader.ts";

export type PaymentFormConfig = {
  /** Prefix of the fields' ids. */
  id: string;
  /** Price per participant (consultation) or the fixed amount (test), in pounds. */
  unitGbp: number;
  /** The participant selector's range; null: a fixed amount, no selector. */
  participants: { min: number; max: number } | null;
  /** Sent with the request as { test: true } (the test payment page). */
  test?: boolean;
  /** The card form's button. */
  payLabel: string;
  /** Where Stripe returns the visitor (and where the page goes on success). */
  returnPath: string;
  /** The toast shown when the payment succeeds. */
  successToast: { title: string; description: string };
  /** Where a visitor goes when card payment is unavailable. */
  contactHref: string;
};

type Details = { quantity: number; name: string; email: string };

type Phase =
  | { step: "details" }
  | { step: "preparing" }
  | { step: "card"; clientSecret: string; paymentIntentId: string; details: Details };

type SetupProblem = Extract<CreatePaymentResult, { ok: false }>;

const fetchCardPayment = () => import("./card-payment.tsx");

const CardPayment = lazy<ComponentType<CardPaymentProps>>(() =>
  fetchCardPayment().catch(() => ({
    // The chunk could not be fetched (offline, or a new version deployed).
    default: CardFormUnavailable,
  })),
);

function clampQuantity(value: number, range: PaymentFormConfig["participants"]): number {
  if (!range) return 1;
  if (!Number.isInteger(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}

/** The details as the payment takes them, read with the kit's reader. */
function readDetails(form: HTMLFormElement, range: PaymentFormConfig["participants"]): Details {
  const values = readForm(form);
  const text = (name: string) => values[name]?.trim() ?? "";
  return {
    quantity: clampQuantity(Number(text("quantity") || "1"), range),
    name: text("customerName"),
    email: text("customerEmail"),
  };
}

export type PaymentFormProps = {
  config: PaymentFormConfig;
  publishableKey: string | null;
  /** The published contact address (site facts), for when the card form cannot load. */
  contactEmail: string;
};

export function PaymentForm({ config, publishableKey, contactEmail }: PaymentFormProps) {
  const { toast } = useToast();
  const [details, setDetails] = useState<Details>({ quantity: config.participants?.min ?? 1, name: "", email: "" });
  const [phase, setPhase] = useState<Phase>({ step: "details" });
  const [problem, setProblem] = useState<SetupProblem | null>(null);
  const [cardBusy, setCardBusy] = useState(false);
  // The kit's validation with the shared schema: messages under the fields,
  // focus on the first one, the submit blocked while anything is wrong.
  const { errors, formRef, formProps } = useFormValidation("paymentDetails", undefined, {
    onInvalid: (values) => {
      if (values.customerName?.trim() && values.customerEmail?.trim()) return;
      toast({
        title: "Missing Information",
        description: paymentMessages.missing,
        variant: "destructive",
      });
    },
  });
  const cardHeadingRef = useRef<HTMLHeadingElement | null>(null);
  const detailsHeadingRef = useRef<HTMLHeadingElement | null>(null);
  const proceedRef = useRef<HTMLButtonElement | null>(null);
  const inFlight = useRef(false);
  const focusAfterRender = useRef<"card" | "details" | "proceed" | null>(null);
  const range = config.participants;
  const id = config.id;

  // What was typed before the page hydrated is in the fields, not yet in state.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = readDetails(form, range);
    setDetails((current) =>
      current.name === typed.name && current.email === typed.email && current.quantity === typed.quantity
        ? current
        : typed,
    );
  }, [range, formRef]);

  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    if (target === "proceed") {
      giveFocusBack(() => proceedRef.current);
      return;
    }
    (target === "card" ? cardHeadingRef.current : detailsHeadingRef.current)?.focus();
  }, [phase]);

  const ready = details.name !== "" && details.email !== "";
  const values = { customerName: details.name, customerEmail: details.email };
  const preparing = phase.step === "preparing";
  const total = details.quantity * config.unitGbp;

  function onInput(event: FormEvent<HTMLFormElement>) {
    formProps.onInput(event);
    setDetails(readDetails(event.currentTarget, range));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitted = readDetails(form, range);
    setDetails(submitted);
    formProps.onSubmit(event);
    // Blocked: something is missing or wrong (said under the field), or the
    // schemas are still on their way (the kit submits again once they are here).
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (inFlight.current) return;

    inFlight.current = true;
    setPhase({ step: "preparing" });
    // Fetch Stripe.js and the card form's code while the server prepares the payment.
    if (publishableKey) {
      loadStripeOnce(publishableKey).catch(() => {});
      fetchCardPayment().catch(() => {});
    }
    const body: CreatePaymentBody = {
      amount: submitted.quantity * config.unitGbp,
      customerName: submitted.name,
      customerEmail: submitted.email,
      ...(range ? { quantity: submitted.quantity } : {}),
      ...(config.test ? { test: true as const } : {}),
    };
    const result = await createPayment(body);
    inFlight.current = false;
    if (!result.ok) {
      toast({ title: "Error", description: result.message, variant: "destructive" });
      setProblem(result);
      focusAfterRender.current = "proceed";
      setPhase({ step: "details" });
      return;
    }
    setProblem(null);
    focusAfterRender.current = "card";
    setPhase({
      step: "card",
      clientSecret: result.clientSecret,
      paymentIntentId: result.paymentIntentId,
      details: submitted,
    });
  }

  function changeDetails() {
    focusAfterRender.current = "details";
    setCardBusy(false);
    setPhase({ step: "details" });
  }

  if (phase.step === "card") {
    const paid = phase.details;
    const paidTotal = paid.quantity * config.unitGbp;
    return (
      <div className="space-y-6">
        <div>
          <StepHeading headingRef={cardHeadingRef} id={`${id}-card-title`}>
            Pay by card
          </StepHeading>
          <p className="mt-1 text-slate-700">Check your booking, then enter your card details.</p>
        </div>
        <dl
          className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm"
          data-testid="payment-summary"
        >
          {range && <SummaryRow term="Participants" value={participantsText(paid.quantity)} />}
          <SummaryRow term="Contact name" value={paid.name} />
          <SummaryRow term="Contact email" value={paid.email} />
          <SummaryRow term="Total" value={formatAmountGbp(paidTotal)} strong />
        </dl>
        <button type="button" className="btn-outline" onClick={changeDetails} disabled={cardBusy}>
          Change details
        </button>
        <Suspense fallback={<CardFormLoading />}>
          <CardPayment
            key={phase.clientSecret}
            publishableKey={publishableKey}
            clientSecret={phase.clientSecret}
            paymentIntentId={phase.paymentIntentId}
            billing={{ name: paid.name, email: paid.email }}
            amountText={formatAmountGbp(paidTotal)}
            payLabel={config.payLabel}
            returnPath={config.returnPath}
            successToast={config.successToast}
            contactHref={config.contactHref}
            contactEmail={contactEmail}
            labelledBy={`${id}-card-title`}
            onBusyChange={setCardBusy}
          />
        </Suspense>
      </div>
    );
  }

  const hintId = `${id}-proceed-hint`;
  return (
    <form
      aria-labelledby={`${id}-details-title`}
      {...formProps}
      onInput={onInput}
      onSubmit={onSubmit}
      className="space-y-6"
    >
      <div>
        <StepHeading headingRef={detailsHeadingRef} id={`${id}-details-title`}>
          Your details
        </StepHeading>
        <RequiredNote className="mt-1" />
      </div>

      {range && (
        <ParticipantsField formId={id} range={range} defaultValue={details.quantity} unitGbp={config.unitGbp} />
      )}
      <PersonField
        formId={id}
        field="name"
        name="customerName"
        label="Contact Name"
        required
        values={values}
        errors={errors}
      />
      <PersonField
        formId={id}
        field="email"
        name="customerEmail"
        label="Contact Email"
        required
        values={values}
        errors={errors}
        hint="We send your receipt and booking confirmation here."
      />

      <div className="rounded-md bg-navy-50 p-4">
        <p className="flex items-baseline justify-between gap-4 text-navy-900">
          <span className="font-semibold">Total</span>
          <output
            htmlFor={range ? fieldId(id, "quantity") : undefined}
            aria-live="polite"
            data-testid="payment-total"
            className="text-2xl font-bold"
          >
            {formatAmountGbp(total)}
          </output>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {range
            ? `${formatAmountGbp(config.unitGbp)} per participant × ${participantsText(details.quantity)}.`
            : "A single payment."}{" "}
          Prices in pounds sterling (GBP).
        </p>
      </div>

      {problem && <SetupProblemNote problem={problem} contactHref={config.contactHref} />}

      <div className="space-y-3">
        <button
          ref={proceedRef}
          type="submit"
          className="btn-accent w-full sm:w-auto"
          disabled={!ready || preparing}
          aria-describedby={ready ? undefined : hintId}
        >
          {preparing ? "Preparing Payment..." : "Proceed to Payment"}
        </button>
        {!ready && (
          <p id={hintId} className="text-sm text-slate-700">
            Enter your name and email address to continue.
          </p>
        )}
        <noscript>
          <p className="text-sm font-semibold text-navy-900">
            Card payment needs JavaScript. Please turn it on, or{" "}
            <a href={config.contactHref} className="underline underline-offset-4">
              contact us
            </a>{" "}
            to book.
          </p>
        </noscript>
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <Icon drawing={Lock} className="mt-0.5 size-4 shrink-0" />
          <span>
            Card payments are processed securely by Stripe; we never see or store your card details. By paying you agree
            to our{" "}
            <a href="/terms" className="font-semibold text-navy-800 underline underline-offset-4">
              Terms of Service
            </a>{" "}
            and{" "}
            <a href="/privacy" className="font-semibold text-navy-800 underline underline-offset-4">
              Privacy Policy
            </a>
            .
          </span>
        </p>
      </div>
    </form>
  );
}

function ParticipantsField({
  formId,
  range,
  defaultValue,
  unitGbp,
}: {
  formId: string;
  range: { min: number; max: number };
  defaultValue: number;
  unitGbp: number;
}) {
  const id = fieldId(formId, "quantity");
  const options: number[] = [];
  for (let n = range.min; n <= range.max; n += 1) options.push(n);
  return (
    <div data-field="quantity">
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        Number of Participants
        <RequiredMark />
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {range.min} to {range.max} people, {formatAmountGbp(unitGbp)} each.
      </p>
      <select
        id={id}
        name="quantity"
        required
        defaultValue={String(defaultValue)}
        aria-describedby={`${id}-hint`}
        className={controlClass(undefined, "mt-1.5 min-h-11")}
      >
        {/* A required select starts with an empty-valued placeholder (HTML's
            rule; the Nu HTML checker reports it otherwise). The range's
            first value stays preselected, and the placeholder cannot be
            chosen, so the total always has a number behind it. */}
        <option value="" disabled>
          Select participants
        </option>
        {options.map((n) => (
          <option key={n} value={n}>
            {participantsText(n)}
          </option>
        ))}
      </select>
    </div>
  );
}

function SummaryRow({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className={`break-all text-navy-900 ${strong ? "text-base font-bold" : "font-semibold"}`}>{value}</dd>
    </div>
  );
}

/** Stays on the page after the 'Error' toast has gone. */
function SetupProblemNote({ problem, contactHref }: { problem: SetupProblem; contactHref: string }) {
  return (
    <div
      className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
      data-testid="payment-setup-problem"
    >
      <p className="font-semibold">
        {problem.unavailable ? "Card payment is not available at the moment" : "We could not start your payment"}
      </p>
      <p className="mt-1">{problem.message}</p>
      <p className="mt-2">
        {problem.unavailable ? "You can still book: " : "Please try again, or "}
        <a href={contactHref} className="font-semibold underline underline-offset-4">
          {problem.unavailable ? "contact us to arrange your consultation" : "contact us and we will help"}
        </a>
        . Nothing has been charged.
      </p>
    </div>
  );
}

/** A step's title (details, then card): focus moves to it when the step opens. */
function StepHeading({
  headingRef,
  id,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  id: string;
  children: ReactNode;
}) {
  return (
    <h3 ref={headingRef} tabIndex={-1} id={id} className="text-xl font-semibold text-navy-900 focus:outline-none">
      {children}
    </h3>
  );
}
