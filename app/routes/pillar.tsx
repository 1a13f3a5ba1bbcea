import { Link, data } from "react-router";
import { PillarIcon } from "~/components/icons.tsx";
import { Price } from "~/components/price.tsx";
import { CourseGrid, SharedWith } from "~/components/course-cards.tsx";
import { FaqList } from "~/components/faq-list.tsx";
import { PremiumBenefits } from "~/components/feature-cards.tsx";
import { CardTitle, PageHero, Section } from "~/components/sections.tsx";
import { courseFacts, pricing, ui } from "~/content/business.ts";
import { catalogue, courseSummary, coursesInPillar, getPillar, requireCourse } from "~/content/index.server.ts";
import { breadcrumbJsonLd, faqJsonLd, seo } from "~/seo/meta.ts";
import type { Route } from "./+types/pillar";
import { islandsOnly } from "~/page-script/hydration.ts";
import { imagePreload, Picture } from "~/components/picture.tsx";
import { heroImageSizes } from "~/media/image-rules.ts";
import { pageImageOf } from "~/media/page-images.server.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

export async function loader({ params, context }: Route.LoaderArgs) {
  const pillar = getPillar(params.pillarId);
  if (!pillar) throw data(null, { status: 404 });
  return {
    pillar,
    image: await pageImageOf(context, pillar.image),
    copy: catalogue.pages.pillarPage,
    featured: pillar.featuredBlockCourseIds
      .slice(0, ui.pillarFeaturedMax)
      .map((id) => courseSummary(requireCourse(id), pillar.id)),
    courses: coursesInPillar(pillar.id).map((c) => ({
      ...courseSummary(c, pillar.id),
      benefits: c.benefits.slice(0, 3),
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { pillar, image } = loaderData;
  const path = `/pillar/${pillar.id}`;
  const tags = seo({
    ...pillar.seo,
    path,
    jsonLd: [
      faqJsonLd(pillar.faqs),
      breadcrumbJsonLd([
        { name: "Training", path: "/training" },
        { name: pillar.title, path },
      ]),
    ],
  });
  return [...tags, ...imagePreload(image, heroImageSizes)];
}

export default function PillarPage({ loaderData }: Route.ComponentProps) {
  const { pillar, image, copy, featured, courses } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={pillar.alternateNames[0]}
        title={`${pillar.title} Training`}
        lead={pillar.description}
        aside={image && <Picture image={image} sizes={heroImageSizes} priority />}
      >
        <a href="#pillar-courses" className="btn-accent">
          View Courses
        </a>
        <Link to="/contact" className="btn-outline-light">
          Schedule a Consultation
        </Link>
      </PageHero>

      {featured.length > 0 && (
        <Section id="featured" title="Featured Courses" eyebrow={pillar.title}>
          <CourseGrid courses={featured} columns={2} />
        </Section>
      )}

      <Section id="benefits" title={copy.benefitsTitle} tone="tint">
        <PremiumBenefits />
      </Section>

      <Section id="pillar-courses" title={`${pillar.title} Courses`} lead={pillar.tagline}>
        <ol className="space-y-6">
          {courses.map((course, index) => (
            <li
              key={course.id}
              className={`grid items-center gap-6 rounded-lg border border-slate-200 p-6 md:grid-cols-[12rem_1fr] ${
                index % 2 === 1 ? "md:grid-cols-[1fr_12rem]" : ""
              }`}
            >
              <div
                aria-hidden="true"
                className={`flex h-32 items-center justify-center rounded-lg bg-navy-900 ${index % 2 === 1 ? "md:order-2" : ""}`}
              >
                <PillarIcon name={pillar.icon} className="size-12 text-gold-400" />
              </div>
              <div>
                <p className="text-sm font-medium text-navy-700">
                  {courseFacts.cardDurationText}
                  <SharedWith pillar={course.sharedWith} />
                </p>
                <CardTitle
                  href={course.href}
                  title={course.title}
                  className="mt-1 text-xl font-semibold text-navy-900"
                />
                <p className="mt-2 text-slate-700">{course.description}</p>
                <p className="mt-2 text-sm text-slate-600">For: {course.target}</p>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {course.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
                <p className="mt-4 flex flex-wrap items-center gap-4 text-sm">
                  <span className="font-semibold text-navy-900">
                    <Price gbp={pricing.coursePriceGbp} plusVat /> per person
                  </span>
                  <Link to={course.href} className="font-semibold text-navy-800 underline underline-offset-4">
                    Course details<span className="sr-only">: {course.title}</span>
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="faq" title="Frequently Asked Questions" tone="tint">
        <FaqList name={`faq-${pillar.id}`} faqs={pillar.faqs} />
      </Section>

      <Section id="consultation" title={copy.consultationTitle} lead={copy.consultationLead}>
        <Link to="/contact" className="btn-primary">
          Schedule a Consultation
        </Link>
      </Section>
    </>
  );
}
