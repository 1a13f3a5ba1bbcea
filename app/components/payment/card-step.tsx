/**
 * A course booking's card step (/booking/{token}/pay) as an island (ADR 093),
 * with the toasts it raises: it wakes as the page loads, since the card field
 * is what that page is for.
 */
import { Toaster } from "~/components/toast/toaster.tsx";
import CardPayment, { type CardPaymentProps } from "./card-payment.tsx";

/** A card step's props: all data (an island's props travel as JSON). */
export type CardStepProps = Omit<CardPaymentProps, "onBusyChange">;

export function CardStep(props: CardStepProps) {
  return (
    <>
      <CardPayment {...props} />
      <Toaster />
    </>
  );
}
