/** The contact enquiry form as an island (/contact): ADR 090. */
import { ContactFormFilledIn, type ContactIslandProps } from "~/components/forms/contact-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: ContactIslandProps) {
  return wakeIsland(element, <ContactFormFilledIn {...props} />);
}
