/**
 * The consultation's (and the test payment's) details-then-card flow as an
 * island (ADR 093), with the toasts it raises: it wakes on Preact when the
 * visitor reaches its form. The card step's code still comes only once the
 * visitor proceeds (payment-form.tsx).
 */
import { Toaster } from "~/components/toast/toaster.tsx";
import { PaymentForm, type PaymentFormProps } from "./payment-form.tsx";

export type { PaymentFormProps };

export function PaymentSteps(props: PaymentFormProps) {
  return (
    <>
      <PaymentForm {...props} />
      <Toaster />
    </>
  );
}
