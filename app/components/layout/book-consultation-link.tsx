import { CalendarCheck } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { Link } from "react-router";
import { bookingHref } from "~/content/navigation.ts";

/**
 * "Book a Consultation": scrolls to this page's booking section, or, on a
 * page without one, goes to the home page's. Sends a click event either way.
 * Both are the page script's (app/page-script/page-script.server.ts), so they work before
 * and without React: `data-local-anchor` and the `data-analytics-*` event.
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
  return (
    <Link
      to={bookingHref}
      className={className}
      data-local-anchor=""
      data-analytics-category="Button"
      data-analytics-action="Click"
      data-analytics-label={`Book a Consultation - ${analyticsLabel}`}
    >
      <Icon drawing={CalendarCheck} className="size-4" />
      {label}
    </Link>
  );
}
