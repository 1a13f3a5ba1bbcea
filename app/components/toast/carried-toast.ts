/**
 * A toast carried to the next page (ADR 093). A payment step that succeeds
 * moves to its return page with a document navigation (the payment steps are
 * islands, with no router to keep the page's toasts alive), so it leaves its
 * toast in sessionStorage for that page: the return page's <Toaster> shows
 * it once, on that address only, and only while it is fresh. On a page in
 * islands mode the toaster island wakes at load when one is waiting (the
 * islands loader reads CARRIED_TOAST_KEY).
 */
import type { ToastProps } from "./use-toast.ts";

/** The sessionStorage key, read by the islands loader too. */
export const CARRIED_TOAST_KEY = "toast:carried";

/** A carried toast older than this is not shown (the visitor went elsewhere first). */
export const carriedToastMaxAgeMs = 60_000;

type Carried = { path: string; at: number; toast: ToastProps };

/** The carried toast for `pathname` at `now`, from the stored text; null when none fits. */
export function readCarriedToast(text: string | null, pathname: string, now: number): ToastProps | null {
  if (!text) return null;
  let carried: Partial<Carried>;
  try {
    carried = JSON.parse(text) as Partial<Carried>;
  } catch {
    return null;
  }
  const toast = carried?.toast;
  if (carried?.path !== pathname || typeof carried.at !== "number") return null;
  if (now - carried.at > carriedToastMaxAgeMs || now < carried.at) return null;
  if (typeof toast?.title !== "string" || !toast.title) return null;
  return {
    title: toast.title,
    ...(typeof toast.description === "string" ? { description: toast.description } : {}),
    ...(toast.variant === "destructive" ? { variant: "destructive" as const } : {}),
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage refused (a browser's privacy setting): the next page's heading still says what happened.
    return null;
  }
}

/** Leaves `toast` for the page at `path` (the address only, without its query). */
export function carryToast(path: string, toast: ToastProps, now = Date.now()) {
  try {
    storage()?.setItem(CARRIED_TOAST_KEY, JSON.stringify({ path, at: now, toast } satisfies Carried));
  } catch {
    // Full or refused: nothing is carried.
  }
}

/** Takes the toast carried to this page, if any (it is shown once: taking removes it). */
export function takeCarriedToast(pathname: string, now = Date.now()): ToastProps | null {
  const store = storage();
  if (!store) return null;
  let text: string | null;
  try {
    text = store.getItem(CARRIED_TOAST_KEY);
    if (text !== null) store.removeItem(CARRIED_TOAST_KEY);
  } catch {
    return null;
  }
  return readCarriedToast(text, pathname, now);
}
