import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BookingSection } from "~/components/booking-section.tsx";
import { PillarIcon } from "~/components/icons.tsx";
import { claims, courseFacts, pricing } from "~/content/business.ts";
import { catalogue, pillarPath } from "~/content/index.server.ts";
import { bookingAnchor } from "~/content/navigation.ts";
import { formatGbp } from "~/lib/money.ts";
import { organisationJsonLd, seo } from "~/lib/seo.ts";
import type { Route } from "./+types/home";

export function loader() {
  return {
    pillars: catalogue.pillars.map(({ id, title, tagline, icon }) => ({ id, title, tagline, icon, href: pillarPath(id) })),
  };
}

export function meta() {
  return seo({
    title: "Premium Corporate Training and Consulting in London",
    description: `Intensive ${courseFacts.days}-day programmes in risk, accounting, strategy and sustainability, with ${claims.countries} countries served and ${claims.satisfaction} satisfaction.`,
    path: "/",
    jsonLd: organisationJsonLd(),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="container-page py-16 lg:py-24">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">London · Online · At your site</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Executive training that changes how your organisation performs
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200">
            Intensive {courseFacts.days}-day programmes in risk, accounting, strategy and sustainability: {claims.handsOn}{" "}
            hands-on, led by trainers with {claims.trainerExperience} years in practice, from{" "}
            {formatGbp(pricing.coursePriceGbp)} per person.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={`#${bookingAnchor}`} className="btn-accent">
              Book a Free Consultation
            </a>
            <Link to="/training" className="btn-outline-light">
              View All Courses
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="pillars-title" className="py-16 lg:py-24">
        <div className="container-page">
          <h2 id="pillars-title" className="text-3xl font-bold tracking-tight text-navy-900">
            Our expertise
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.pillars.map((pillar) => (
              <li key={pillar.id}>
                <Link
                  to={pillar.href}
                  className="group flex h-full flex-col rounded-lg border border-slate-200 p-6 hover:border-navy-700 hover:shadow-md"
                >
                  <PillarIcon name={pillar.icon} className="size-8 text-navy-700" />
                  <h3 className="mt-4 text-lg font-semibold text-navy-900">{pillar.title}</h3>
                  <p className="mt-2 flex-1 text-slate-700">{pillar.tagline}</p>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-navy-800">
                    Explore courses <ArrowRight aria-hidden="true" className="size-4" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-10">
            <Link to="/about" className="inline-flex items-center gap-1 font-semibold text-navy-800 underline underline-offset-4">
              Learn more about our expertise <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        </div>
      </section>

      <BookingSection />
    </>
  );
}
