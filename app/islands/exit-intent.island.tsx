/** The exit-intent popup's host as an island: ADR 090. */
import { ExitIntent, type ExitIntentProps } from "~/components/exit-popup/exit-intent.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: ExitIntentProps) {
  return wakeIsland(element, <ExitIntent {...props} />);
}
