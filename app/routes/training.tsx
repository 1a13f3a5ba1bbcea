import { ArrowRight } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { data, Link } from "react-router";
import { PillarIcon } from "~/components/icons.tsx";
import { BookConsultationLink } from "~/components/layout/book-consultation-link.tsx";
import { CourseCard, SharedWith } from "~/components/course-cards.tsx";
import { IconCards, MethodSteps } from "~/components/feature-cards.tsx";
import { PageHero, Section } from "~/components/sections.tsx";
import { courseFacts } from "~/content/business.ts";
import { catalogue, courseSummary, coursesInPillar, pillarPath, requireCourse } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { pillarIdSchema } from "~/content/schema.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/training";
import { islandsOnly } from "~/page-script/hydration.ts";
import { PriceTerms, SessionList } from "~/components/course-sessions.tsx";
import { SelectField } from "~/components/forms/field.tsx";
import { monthLabel } from "~/calendar/session-dates.ts";
import { sessionFormats } from "~/content/session-formats.ts";
import { datesFeedPath, readDatesFilter, sessionsChosen } from "~/publishing/dates-filter.ts";
import { sessionViews, upcomingMonths, upcomingSessions } from "~/publishing/sessions-on-site.server.ts";
import { servicesContext } from "~/services.ts";

const formatLabels = { "in-person": "In person (London)", online: "Live online" } as const;

/** A reading page: no React Router; its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

/** /training lists every pillar; ?pillar=<id> shows that pillar's section only (an unknown value shows all). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const selected = pillarIdSchema.safeParse(url.searchParams.get("pillar"));
  const now = new Date();
  // The dates filter (`?month=2027-03&format=online&pillar=strategy`; ../publishing/dates-filter.ts).
  const filter = readDatesFilter(url.searchParams);
  const sessions = await sessionViews(
    context.get(servicesContext).content,
    upcomingSessions(now, sessionsChosen(filter)),
    now,
  );
  const dates = {
    sessions,
    month: filter.month,
    format: filter.format,
    pillar: filter.pillar,
    problem: filter.problem,
    filtered: !!(filter.month || filter.format || filter.pillar),
    months: upcomingMonths(now).map((m) => ({ value: m, label: monthLabel(m) })),
    pillars: catalogue.pillars.map((p) => ({ value: p.id, label: p.title })),
    feedHref: datesFeedPath(filter),
  };
  const pillars = catalogue.pillars
    .filter((p) => !selected.success || p.id === selected.data)
    .map((p) => ({
      id: p.id,
      title: p.title,
      tagline: p.tagline,
      icon: p.icon,
      href: pillarPath(p.id),
      featured: courseSummary(requireCourse(p.featuredCourseId), p.id),
      others: coursesInPillar(p.id)
        .filter((c) => c.id !== p.featuredCourseId)
        .map((c) => courseSummary(c, p.id)),
    }));
  const page = {
    copy: catalogue.pages.training,
    method: catalogue.pages.method,
    pillars,
    filtered: selected.success,
    dates,
  };
  return filter.problem ? data(page, { status: 400 }) : page;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/training" });
}

export default function Training({ loaderData }: Route.ComponentProps) {
  const { copy, method, pillars, filtered, dates } = loaderData;
  return (
    <>
      <PageHero eyebrow="Training" title={copy.heroTitle} lead={copy.heroLead} />
      <Section id="method" title={method.title} lead={method.lead} tone="tint">
        <MethodSteps steps={method.steps} />
      </Section>

      <section id="dates" aria-labelledby="dates-title" className="py-14 lg:py-16" data-lazy-render="">
        <div className="container-page">
          <h2 id="dates-title" className="text-3xl font-bold tracking-tight text-navy-900">
            Upcoming Dates
          </h2>
          <p className="mt-2 max-w-3xl text-lg text-slate-700">
            Open courses in London and live online, five days from Monday to Friday.
          </p>
          <form
            method="get"
            action="/training#dates"
            className="mt-6 flex flex-wrap items-end gap-4"
            aria-label="Filter dates"
          >
            {[
              { name: "month", label: "Month", options: dates.months, value: dates.month },
              {
                name: "format",
                label: "Format",
                options: sessionFormats.map((f) => ({ value: f, label: formatLabels[f] })),
                value: dates.format,
              },
              { name: "pillar", label: "Pillar", options: dates.pillars, value: dates.pillar },
            ].map((choice) => (
              <SelectField
                key={choice.name}
                formId="dates"
                name={choice.name}
                label={choice.label}
                placeholder={`Any ${choice.label.toLowerCase()}`}
                options={choice.options}
                defaultValue={choice.value}
                // A month or format the form does not offer is said beside its field (../publishing/dates-filter.ts).
                error={dates.problem.startsWith(`The ${choice.name}`) ? dates.problem : undefined}
              />
            ))}
            <button type="submit" className="btn-primary min-h-11">
              Show dates
            </button>
            {dates.filtered && (
              <a href="/training" className="min-h-11 py-2.5 font-semibold text-navy-800 underline underline-offset-4">
                Show all dates
              </a>
            )}
          </form>
          {dates.problem && (
            <p role="alert" className="mt-4 font-semibold text-red-800">
              {dates.problem} Showing all upcoming dates.
            </p>
          )}
          <SessionList
            sessions={dates.sessions}
            showCourse
            empty={
              <p>
                {dates.filtered
                  ? "No upcoming dates match your choice. Try another month, format or pillar, or show all dates."
                  : "No dates are open for booking at the moment. Talk to our team about the next ones."}
              </p>
            }
          />
          <PriceTerms className="mt-4" />
          <p className="mt-4 text-slate-700">
            <a href={dates.feedHref} className="font-semibold text-navy-800 underline underline-offset-4">
              {dates.pillar || dates.format ? "These dates" : "Our dates"} as a calendar feed
            </a>{" "}
            (iCalendar): add its address to your calendar as a subscription, and new dates and changes appear there by
            themselves.
          </p>
        </div>
      </section>

      {filtered && (
        <div className="container-page pt-10">
          <Link to="/training" className="font-semibold text-navy-800 underline underline-offset-4">
            Show all four pillars
          </Link>
        </div>
      )}

      {pillars.map((pillar) => (
        <section
          key={pillar.id}
          id={pillar.id}
          aria-labelledby={`${pillar.id}-title`}
          className="py-14 lg:py-16"
          data-lazy-render=""
        >
          <div className="container-page">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="max-w-3xl">
                <PillarIcon name={pillar.icon} className="size-8 text-navy-700" />
                <h2 id={`${pillar.id}-title`} className="mt-3 text-3xl font-bold tracking-tight text-navy-900">
                  {pillar.title}
                </h2>
                <p className="mt-2 text-lg text-slate-700">{pillar.tagline}</p>
              </div>
              <Link
                to={pillar.href}
                className="inline-flex items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
              >
                About {pillar.title} training <Icon drawing={ArrowRight} className="size-4" />
              </Link>
            </div>
            <div className="mt-8 grid gap-6 lg:grid-cols-3">
              <div className="lg:col-span-1">
                <p className="mb-2 text-sm font-semibold tracking-wide text-gold-700 uppercase">
                  Featured · {courseFacts.days}-Day Intensive
                </p>
                <CourseCard course={pillar.featured} />
              </div>
              <div className="lg:col-span-2">
                <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
                  More {pillar.title} courses
                </h3>
                <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {pillar.others.map((course) => (
                    <li key={course.id} className="p-4">
                      <Link to={course.href} className="font-semibold text-navy-800 underline-offset-4 hover:underline">
                        {course.title}
                      </Link>
                      <SharedWith pillar={course.sharedWith} />
                      <p className="mt-1 text-sm text-slate-700">{course.target}</p>
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-sm text-slate-700">
                  Every course: {courseFacts.cardDurationText}, {courseFacts.cardFormatText.toLowerCase()}.
                </p>
              </div>
            </div>
          </div>
        </section>
      ))}

      <Section id="advantages" title={`The ${organisation.shortName} Advantage`} tone="tint" lazy>
        <IconCards items={copy.advantages} columns={3} />
      </Section>

      <Section id="training-cta" title={copy.ctaTitle} lead={copy.ctaLead} lazy>
        <div className="flex flex-wrap gap-3">
          <Link to="/contact" className="btn-primary">
            Talk to Our Team
          </Link>
          <BookConsultationLink label="Book a Consultation" analyticsLabel="Training" className="btn-outline" />
        </div>
      </Section>
    </>
  );
}
