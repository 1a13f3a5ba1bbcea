/** The contact enquiry form as an island (/contact): ADR 090. */
import { ContactForm, type ContactFormProps } from "~/components/forms/contact-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: ContactFormProps) {
  return wakeIsland(element, <ContactForm {...props} />);
}
