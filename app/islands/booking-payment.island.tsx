/** A course booking's card step (/booking/{token}/pay) as an island, woken at load: ADR 093. */
import { CardStep, type CardStepProps } from "~/components/payment/card-step.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: CardStepProps) {
  return wakeIsland(element, <CardStep {...props} />);
}
