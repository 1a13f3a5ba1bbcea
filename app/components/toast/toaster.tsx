/**
 * Where a page's toasts appear. Mount one <Toaster /> in each page that
 * raises toasts (the payment pages only; never in the root layout).
 *
 * The view (./toast-view.tsx, on Radix Toast: about 13 KB compressed) is
 * fetched with the first toast, not with the page: most visits raise none.
 * Until it has arrived, and if it cannot be fetched (offline, or a new
 * version deployed), the toasts are shown plainly in a live region, so a
 * message is never lost. A toast carried from the page before (a payment's
 * success, ./carried-toast.ts) is shown when the toaster mounts.
 */
import { useEffect, useState, type ComponentType } from "react";
import { takeCarriedToast } from "./carried-toast.ts";
import { toast, toastTone, useToasts, type ToastItem } from "./use-toast.ts";

// Fetched once per page load, by the first <Toaster /> that needs it.
let viewRequest: Promise<ComponentType> | null = null;
const fetchView = () =>
  (viewRequest ??= import("./toast-view.tsx").then(
    (module) => module.ToastView,
    () => PlainToasts,
  ));

export function Toaster() {
  const items = useToasts();
  const [View, setView] = useState<ComponentType | null>(null);
  const needed = items.length > 0;
  useEffect(() => {
    const carried = takeCarriedToast(window.location.pathname);
    if (carried) toast(carried);
  }, []);
  useEffect(() => {
    if (!needed || View) return;
    let current = true;
    void fetchView().then((view) => {
      if (current) setView(() => view);
    });
    return () => {
      current = false;
    };
  }, [needed, View]);
  // A closed toast stays in the list for its closing moment, so the view
  // stays mounted while it closes.
  if (!needed) return null;
  return View ? <View /> : <PlainToasts />;
}

function PlainToasts() {
  const items: ToastItem[] = useToasts().filter((item) => item.open);
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-md"
    >
      {items.map((item) => (
        <p key={item.id} className={`rounded-lg border p-4 lift-lg ${toastTone(item.variant)}`}>
          <strong className="block font-semibold">{item.title}</strong>
          {item.description}
        </p>
      ))}
    </div>
  );
}
