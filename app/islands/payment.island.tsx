/** The paid consultation's (and the test payment's) details and card steps as an island: ADR 093. */
import { PaymentSteps, type PaymentFormProps } from "~/components/payment/payment-steps.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: PaymentFormProps) {
  return wakeIsland(element, <PaymentSteps {...props} />);
}
