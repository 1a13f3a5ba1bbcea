/** The guide request form as an island (/get-guide, /lead-capture): ADR 090. */
import { GuideForm, type GuideFormProps } from "~/components/forms/guide-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: GuideFormProps) {
  return wakeIsland(element, <GuideForm {...props} />);
}
