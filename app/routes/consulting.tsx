import { NextStepLinks } from "~/components/next-step-links.tsx";
import { PageHero, Paragraphs, Section } from "~/components/sections.tsx";
import { catalogue } from "~/content/index.server.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/consulting";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

export function loader() {
  return { copy: catalogue.pages.consulting };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/consulting" });
}

export default function Consulting({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  return (
    <>
      <PageHero eyebrow="Consulting · Coming soon" title={copy.heroTitle} lead={copy.lead}>
        <NextStepLinks tone="dark" />
      </PageHero>
      <Section id="consulting-now" title="Working with us today">
        <Paragraphs className="max-w-3xl space-y-4 text-lg text-slate-700" items={copy.paragraphs} />
      </Section>
    </>
  );
}
