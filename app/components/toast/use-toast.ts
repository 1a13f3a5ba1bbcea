/**
 * Toasts (spec sections 3, 4 and 9): title, description and a variant,
 * default or destructive. At most ui.toast.limit (1) is shown: a new toast
 * replaces the previous one. A toast can be updated or dismissed.
 *
 * The list lives in this module, not in a React component, so every
 * <Toaster> of a page shows the same toasts. A toast meant for the next page
 * (a payment's success, which loads its return page as a document) is carried
 * by ./carried-toast.ts. Toasts are only ever raised by the visitor's actions
 * in the browser; on the server `toast()` does nothing, so no request can see
 * another's toasts.
 *
 * This module and ./toaster.tsx are imported only by the payment steps and
 * the pages they return to, so Radix Toast stays out of every other page's
 * JavaScript.
 */
import { useSyncExternalStore } from "react";
import { ui } from "~/content/business.ts";

export type ToastVariant = "default" | "destructive";

export type ToastProps = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/** A toast's colours by variant, shared by the plain and the Radix view (./toaster.tsx, ./toast-view.tsx). */
export function toastTone(variant: ToastVariant | undefined): string {
  return variant === "destructive" ? "border-red-900 bg-red-800 text-white" : "border-slate-300 bg-white text-ink";
}

export type ToastItem = ToastProps & {
  id: string;
  /** False once dismissed (closed by the visitor, by its timer or in code). */
  open: boolean;
};

export type ToastHandle = {
  id: string;
  /** Changes the toast's text or variant in place (it stays open). */
  update: (props: Partial<ToastProps>) => void;
  dismiss: () => void;
};

/** How long a dismissed toast stays in the list (its closing moment); then it is removed. */
const removeDelayMs = 1000;

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, removeDelayMs),
  );
}

function update(id: string, props: Partial<ToastProps>) {
  if (!toasts.some((t) => t.id === id)) return;
  emit(toasts.map((t) => (t.id === id ? { ...t, ...props } : t)));
}

/** Dismisses one toast, or every toast without an id. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  emit(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  for (const t of closing) scheduleRemoval(t.id);
}

const inertHandle: ToastHandle = { id: "", update: () => {}, dismiss: () => {} };

/** Shows a toast; the one shown before (if any) is replaced. */
export function toast(props: ToastProps): ToastHandle {
  if (typeof window === "undefined") return inertHandle;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const item: ToastItem = { variant: "default", ...props, id, open: true };
  const kept = [item, ...toasts].slice(0, ui.toast.limit);
  for (const gone of toasts.filter((t) => !kept.includes(t))) {
    clearTimeout(removalTimers.get(gone.id));
    removalTimers.delete(gone.id);
  }
  emit(kept);
  return { id, update: (next) => update(id, next), dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/** The toasts as they stand (outside React). */
export function currentToasts(): readonly ToastItem[] {
  return toasts;
}
const noToasts: ToastItem[] = [];
const getServerSnapshot = () => noToasts;

/** The toasts to render (for <Toaster>). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

const api = { toast, dismiss: dismissToast } as const;

/** `const { toast } = useToast(); toast({ title, description, variant })`. */
export function useToast() {
  return api;
}
