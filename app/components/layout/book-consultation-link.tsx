import { CalendarCheck } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { bookingAnchor, bookingHref } from "~/content/navigation.ts";
import { trackEvent } from "~/lib/analytics.ts";
import { scrollToSection } from "~/lib/scroll.ts";

/**
 * "Book a Consultation": scrolls to this page's booking section, or, on a
 * page without one, goes to the home page's. Sends a click event either way.
 */
export function BookConsultationLink({
  label,
  analyticsLabel,
  className,
}: {
  label: string;
  analyticsLabel: string;
  className?: string;
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    trackEvent({ category: "Button", action: "Click", label: `Book a Consultation - ${analyticsLabel}` });
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (event.defaultPrevented) return; // already handled as an in-page link
    if (scrollToSection(bookingAnchor)) event.preventDefault();
  }
  return (
    <Link to={bookingHref} onClick={onClick} className={className}>
      <CalendarCheck aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
