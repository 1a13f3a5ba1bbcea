/** A free guide's form on the home page, one island per guide: ADR 090. */
import { ResourceDownloadForm, type ResourceFormProps } from "~/components/forms/resource-form.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement, props: ResourceFormProps) {
  return wakeIsland(element, <ResourceDownloadForm {...props} />);
}
