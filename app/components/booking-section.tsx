import { CalendarClock, Clock, ExternalLink, Video } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useEffect } from "react";
import { Link } from "react-router";
import { consultation, promises } from "~/content/business.ts";
import { bookingAnchor } from "~/content/navigation.ts";
import { bookingSectionEvent } from "~/page-script/events.ts";

export const bookingUnavailable = {
  title: "Booking System Temporarily Unavailable",
  message:
    "We're currently updating our booking system to serve you better. Please contact us directly to schedule your consultation.",
};

const options = [
  {
    icon: Clock,
    title: `${consultation.discoveryCallMinutes}-Minute Discovery Call`,
    description: "A short call to talk through your team's training needs and the right programme.",
  },
  {
    icon: Video,
    title: `${consultation.minutes}-Minute Strategy Consultation`,
    description: "A focused session with a senior consultant on a current challenge, with a written action plan.",
  },
];

/**
 * The booking section (#book-consultation). It renders the spec's
 * unavailable state; the page script (app/page-script/page-script.server.ts) asks
 * /api/booking-settings and, when the site has a scheduler (SCHEDULER_URL),
 * makes it available: `data-available`, the cards no longer inert, the
 * button enabled, and on the button the scheduler's page (a third party)
 * loads in a frame, only when the visitor asks for it. With or without React.
 * Nothing here changes after the server render, so React never undoes it.
 */
export function BookingSection() {
  useEffect(() => {
    document.dispatchEvent(new Event(bookingSectionEvent));
  }, []);
  return (
    <section
      id={bookingAnchor}
      tabIndex={-1}
      aria-labelledby="booking-title"
      data-available="false"
      suppressHydrationWarning
      className="group/booking bg-navy-50 py-16 lg:py-24"
    >
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow">Consultation</p>
          <h2 id="booking-title" className="mt-2 text-3xl font-bold tracking-tight text-navy-900">
            Book a Consultation
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Speak with a senior trainer about your organisation's goals. We reply {promises.fastResponse} during
            business hours ({promises.businessHours}).
          </p>
        </div>

        <div
          role="status"
          data-booking-unavailable=""
          suppressHydrationWarning
          className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-5"
        >
          <p className="font-semibold text-amber-950">{bookingUnavailable.title}</p>
          <p className="mt-1 text-amber-950">{bookingUnavailable.message}</p>
          <Link to="/contact" className="btn-primary mt-4">
            Contact us
          </Link>
        </div>

        <div
          inert
          aria-disabled
          data-booking-cards=""
          suppressHydrationWarning
          className="mt-8 grid gap-4 grayscale group-data-[available=true]/booking:grayscale-0 md:grid-cols-2"
          data-testid="booking-cards"
        >
          {options.map(({ icon, title, description }) => (
            <div
              key={title}
              className="rounded-lg border border-slate-200 bg-slate-100 p-6 group-data-[available=true]/booking:bg-white"
            >
              <Icon drawing={icon} className="size-6 text-slate-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-800">{title}</h3>
              <p className="mt-1 text-slate-700">{description}</p>
            </div>
          ))}
        </div>
        <button type="button" disabled data-booking-open="" suppressHydrationWarning className="btn-primary mt-6">
          <Icon drawing={CalendarClock} className="size-4" />
          Book Your Consultation
        </button>
        {/* The page script puts the scheduler's frame here (React leaves the
            content of an element with inner HTML alone) and shows the link. */}
        <div
          data-booking-frame=""
          data-frame-title={`Book a ${consultation.discoveryCallMinutes}-minute call`}
          data-frame-class="mt-6 h-[640px] w-full rounded-lg border border-slate-200 bg-white"
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
        />
        {/* Shown with the scheduler's address once the visitor opens it (until then hidden). */}
        <a
          hidden
          href="/contact"
          data-booking-link=""
          target="_blank"
          rel="noopener noreferrer"
          suppressHydrationWarning
          className="mt-3 inline-flex items-center gap-1 font-semibold text-navy-800 underline"
        >
          Open the booking page in a new tab <Icon drawing={ExternalLink} className="size-4" />
        </a>
      </div>
    </section>
  );
}
