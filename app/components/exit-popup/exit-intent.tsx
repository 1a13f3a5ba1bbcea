import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { ui } from "~/content/business.ts";

/**
 * The exit-intent newsletter popup's trigger (spec section 4): once ever,
 * when the pointer leaves the top edge of the window after at least
 * ui.exitPopup.minOnPageMs on the site. Showing it sets a flag in local
 * storage (named in the cookie policy) so that it never shows again.
 *
 * This part is tiny and does nothing before hydration; the dialog itself is
 * a separate chunk, fetched only when the popup is about to open.
 */

/** The local-storage key of the "already shown" flag. */
export const exitPopupStorageKey = "exitPopupShown";

const ExitPopupDialog = lazy<ComponentType<{ onClosed: () => void }>>(() =>
  import("./exit-popup-dialog.tsx").catch(() => ({
    // The chunk could not be fetched (offline, new deploy): show nothing.
    default: () => null,
  })),
);

/** Pages where the popup never shows: the newsletter's own pages, the test
 * dashboard, and the payment pages (never interrupt a checkout). */
function excluded(pathname: string): boolean {
  return /^\/(newsletter|test-forms|consultation-payment|consultation-success|test-payment|test-payment-success)(\/|$)/.test(
    pathname,
  );
}

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(exitPopupStorageKey) !== null;
  } catch {
    return false;
  }
}

function markShown() {
  try {
    window.localStorage.setItem(exitPopupStorageKey, "true");
  } catch {
    // Storage blocked: it still shows only once on this page (state below).
  }
}

export function ExitIntent() {
  const { pathname } = useLocation();
  const blocked = excluded(pathname);
  const [open, setOpen] = useState(false);
  const shown = useRef(false);
  // Time on the site counts from when the page became interactive (hydrated).
  const interactiveSince = useRef<number | null>(null);

  useEffect(() => {
    interactiveSince.current = Date.now();
  }, []);

  useEffect(() => {
    if (blocked || shown.current || alreadyShown()) return;
    function onMouseOut(event: MouseEvent) {
      // Leaving the window through its top edge: no element is entered.
      if (event.relatedTarget !== null || event.clientY > 0) return;
      const since = interactiveSince.current;
      if (since === null || Date.now() - since < ui.exitPopup.minOnPageMs) return;
      document.removeEventListener("mouseout", onMouseOut);
      if (shown.current || alreadyShown()) return; // shown in another tab meanwhile
      shown.current = true;
      markShown();
      setOpen(true);
    }
    document.addEventListener("mouseout", onMouseOut);
    return () => document.removeEventListener("mouseout", onMouseOut);
  }, [blocked]);

  const onClosed = useCallback(() => setOpen(false), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExitPopupDialog onClosed={onClosed} />
    </Suspense>
  );
}
