/**
 * The toasts of a page in islands mode that a payment step returns to (the
 * booker's page): woken at load only when a toast was carried to it (ADR 093).
 */
import { Toaster } from "~/components/toast/toaster.tsx";
import { wakeIsland } from "./wake.tsx";

export default function wake(element: HTMLElement) {
  return wakeIsland(element, <Toaster />);
}
