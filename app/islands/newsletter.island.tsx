/** The newsletter sign-up as an island (the footer's form): ADR 090. */
import { NewsletterForm, type NewsletterFormProps } from "~/components/forms/newsletter-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: NewsletterFormProps) {
  return wakeIsland(element, <NewsletterForm {...props} />);
}
