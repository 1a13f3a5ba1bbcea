/**
 * Renders the toasts raised with `toast()` (./use-toast.ts) on Radix Toast:
 * shown for ui.toast.durationMs (paused while hovered or focused, and while
 * the window is in the background), swiped right past
 * ui.toast.swipeThresholdPx to dismiss, closed with the close button or
 * Escape, and announced to screen readers by Radix (assertively: every toast
 * answers something the visitor just did). ui.toast.hotkey (F8) moves focus
 * to the notification area.
 *
 * Loaded by <Toaster /> (./toaster.tsx) with the first toast, never before.
 */
import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { ui } from "~/content/business.ts";
import { dismissToast, toastTone, useToasts, type ToastItem } from "./use-toast.ts";

export function ToastView() {
  const items = useToasts();
  return (
    <ToastPrimitive.Provider
      label="Notification"
      duration={ui.toast.durationMs}
      swipeDirection="right"
      swipeThreshold={ui.toast.swipeThresholdPx}
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={[ui.toast.hotkey]}
        label="Notifications ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 sm:max-w-md"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === "destructive";
  const drawing = destructive ? CircleAlert : CircleCheck;
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      data-variant={item.variant ?? "default"}
      className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-14 lift-lg transition-transform duration-200 data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none ${toastTone(item.variant)}`}
    >
      <Icon
        drawing={drawing}
        className={`pointer-events-none mt-0.5 size-5 shrink-0 ${destructive ? "text-white" : "text-emerald-700"}`}
      />
      <div className="min-w-0">
        <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description && (
          <ToastPrimitive.Description className={`mt-1 text-sm ${destructive ? "text-white" : "text-slate-700"}`}>
            {item.description}
          </ToastPrimitive.Description>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label="Close notification"
        className={`absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-md ${
          destructive ? "text-white hover:bg-red-900" : "text-slate-700 hover:bg-slate-100"
        }`}
      >
        <Icon drawing={X} className="size-5" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
