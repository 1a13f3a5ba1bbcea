import { ArrowRight, BookOpen } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { Link } from "react-router";
import { BookingSection } from "~/components/booking-section.tsx";
import { ResourceDownloadForm } from "~/components/forms/resource-form.tsx";
import { useConsentText } from "~/components/forms/consent-note.tsx";
import { cardAnswer, type TaggedResult } from "~/forms/result.ts";
import { Island } from "~/islands/island.tsx";
import { PillarIcon } from "~/components/icons.tsx";
import { CourseGrid } from "~/components/course-cards.tsx";
import { IconCards, Testimonials } from "~/components/feature-cards.tsx";
import { CardTitle, PageHero, Paragraphs, Section } from "~/components/sections.tsx";
import { ui } from "~/content/business.ts";
import { catalogue, courseSummary, pillarPath, requireCourse } from "~/content/index.server.ts";
import { bookingAnchor } from "~/content/navigation.ts";
import { cardFormAction } from "~/route-support/card-form-action.server.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/home";
import { islandsOnly } from "~/page-script/hydration.ts";
import { imagePreload, Picture } from "~/components/picture.tsx";
import { heroImageSizes } from "~/media/image-rules.ts";
import { pageImageOf } from "~/media/page-images.server.ts";
import { nextSessionOf } from "~/publishing/sessions-on-site.server.ts";

/** No React Router: each guide's form is an island that wakes when it is used (ADR 090). */
export const handle = islandsOnly;

export const emptyFeaturedMessage = "No featured courses available at this time.";

export async function loader({ context }: Route.LoaderArgs) {
  const { pages, pillars, testimonials, guides } = catalogue;
  return {
    copy: pages.home,
    heroImage: await pageImageOf(context, pages.home.heroImage),
    // Each card with its course's next date and place (the page is kept per schedule: ADR 055).
    featured: catalogue.featured.homeFeatured.slice(0, ui.homeFeaturedMax).map((id) => {
      const next = nextSessionOf(id, new Date());
      return { ...courseSummary(requireCourse(id)), ...(next ? { nextSession: next } : {}) };
    }),
    premium: catalogue.featured.homePremium.map((id) => courseSummary(requireCourse(id))),
    pillars: pillars.map(({ id, title, tagline, icon }) => ({ id, title, tagline, icon, href: pillarPath(id) })),
    testimonials: testimonials.slice(0, 3),
    guides: guides.map(({ id, title, description, pages: count }) => ({ id, title, description, pages: count })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [...seo({ ...loaderData.copy.seo, path: "/" }), ...imagePreload(loaderData.heroImage, heroImageSizes)];
}

/** The free-resources forms (one per guide) posted without JavaScript: the
 * answer names the guide (`formId`), so the page re-rendered shows it on the
 * right card. */
export const action = (args: Route.ActionArgs) => cardFormAction("resourceDownload", "resourceId", args);

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, heroImage, featured, premium, pillars, testimonials, guides } = loaderData;
  const consent = useConsentText("resourceDownload");
  const answer: TaggedResult | undefined = actionData;
  return (
    <>
      <PageHero
        eyebrow={copy.heroEyebrow}
        title={copy.heroTitle}
        lead={copy.heroLead}
        aside={heroImage && <Picture image={heroImage} sizes={heroImageSizes} priority />}
      >
        <a href={`#${bookingAnchor}`} className="btn-accent">
          Book a Free Consultation
        </a>
        <Link to="/training" className="btn-outline-light">
          View All Courses
        </Link>
      </PageHero>

      <Section id="featured-courses" title="Featured Courses" eyebrow="Training">
        {featured.length === 0 ? (
          <p className="text-slate-700">{emptyFeaturedMessage}</p>
        ) : (
          <CourseGrid courses={featured} />
        )}
      </Section>

      <Section id="why-us" title="What Makes Us Different" tone="tint">
        <IconCards items={copy.differentiators} />
      </Section>

      <Section id="expertise" title="Our Expertise" eyebrow="Four pillars">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {pillars.map((pillar) => (
            <li key={pillar.id}>
              <Link
                to={pillar.href}
                className="group flex h-full flex-col rounded-lg border border-slate-200 p-6 hover:border-navy-700 hover:lift-md"
              >
                <PillarIcon name={pillar.icon} className="size-8 text-navy-700" />
                <h3 className="mt-4 text-lg font-semibold text-navy-900">{pillar.title}</h3>
                <p className="mt-2 flex-1 text-slate-700">{pillar.tagline}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-navy-800">
                  Explore courses <Icon drawing={ArrowRight} className="size-4" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="premium-courses" title="Premium Courses" tone="tint">
        <ul className="grid gap-4 md:grid-cols-3">
          {premium.map((course) => (
            <li key={course.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6">
              <p className="text-sm font-medium text-navy-700">{course.pillarTitle}</p>
              <CardTitle href={course.href} title={course.title} />
              <p className="mt-2 flex-1 text-slate-700">{course.description}</p>
              <a href={`#${bookingAnchor}`} className="btn-outline mt-5 self-start">
                Request Information<span className="sr-only"> about {course.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" title="What Our Clients Say">
        <Testimonials items={testimonials} />
      </Section>

      <BookingSection />

      <Section id="about-us" title={copy.aboutTitle}>
        <Paragraphs className="max-w-3xl space-y-4 text-lg text-slate-700" items={copy.aboutParagraphs} />
        <p className="mt-6">
          <Link
            to="/about"
            className="inline-flex items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
          >
            Learn more about our expertise <Icon drawing={ArrowRight} className="size-4" />
          </Link>
        </p>
      </Section>

      <Section id="free-resources" title={copy.resourcesTitle} lead={copy.resourcesLead} tone="tint">
        <ul className="grid gap-4 md:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6">
              <Icon drawing={BookOpen} className="size-7 text-navy-700" />
              <h3 className="mt-4 text-lg font-semibold text-navy-900">{guide.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{guide.description}</p>
              <p className="mt-3 text-sm text-slate-600">Free guide · {guide.pages} pages · PDF</p>
              <Island
                name="resource"
                component={ResourceDownloadForm}
                props={{
                  guide: { id: guide.id, title: guide.title },
                  consent,
                  ...cardAnswer(answer, guide.id),
                }}
              />
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link
            to="/get-guide"
            className="inline-flex min-h-6 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
          >
            Get all guides <Icon drawing={ArrowRight} className="size-4" />
          </Link>
        </p>
      </Section>
    </>
  );
}
