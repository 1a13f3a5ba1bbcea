import { Award, CalendarDays, Download, MapPin, Target, Users, Wallet } from "lucide";
import { Icon } from "~/components/icon.tsx";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { BookingSection } from "~/components/booking-section.tsx";
import { Price } from "~/components/price.tsx";
import { CourseGrid } from "~/components/course-cards.tsx";
import { FaqList } from "~/components/faq-list.tsx";
import { Breadcrumbs } from "~/components/sections.tsx";
import { renderMarkdown } from "~/content/rich-text.server.ts";
import { courseFacts, pricing } from "~/content/business.ts";
import { redirectFor } from "~/content/redirects.server.ts";
import { courseSummary, getCourse, getPillar, getTrainer, pillarPath, requireCourse } from "~/content/index.server.ts";
import { bookingAnchor } from "~/content/navigation.ts";
import { breadcrumbJsonLd, courseJsonLd, faqJsonLd, seo } from "~/seo/meta.ts";
import { Picture, Portrait } from "~/components/picture.tsx";
import { contentImageSizes } from "~/media/image-rules.ts";
import { pageImageOf } from "~/media/page-images.server.ts";
import type { Route } from "./+types/course";
import { islandsOnly } from "~/page-script/hydration.ts";
import { PriceTerms, SessionList } from "~/components/course-sessions.tsx";
import { sessionViews, upcomingSessions } from "~/publishing/sessions-on-site.server.ts";
import { servicesContext } from "~/services.ts";

/** A reading page: no React Router; its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

/** The canonical page for a mistyped or old course address, e.g. "risk management" (old ones: ADR 047). */
function canonicalCoursePath(raw: string): string | undefined {
  const normalised = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (getCourse(normalised)) return `/courses/${normalised}`;
  return redirectFor(`/courses/${normalised}`);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const course = getCourse(params.courseId);
  if (!course) {
    const target = canonicalCoursePath(params.courseId);
    if (target) throw redirect(target, 301);
    throw data(null, { status: 404 });
  }
  const pillar = getPillar(course.pillars[0]!)!;
  const trainers = course.instructorIds.map((id) => getTrainer(id)!);
  const [image, ...portraits] = await Promise.all([
    pageImageOf(context, course.image),
    ...trainers.map((t) => pageImageOf(context, t.image)),
  ]);
  const { overview, ...shown } = course;
  // Its upcoming dates with places left now (the page is kept per places and schedule: ADR 055).
  const now = new Date();
  const sessions = await sessionViews(
    context.get(servicesContext).content,
    upcomingSessions(now, { courseId: course.id }),
    now,
  );
  return {
    image,
    sessions,
    /** The overview's Markdown as HTML that can carry no script (app/content/rich-text.server.ts). */
    overviewHtml: renderMarkdown(overview),
    course: {
      ...shown,
      tags: course.tags ?? [...courseFacts.defaultTags],
      groupSize: course.groupSize ?? courseFacts.defaultGroupSize,
    },
    pillars: course.pillars.map((id) => ({ title: getPillar(id)!.title, href: pillarPath(id) })),
    pillar: { id: pillar.id, title: pillar.title, href: pillarPath(pillar.id) },
    instructors: trainers.map((t, i) => ({ id: t.id, name: t.name, title: t.title, bio: t.bio, image: portraits[i]! })),
    related: course.relatedCourseIds.map((id) => courseSummary(requireCourse(id))),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, pillar, sessions } = loaderData;
  const path = `/courses/${course.id}`;
  return seo({
    ...course.seo,
    path,
    jsonLd: [
      courseJsonLd(course, pricing.coursePriceGbp, sessions),
      faqJsonLd(course.faqs),
      breadcrumbJsonLd([
        { name: "Training", path: "/training" },
        { name: pillar.title, path: pillar.href },
        { name: course.title, path },
      ]),
    ],
  });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, image, overviewHtml, pillars, pillar, instructors, related, sessions } = loaderData;
  const [theory, practice] = course.theoryPracticeSplit.split("/");
  const corporateRateHref = `/contact?${new URLSearchParams({ course: course.id, interest: pillar.id })}`;
  const details = [
    { icon: Target, term: "Audience", value: course.cardTarget },
    { icon: CalendarDays, term: "Duration", value: courseFacts.durationText },
    { icon: MapPin, term: "Location", value: "London, live online or at your site" },
    { icon: Users, term: "Group size", value: `Maximum ${course.groupSize} participants` },
    { icon: Award, term: "Certification", value: course.certification },
    {
      icon: Wallet,
      term: "Investment",
      value: (
        <>
          <Price gbp={pricing.coursePriceGbp} plusVat /> per person
        </>
      ),
    },
  ];

  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="container-page py-12 lg:py-16">
          <Breadcrumbs
            items={[
              { name: "Training", path: "/training" },
              { name: pillar.title, path: pillar.href },
              { name: course.title, path: `/courses/${course.id}` },
            ]}
          />
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Course tags">
            {course.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-gold-300">
                {tag}
              </li>
            ))}
          </ul>
          <div className="mt-5 grid gap-10 lg:grid-cols-[1fr_22rem]">
            <div>
              <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{course.title}</h1>
              <p className="mt-3 text-xl text-gold-300">{course.subtitle}</p>
              <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{course.shortDescription}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <a href="#dates" className="btn-accent">
                  Dates and Booking
                </a>
                <a href="#course-curriculum" className="btn-outline-light">
                  View Curriculum
                </a>
                <a href={`#${bookingAnchor}`} className="btn-outline-light">
                  Book a Consultation
                </a>
              </div>
            </div>
            <aside aria-label="Course highlights" className="self-start rounded-lg bg-white p-6 text-ink lift-lg">
              <p className="text-sm font-medium text-slate-600">Investment</p>
              <p className="mt-1 text-3xl font-bold text-navy-900">
                <Price gbp={pricing.coursePriceGbp} plusVat />
              </p>
              <p className="text-sm text-slate-600">per person · {courseFacts.cardDurationText}</p>
              <PriceTerms className="mt-4" />
              <Link to={corporateRateHref} className="btn-primary mt-5 w-full">
                Request Corporate Rate
              </Link>
            </aside>
          </div>
        </div>
      </section>

      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1fr_22rem] lg:py-20">
        <div className="min-w-0 space-y-14">
          <CourseSection id="dates" title="Dates and Booking" lazy={false}>
            <SessionList
              sessions={sessions}
              empty={
                <p>
                  No dates are open for booking at the moment.{" "}
                  <Link to={corporateRateHref} className="font-semibold text-navy-800 underline underline-offset-4">
                    Ask us about the next one
                  </Link>
                  , or about running it for your team.
                </p>
              }
            />
            <PriceTerms className="mt-4" />
          </CourseSection>

          <CourseSection id="overview" title="Course Overview" lazy={false}>
            {image && (
              <div className="mt-4 overflow-hidden rounded-lg">
                <Picture image={image} sizes={contentImageSizes} />
              </div>
            )}
            <div className="mt-4" data-rich-text="" dangerouslySetInnerHTML={{ __html: overviewHtml }} />
          </CourseSection>

          <ListSection id="benefits" title="Key Benefits" items={course.benefits} />
          {course.objectives && <ListSection id="objectives" title="Learning Objectives" items={course.objectives} />}
          <ListSection id="audience" title="Who Should Attend" items={course.targetAudience} />
          {course.prerequisites && (
            <ListSection id="prerequisites" title="Prerequisites" items={course.prerequisites} />
          )}

          <CourseSection id="course-curriculum" title={`${courseFacts.days}-Day Curriculum`}>
            <p className="mt-3 text-slate-700">
              {theory}% theory and {practice}% practice: case work, exercises and your own material.
            </p>
            <ol className="mt-6 space-y-4">
              {course.curriculum.map((day) => (
                <li key={day.day} className="rounded-lg border border-slate-200 p-5">
                  <h3 className="font-semibold text-navy-900">
                    <span className="text-navy-700">Day {day.day}:</span> {day.title}
                  </h3>
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                    {day.topics.map((topic) => (
                      <li key={topic}>{topic}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </CourseSection>

          <CourseSection id="instructors" title="Your Instructors">
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              {instructors.map((t) => (
                <li key={t.id} className="rounded-lg border border-slate-200 p-5">
                  <Portrait image={t.image} className="mb-3" />
                  <h3 className="font-semibold text-navy-900">{t.name}</h3>
                  <p className="text-sm text-navy-700">{t.title}</p>
                  <p className="mt-3 text-slate-700">{t.bio}</p>
                </li>
              ))}
            </ul>
          </CourseSection>

          <CourseSection id="faq" title="Frequently Asked Questions">
            <div className="mt-6">
              <FaqList name={`faq-${course.id}`} faqs={course.faqs} />
            </div>
          </CourseSection>
        </div>

        <aside aria-labelledby="details-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-lg border border-slate-200 p-6 lift-sm">
            <h2 id="details-title" className="text-lg font-semibold text-navy-900">
              Course Details
            </h2>
            <dl className="mt-4 space-y-4 text-sm">
              {details.map(({ icon, term, value }) => (
                <div key={term}>
                  <dt className="flex items-center gap-3 font-semibold text-navy-900">
                    <Icon drawing={icon} className="size-5 shrink-0 text-navy-700" />
                    {term}
                  </dt>
                  <dd className="pl-8 text-slate-700">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-slate-600">Part of: {pillars.map((p) => p.title).join(" and ")}</p>
            <a href={`/courses/${course.id}/brochure.pdf`} download className="btn-outline mt-5 w-full">
              <Icon drawing={Download} className="size-4" />
              Download Course Brochure
            </a>
          </div>
        </aside>
      </div>

      <section aria-labelledby="related-title" className="bg-navy-50 py-14 lg:py-20" data-lazy-render="">
        <div className="container-page">
          <h2 id="related-title" className="text-3xl font-bold tracking-tight text-navy-900">
            Related Courses
          </h2>
          <div className="mt-8">
            <CourseGrid courses={related} />
          </div>
        </div>
      </section>

      <BookingSection />
    </>
  );
}

/** A section of the page's long column; after the first two, each is laid out only as it nears the viewport (app.css, data-lazy-render). */
function CourseSection({
  id,
  title,
  lazy = true,
  children,
}: {
  id: string;
  title: string;
  lazy?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} data-lazy-render={lazy ? "" : undefined}>
      <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ListSection({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <CourseSection id={id} title={title}>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-gold-400" />
            {item}
          </li>
        ))}
      </ul>
    </CourseSection>
  );
}
