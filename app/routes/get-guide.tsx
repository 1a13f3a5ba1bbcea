/**
 * The guide request screen, at /get-guide and /lead-capture (one page, one
 * canonical address). `?guide=<guide_name>` preselects a guide.
 */
import { BookOpenCheck, PenTool, Users, Zap } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useSearchParams } from "react-router";
import { GuideForm } from "~/components/forms/guide-form.tsx";
import { useOwnFormAction } from "~/components/forms/own-form-action.ts";
import { useConsentText } from "~/components/forms/consent-note.tsx";
import { Island } from "~/islands/island.tsx";
import { catalogue } from "~/content/index.server.ts";
import { formAction } from "~/leads/form-action.server.ts";
import { seo } from "~/seo/meta.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import type { Route } from "./+types/get-guide";

/** No React Router: the form works as a plain post, and is an island that wakes when it is used (ADR 090). */
export const handle = islandsOnly;

const copy = {
  title: "Free Business Guides",
  heroTitle: "Free practical guides from our expert trainers",
  heroLead:
    "Choose one of our free guides on enterprise risk management, financial analysis or sustainable business practice, and we will e-mail you a link to download it straight away.",
  description:
    "Request a free guide from our trainers: enterprise risk management, financial analysis for business leaders, or implementing sustainable business practices.",
};

const benefits = [
  {
    title: "Expert-authored",
    text: (years: string) => `Written by our trainers, practitioners with ${years} years of experience in their field.`,
    icon: PenTool,
  },
  {
    title: "Proven frameworks",
    text: () => "Step-by-step frameworks, checklists and worked examples, tested with client teams.",
    icon: BookOpenCheck,
  },
  {
    title: "Immediate implementation",
    text: () => "Practical actions you can apply in your organisation the same week.",
    icon: Zap,
  },
] as const;

export function loader() {
  return {
    guides: catalogue.guides.map((g) => ({ value: g.guideName, label: g.title })),
    claims: catalogue.siteFacts.claims,
  };
}

export function meta() {
  return seo({ title: copy.title, description: copy.description, path: "/get-guide" });
}

export const action = (args: Route.ActionArgs) => formAction("guideRequest", args);

export default function GetGuide({ loaderData, actionData }: Route.ComponentProps) {
  const { guides, claims } = loaderData;
  // Read in the page (not the loader): the prerendered page's data has no query.
  const [searchParams] = useSearchParams();
  const consent = useConsentText("guideRequest");
  const action = useOwnFormAction();
  return (
    <section className="bg-navy-900 text-white" aria-labelledby="get-guide-title">
      <div className="container-page grid gap-10 py-14 lg:grid-cols-[1fr_28rem] lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{copy.title}</p>
          <h1
            id="get-guide-title"
            className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {copy.heroTitle}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{copy.heroLead}</p>
          <ul className="mt-8 space-y-5">
            {benefits.map(({ title, text, icon }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-400 text-navy-950">
                  <Icon drawing={icon} className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-slate-200">{text(claims.trainerExperience)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center gap-2 font-semibold text-gold-300">
            <Icon drawing={Users} className="size-5" />
            Trusted by {claims.guideTrustedBy} professionals
          </p>
        </div>
        <div className="rounded-lg bg-white p-6 text-ink lift-lg sm:p-8">
          <Island
            name="guide"
            component={GuideForm}
            props={{
              guides,
              preselect: searchParams.get("guide") ?? undefined,
              pageResult: actionData,
              consent,
              action,
            }}
          />
        </div>
      </div>
    </section>
  );
}
