/** Building blocks shared by the pages. They render data; they hold no copy of their own. */
import { ArrowRight, Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { courseFacts, premiumBenefits, pricing } from "~/content/business.ts";
import type { CourseSummary } from "~/content/index.server.ts";
import type { Faq, IconName, Testimonial } from "~/content/schema.ts";
import { PillarIcon } from "./icons.tsx";
import { Price } from "./price.tsx";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-navy-900 text-white">
      <div className="container-page py-14 lg:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{lead}</p>}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  eyebrow,
  tone = "white",
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  eyebrow?: string;
  tone?: "white" | "tint";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`py-14 lg:py-20 ${tone === "tint" ? "bg-navy-50" : ""}`}
    >
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-navy-900">
            {title}
          </h2>
          {lead && <p className="mt-3 text-lg text-slate-700">{lead}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function IconCards({
  items,
  columns = 4,
}: {
  items: { title: string; description: string; icon: IconName }[];
  columns?: 3 | 4;
}) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-lg border border-slate-200 bg-white p-6">
          <PillarIcon name={item.icon} className="size-7 text-navy-700" />
          <h3 className="mt-4 text-lg font-semibold text-navy-900">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function CourseCard({ course, headingLevel = 3 }: { course: CourseSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-medium text-navy-700">
        {course.pillarTitle}
        {course.sharedWith && (
          <span className="ml-2 rounded bg-gold-300/40 px-2 py-0.5 text-xs text-navy-950">
            Shared with {course.sharedWith}
          </span>
        )}
      </p>
      <Heading className="mt-2 text-xl font-semibold text-navy-900">
        <Link to={course.href} className="hover:underline">
          {course.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-slate-700">{course.description}</p>
      <CourseFacts />
      <Link
        to={course.href}
        className="mt-5 inline-flex items-center gap-1 font-semibold text-navy-800 underline-offset-4 hover:underline"
      >
        View course<span className="sr-only">: {course.title}</span>{" "}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
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

/** Duration, format and price, as on every course card (plain text: cards are many). */
export function CourseFacts() {
  return (
    <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
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
          <Price gbp={pricing.coursePriceGbp} /> per person
        </dd>
      </div>
    </dl>
  );
}

export function PremiumBenefits() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {premiumBenefits.map((benefit) => (
        <li key={benefit.id} className="rounded-lg border border-slate-200 bg-white p-6">
          <Check aria-hidden="true" className="size-6 text-navy-700" />
          <h3 className="mt-3 text-lg font-semibold text-navy-900">{benefit.title}</h3>
          <p className="mt-2 text-slate-700">{benefit.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {items.map((t) => (
        <li key={t.quote}>
          <figure className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6">
            <blockquote className="flex-1 text-slate-800">
              <p>“{t.quote}”</p>
            </blockquote>
            <figcaption className="mt-4 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-navy-800 font-semibold text-white"
              >
                {t.initial}
              </span>
              <span className="text-sm">
                <span className="block font-semibold text-navy-900">{t.role}</span>
                <span className="block text-slate-600">{t.company}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function MethodSteps({ steps }: { steps: { name: string; description: string }[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.name} className="rounded-lg border border-slate-200 bg-white p-6">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-gold-400 font-bold text-navy-950"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-navy-900">{step.name}</h3>
          <p className="mt-2 text-slate-700">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** FAQ accordion: one item open at a time, each collapsible (native exclusive <details>). */
export function FaqList({ name, faqs }: { name: string; faqs: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <details key={faq.question} name={name} className="group px-5">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <span aria-hidden="true" className="text-xl text-navy-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="pb-5 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function Breadcrumbs({ items }: { items: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-300">
      <ol className="flex flex-wrap gap-2">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-white">
                {item.name}
              </span>
            ) : (
              <Link to={item.path} className="underline-offset-4 hover:underline">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
