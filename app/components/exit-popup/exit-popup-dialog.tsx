import { X } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { fieldId } from "~/components/forms/field.tsx";
import { NewsletterForm } from "~/components/forms/newsletter-form.tsx";
import { ui } from "~/content/business.ts";
import { trackEvent } from "~/analytics/track-event.ts";

const { autoHideMs, successCloseMs, resetMs } = ui.exitPopup;

/**
 * The exit-intent newsletter popup (loaded on demand by exit-intent.tsx).
 *
 * A native modal <dialog>: focus moves into it and is trapped there, Escape
 * closes it, and focus returns to where it was. It also closes on the close
 * button, on a click on the backdrop, and by itself after autoHideMs unless
 * the visitor has started filling it in. Subscribing is the site's
 * newsletter form (the form kit's, posting to /newsletter); on success it thanks the visitor and
 * closes successCloseMs later; on an error it shows the message and stays
 * open. resetMs after closing, `onClosed` is called (the parent unmounts it,
 * which resets its state).
 */
export default function ExitPopupDialog({ onClosed, consent }: { onClosed: () => void; consent: string | undefined }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressedOnBackdrop = useRef(false);
  // Set by the visitor's first key, read when the time is up: a renderer may run effects only after
  // the next frame (Preact, in an island: ADR 092), and a key must count at once.
  const engaged = useRef(false);
  const [done, setDone] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const formId = `${id}-newsletter`;
  const engage = useCallback(() => {
    engaged.current = true;
  }, []);
  const subscribed = useCallback(() => setDone(true), []);

  const close = () => dialogRef.current?.close();

  // Open as a modal, focus the field, and put focus back on close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let resetTimer: number | undefined;
    function onClose() {
      if (previous && previous !== document.body && previous.isConnected) previous.focus({ preventScroll: true });
      resetTimer = window.setTimeout(onClosed, resetMs);
    }
    dialog.addEventListener("close", onClose);
    if (!dialog.open) dialog.showModal();
    document.getElementById(fieldId(formId, "email"))?.focus();
    trackEvent({ category: "Newsletter", action: "Exit Popup Shown", label: "Exit popup" });
    return () => {
      dialog.removeEventListener("close", onClose);
      window.clearTimeout(resetTimer);
      if (dialog.open) dialog.close();
    };
  }, [onClosed, formId]);

  // Closes by itself after a while, unless the visitor is filling it in.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!engaged.current) dialogRef.current?.close();
    }, autoHideMs);
    return () => window.clearTimeout(timer);
  }, []);

  // After a sign-up: thank-you, then close.
  useEffect(() => {
    if (!done) return;
    trackEvent({ category: "Newsletter", action: "Subscribe", label: "Exit popup" });
    closeRef.current?.focus();
    const timer = window.setTimeout(() => dialogRef.current?.close(), successCloseMs);
    return () => window.clearTimeout(timer);
  }, [done]);

  // A click on the backdrop reaches the <dialog> element itself (its content
  // fills it). Both press and release must be there, so that selecting text
  // in the dialog and releasing outside does not close it.
  function onPointerDown(event: PointerEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  }
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) close();
    pressedOnBackdrop.current = false;
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onPointerDown={onPointerDown}
      onClick={onClick}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-auto rounded-lg bg-white p-0 text-ink lift-2xl backdrop:bg-navy-950/70"
    >
      <div className="relative p-6 sm:p-8">
        <button
          ref={closeRef}
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-navy-900"
        >
          <Icon drawing={X} className="size-5" />
        </button>
        <p className="eyebrow pr-10">Before you go</p>
        <h2 id={titleId} className="mt-2 pr-10 text-2xl font-bold tracking-tight text-navy-900">
          Get our newsletter
        </h2>
        <p id={descriptionId} className="mt-3 text-slate-700">
          Practical articles, free guides and webinar dates from our trainers in risk, finance, strategy and
          sustainability. We ask you to confirm by e-mail, and you can unsubscribe at any time.
        </p>

        <NewsletterForm
          formId={formId}
          consent={consent}
          layout="stacked"
          hideAfterSuccess
          onEngaged={engage}
          onSubscribed={subscribed}
        />
      </div>
    </dialog>
  );
}
