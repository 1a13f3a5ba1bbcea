/** A webinar's registration on /resources, one island per upcoming webinar: ADR 090. */
import { WebinarRegistration, type WebinarFormProps } from "~/components/forms/webinar-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: WebinarFormProps) {
  return wakeIsland(element, <WebinarRegistration {...props} />);
}
