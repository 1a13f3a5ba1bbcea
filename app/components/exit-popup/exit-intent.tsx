import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from "react";

/**
 * The exit-intent newsletter popup, once the page script has seen the
 * intent (spec section 4): once ever, when the pointer leaves the top edge of
 * the window after at least ui.exitPopup.minOnPageMs on the page. The page
 * script (app/page-script/page-script.server.ts) watches for it from the first
 * paint, sets the "already shown" flag, marks <html data-exit-intent="pending">,
 * announces the `exit-intent` event and asks for the app; this part opens
 * the popup when React is here, at once if the intent came first.
 *
 * The dialog itself is a separate chunk, fetched only when it opens. An
 * island (ADR 090): on a page without React Router it wakes when the page
 * asks for the app.
 */

const ExitPopupDialog = lazy<ComponentType<{ onClosed: () => void; consent: string | undefined }>>(() =>
  import("./exit-popup-dialog.tsx").catch(() => ({
    // The chunk could not be fetched (offline, new deploy): show nothing.
    default: () => null,
  })),
);

export type ExitIntentProps = {
  /** The newsletter's consent line (its form has no router to read it from). */
  consent: string | undefined;
};

export function ExitIntent({ consent }: ExitIntentProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    function take() {
      if (root.dataset.exitIntent !== "pending") return;
      root.dataset.exitIntent = "shown";
      setOpen(true);
    }
    take();
    document.addEventListener("exit-intent", take);
    return () => document.removeEventListener("exit-intent", take);
  }, []);

  const onClosed = useCallback(() => setOpen(false), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExitPopupDialog onClosed={onClosed} consent={consent} />
    </Suspense>
  );
}
