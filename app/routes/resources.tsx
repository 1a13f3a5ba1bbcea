import { CalendarDays } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { Link } from "react-router";
import { WebinarRegistration } from "~/components/forms/webinar-form.tsx";
import { useConsentText } from "~/components/forms/consent-note.tsx";
import { cardAnswer, type TaggedResult } from "~/forms/result.ts";
import { Island } from "~/islands/island.tsx";
import { CardTitle, PageHero, Section } from "~/components/sections.tsx";
import { catalogue, articlePath, getPillar, getTrainer } from "~/content/index.server.ts";
import { byTiming, webinarTiming } from "~/content/webinar-schedule.ts";
import { cardFormAction } from "~/route-support/card-form-action.server.ts";
import { formatDate, formatDateTime } from "~/format/dates.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/resources";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: each webinar's form is an island that wakes when it is used (ADR 090). */
export const handle = islandsOnly;

/** Rendered per request (app/content/site-map.server.ts): a webinar is upcoming or past as it stands now. */
export function loader() {
  const { pages, articles, webinars } = catalogue;
  const now = new Date();
  return {
    copy: pages.resources,
    articles: articles.map((a) => ({
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      publishedOn: a.publishedOn,
      readingMinutes: a.readingMinutes,
      pillarTitle: getPillar(a.pillar)!.title,
      href: articlePath(a.slug),
    })),
    // Field by field: a webinar's joining link is for its registrants only.
    webinars: byTiming(webinars, now).map((w) => ({
      id: w.id,
      title: w.title,
      description: w.description,
      startsAt: w.startsAt,
      durationMinutes: w.durationMinutes,
      presenter: getTrainer(w.presenterTrainerId)!.name,
      upcoming: webinarTiming(w.startsAt, now) === "upcoming",
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/resources" });
}

/** Webinar registration posted without JavaScript, for every webinar on the
 * page: the webinarId field says which. The answer names the webinar
 * (`formId`), so the page re-rendered shows it in the right card. */
export const action = (args: Route.ActionArgs) => cardFormAction("webinarRegistration", "webinarId", args);

export default function Resources({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, articles, webinars } = loaderData;
  const consent = useConsentText("webinarRegistration");
  const answer: TaggedResult | undefined = actionData;
  return (
    <>
      <PageHero eyebrow="Resources" title={copy.heroTitle} lead={copy.heroLead} />

      <Section id="articles" title={copy.introTitle} lead={copy.introParagraph}>
        <ul className="grid gap-4 md:grid-cols-3">
          {articles.map((a) => (
            <li key={a.slug}>
              <article className="flex h-full flex-col rounded-lg border border-slate-200 p-6">
                <p className="text-sm font-medium text-navy-700">{a.pillarTitle}</p>
                <CardTitle href={a.href} title={a.title} />
                <p className="mt-2 flex-1 text-slate-700">{a.summary}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={a.publishedOn}>{formatDate(a.publishedOn)}</time> · {a.readingMinutes} min read
                </p>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="webinars" title="Free Webinars" tone="tint">
        <ul className="grid items-start gap-4 md:grid-cols-2">
          {webinars.map((w) => (
            <li key={w.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6">
              <p className="text-sm font-semibold tracking-wide text-gold-700 uppercase">
                {w.upcoming ? "Free webinar" : "Past webinar"}
              </p>
              <h3 className="mt-2 text-xl font-semibold text-navy-900">{w.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{w.description}</p>
              <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
                <Icon drawing={CalendarDays} className="size-4 text-navy-700" />
                <time dateTime={w.startsAt}>{formatDateTime(w.startsAt)}</time> · {w.durationMinutes} minutes ·{" "}
                {w.presenter}
              </p>
              {w.upcoming ? (
                <Island
                  name="webinar"
                  component={WebinarRegistration}
                  props={{
                    webinar: { id: w.id, title: w.title },
                    consent,
                    ...cardAnswer(answer, w.id),
                  }}
                />
              ) : (
                <p className="mt-4 text-slate-700">
                  This webinar has taken place, so registration is closed.{" "}
                  <Link to="/newsletter" className="font-semibold text-navy-800 underline">
                    Subscribe to our newsletter
                  </Link>{" "}
                  to hear about the next ones.
                </p>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="resources-cta" title={copy.closingTitle} lead={copy.closingLead}>
        <div className="flex flex-wrap gap-3">
          <Link to="/training" className="btn-primary">
            Browse Training
          </Link>
          <Link to="/contact" className="btn-outline">
            Contact Us
          </Link>
        </div>
      </Section>
    </>
  );
}
