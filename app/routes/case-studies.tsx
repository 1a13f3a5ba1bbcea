import { Link } from "react-router";
import { IconCards } from "~/components/feature-cards.tsx";
import { PageHero, Section } from "~/components/sections.tsx";
import { catalogue } from "~/content/index.server.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/case-studies";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

export function loader() {
  return { copy: catalogue.pages.caseStudies };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/case-studies" });
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  return (
    <>
      <PageHero eyebrow="Case studies · Coming soon" title={copy.heroTitle} lead={copy.lead}>
        <Link to="/contact" className="btn-accent">
          Discuss Your Sector
        </Link>
      </PageHero>
      <Section id="sectors" title="Sectors">
        <IconCards items={copy.sectors} />
      </Section>
    </>
  );
}
