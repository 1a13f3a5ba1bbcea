/** Course cards: one course, a grid of them, and the facts every card shows. */
import { ArrowRight } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/icon.tsx";
import { courseFacts, pricing } from "~/content/business.ts";
import type { CourseSummary } from "~/content/index.server.ts";
import { Price } from "./price.tsx";
import { CardTitle } from "./sections.tsx";

export function CourseCard({ course, headingLevel = 3 }: { course: CourseSummary; headingLevel?: 2 | 3 }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 lift-sm">
      <p className="text-sm font-medium text-navy-700">
        {course.pillarTitle}
        <SharedWith pillar={course.sharedWith} />
      </p>
      <CardTitle href={course.href} title={course.title} level={headingLevel} />
      <p className="mt-2 flex-1 text-slate-700">{course.description}</p>
      <CourseFacts next={course.nextSession} />
      <Link
        to={course.href}
        className="mt-5 inline-flex items-center gap-1 font-semibold text-navy-800 underline-offset-4 hover:underline"
      >
        View course<span className="sr-only">: {course.title}</span> <Icon drawing={ArrowRight} className="size-4" />
      </Link>
    </article>
  );
}

/** The badge on a course listed under more than one pillar. */
export function SharedWith({ pillar }: { pillar: string | undefined }) {
  if (!pillar) return null;
  return <span className="ml-2 rounded bg-gold-300/40 px-2 py-0.5 text-xs text-navy-950">Shared with {pillar}</span>;
}

/** A grid of course cards (featured, related and similar lists). */
export function CourseGrid({ courses, columns = 3 }: { courses: CourseSummary[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-4 ${columns === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}

/** Duration, format and price, as on every course card (plain text: cards are many); the next date when given. */
function CourseFacts({ next }: { next: CourseSummary["nextSession"] }) {
  return (
    <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
      {next && (
        <div className="flex gap-2">
          <dt className="font-medium text-navy-900">Next date:</dt>
          <dd>
            {next.dateLabel}, {next.place}
          </dd>
        </div>
      )}
      <div className="flex gap-2">
        <dt className="font-medium text-navy-900">Duration:</dt>
        <dd>{courseFacts.cardDurationText}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="font-medium text-navy-900">Format:</dt>
        <dd>{courseFacts.cardFormatText}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="font-medium text-navy-900">Price:</dt>
        <dd>
          <Price gbp={pricing.coursePriceGbp} plusVat /> per person
        </dd>
      </div>
    </dl>
  );
}
