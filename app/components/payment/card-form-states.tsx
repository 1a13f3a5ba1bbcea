/** What shows in place of the card form while it loads, or if it cannot. */

export function CardFormLoading() {
  return (
    <p role="status" className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">
      Loading the secure card form…
    </p>
  );
}

/**
 * When Stripe.js or the card form's code could not be fetched. Plain links:
 * the payment steps are islands (ADR 093), with no router.
 */
export function CardFormUnavailable({
  contactHref = "/contact",
  contactEmail,
  onRetry,
}: {
  contactHref?: string;
  /** The published contact address (site facts). */
  contactEmail: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">The secure card form could not be loaded</p>
      <p className="mt-1">
        Please check your connection and try again. Nothing has been charged. If it keeps failing, e-mail us at{" "}
        <a href={`mailto:${contactEmail}`} className="font-semibold underline underline-offset-4">
          {contactEmail}
        </a>{" "}
        or{" "}
        <a href={contactHref} className="font-semibold underline underline-offset-4">
          contact us
        </a>
        .
      </p>
      {onRetry && (
        <button type="button" className="btn-outline mt-3" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
