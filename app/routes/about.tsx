import { Check } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { BookingSection } from "~/components/booking-section.tsx";
import { IconCards, MethodSteps, Testimonials } from "~/components/feature-cards.tsx";
import { PageHero, Paragraphs, Section } from "~/components/sections.tsx";
import { catalogue, getPillar } from "~/content/index.server.ts";
import type { SiteFacts } from "~/content/site-facts.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/about";
import { islandsOnly } from "~/page-script/hydration.ts";
import { Portrait } from "~/components/picture.tsx";
import { pageImageOf } from "~/media/page-images.server.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

export async function loader({ context }: Route.LoaderArgs) {
  const { pages, trainers, testimonials } = catalogue;
  return {
    copy: pages.about,
    method: pages.method,
    trainers: await Promise.all(
      trainers
        .filter((t) => t.lead)
        .map(async (t) => ({
          ...t,
          portrait: await pageImageOf(context, t.image),
          pillarTitles: t.pillars.map((id) => getPillar(id)!.title),
        })),
    ),
    testimonials: testimonials.slice(3, 6),
    claims: catalogue.siteFacts.claims,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/about" });
}

const statsOf = (claims: SiteFacts["claims"]) => [
  { value: claims.professionalsTrained, label: "professionals trained" },
  { value: claims.countries, label: "countries" },
  { value: claims.satisfaction, label: "satisfaction" },
  { value: claims.combinedExperience, label: "combined years of experience" },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { copy, method, trainers, testimonials, claims } = loaderData;
  const stats = statsOf(claims);
  return (
    <>
      <PageHero eyebrow="About us" title={copy.heroTitle} lead={copy.heroLead} />

      <Section id="story" title="Our Story">
        <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
          <Paragraphs className="space-y-4 text-lg leading-8 text-slate-700" items={copy.story} />
          <dl className="grid grid-cols-2 gap-4 self-start">
            {stats.map((s) => (
              <div key={s.label} className="rounded-lg bg-navy-900 p-4 text-white">
                <dt className="text-sm text-slate-300">{s.label}</dt>
                <dd className="text-2xl font-bold text-gold-300">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section id="method" title={method.title} lead={method.lead} tone="tint">
        <MethodSteps steps={method.steps} />
      </Section>

      <Section
        id="trainers"
        title="Our Lead Trainers"
        lead={`Practitioners with ${claims.trainerExperience} years of experience each.`}
      >
        <ul className="grid gap-4 md:grid-cols-2">
          {trainers.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 p-6">
              <Portrait image={t.portrait} className="mb-4" />
              <h3 className="text-lg font-semibold text-navy-900">{t.name}</h3>
              <p className="text-sm text-navy-700">{t.title}</p>
              <p className="mt-1 text-sm text-slate-600">{t.pillarTitles.join(" · ")}</p>
              <p className="mt-3 font-medium text-slate-800">{t.expertise}</p>
              <p className="mt-2 text-slate-700">{t.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="industries" title="Industries We Serve" tone="tint">
        <IconCards items={copy.industries} columns={3} />
      </Section>

      <Section id="expert-network" title={copy.expertNetwork.title}>
        <div className="grid gap-8 lg:grid-cols-2">
          <Paragraphs className="space-y-4 text-lg text-slate-700" items={copy.expertNetwork.paragraphs} />
          <ul className="space-y-3">
            {copy.expertNetwork.points.map((point) => (
              <li key={point} className="flex gap-3 text-slate-700">
                <Icon drawing={Check} className="mt-0.5 size-5 shrink-0 text-navy-700" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="testimonials" title="What Our Clients Say" tone="tint">
        <Testimonials items={testimonials} />
      </Section>

      <BookingSection />
    </>
  );
}
