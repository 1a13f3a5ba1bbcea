/**
 * A course's upcoming sessions, as the course page and the training page's
 * dates list them (docs/decisions/055-course-sessions-as-content.md): the
 * dates, in person at a venue or live online, the days' hours (London time),
 * the price per person before VAT (an early bird with its last day), places
 * left when few, "Full" when none, and a link to book a place. Plain HTML:
 * reading pages load no JavaScript (ADR 020).
 */
import { CalendarDays, MapPin, MonitorPlay } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { pricing } from "~/content/business.ts";
import type { SessionView } from "~/publishing/sessions-on-site.server.ts";
import { Price } from "./price.tsx";

/** "N places left" at this many or fewer (the loader's `fewPlacesLeft`). */
const fewPlaces = 4;

/** The group discount and VAT, as the pages that show prices state them. */
export function PriceTerms({ className = "" }: { className?: string }) {
  const percent = pricing.groupDiscountBasisPoints / 100;
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      Prices are per person and exclude VAT (charged at {pricing.vatRateBasisPoints / 100}%). {percent}% off for{" "}
      {pricing.groupDiscountMinParticipants} or more delegates from one organisation.
    </p>
  );
}

function Places({ left }: { left: number | null }) {
  if (left === 0) return <p className="font-semibold text-red-800">Full</p>;
  if (left !== null && left <= fewPlaces) {
    return <p className="font-semibold text-amber-900">{left === 1 ? "1 place left" : `${left} places left`}</p>;
  }
  return null;
}

/** One session: its dates as the heading (`level`), where, when, the price, places, and the booking link. */
export function SessionCard({
  session,
  level = 3,
  showCourse = false,
}: {
  session: SessionView;
  level?: 3 | 4;
  showCourse?: boolean;
}) {
  const Heading = `h${level}` as "h3" | "h4";
  const full = session.placesLeft === 0;
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5" data-session={session.id}>
      {showCourse && (
        <p className="text-sm font-medium text-navy-700">
          <a href={session.courseHref} className="underline underline-offset-4">
            {session.courseTitle}
          </a>
        </p>
      )}
      <Heading className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <Icon drawing={CalendarDays} className="size-5 shrink-0 text-navy-700" />
        {session.dateLabel}
      </Heading>
      {session.confirmed && <p className="mt-1 text-sm font-medium text-green-800">Confirmed to run</p>}
      <dl className="mt-3 flex-1 space-y-2 text-sm text-slate-700">
        <div>
          <dt className="sr-only">Where</dt>
          <dd className="flex gap-2">
            <Icon drawing={session.venue ? MapPin : MonitorPlay} className="mt-0.5 size-4 shrink-0 text-navy-700" />
            {session.venue ? (
              <span>
                In person: {session.venue.name}, {session.venue.streetAddress}, {session.venue.locality}{" "}
                {session.venue.postalCode}
              </span>
            ) : (
              <span>Live online</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-navy-900">Hours (London time)</dt>
          {session.hours.map((line) => (
            <dd key={line}>{line}</dd>
          ))}
        </div>
        <div>
          <dt className="font-medium text-navy-900">Price per person</dt>
          <dd>
            <Price gbp={session.priceGbp} plusVat />
            {session.earlyBird && (
              <>
                {" "}
                early-bird price until {session.earlyBird.until} (then{" "}
                <Price gbp={session.earlyBird.regularGbp} plusVat />)
              </>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Places left={session.placesLeft} />
        {!full && (
          <a href={session.bookHref} className="btn-primary min-h-11">
            Book a place
            <span className="sr-only">
              : {session.courseTitle}, {session.dateLabel}
            </span>
          </a>
        )}
      </div>
    </article>
  );
}

/** A list of sessions, or what to say when there are none. */
export function SessionList({
  sessions,
  empty,
  showCourse = false,
  level = 3,
}: {
  sessions: SessionView[];
  empty: React.ReactNode;
  showCourse?: boolean;
  level?: 3 | 4;
}) {
  if (sessions.length === 0) return <div className="mt-4 text-slate-700">{empty}</div>;
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2">
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} showCourse={showCourse} level={level} />
        </li>
      ))}
    </ul>
  );
}
