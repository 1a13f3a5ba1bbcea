import { CalendarClock, Clock, ExternalLink, Video } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { consultation, promises } from "~/content/business.ts";
import { bookingAnchor } from "~/content/navigation.ts";
import { useResolved } from "~/lib/use-resolved.ts";

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

let settings: Promise<string | null> | null = null;
/** The scheduler's booking page, when the site has one (SCHEDULER_URL). */
function schedulerUrl(): Promise<string | null> {
  settings ??= fetch("/api/booking-settings")
    .then((r) => (r.ok ? (r.json() as Promise<{ schedulerUrl: string | null }>) : { schedulerUrl: null }))
    .then((s) => s.schedulerUrl)
    .catch(() => null);
  return settings;
}

/**
 * The booking section (#book-consultation). Without a scheduler it shows the
 * spec's unavailable state. With one, the discovery call can be booked; the
 * scheduler's page (a third party) loads only when the visitor asks for it.
 */
export function BookingSection() {
  const url = useResolved(schedulerUrl, null);
  const [open, setOpen] = useState(false);
  const available = url !== null;

  return (
    <section id={bookingAnchor} aria-labelledby="booking-title" className="bg-navy-50 py-16 lg:py-24">
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

        {!available && (
          <div role="status" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-5">
            <p className="font-semibold text-amber-950">{bookingUnavailable.title}</p>
            <p className="mt-1 text-amber-950">{bookingUnavailable.message}</p>
            <Link to="/contact" className="btn-primary mt-4">
              Contact us
            </Link>
          </div>
        )}

        <div
          inert={!available}
          aria-disabled={!available}
          className={`mt-8 grid gap-4 md:grid-cols-2 ${available ? "" : "grayscale"}`}
          data-testid="booking-cards"
        >
          {options.map(({ icon: Icon, title, description }) => (
            <div
              key={title}
              className={`rounded-lg border border-slate-200 p-6 ${available ? "bg-white" : "bg-slate-100"}`}
            >
              <Icon aria-hidden="true" className="size-6 text-slate-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-800">{title}</h3>
              <p className="mt-1 text-slate-700">{description}</p>
            </div>
          ))}
        </div>
        <button type="button" disabled={!available} className="btn-primary mt-6" onClick={() => setOpen(true)}>
          <CalendarClock aria-hidden="true" className="size-4" />
          Book Your Consultation
        </button>
        {available && open && (
          <div className="mt-6">
            <iframe
              src={url}
              title={`Book a ${consultation.discoveryCallMinutes}-minute call`}
              className="h-[640px] w-full rounded-lg border border-slate-200 bg-white"
              loading="lazy"
            />
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-1 font-semibold text-navy-800 underline"
            >
              Open the booking page in a new tab <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
