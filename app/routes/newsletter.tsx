import { MailCheck, ShieldCheck, Undo2 } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { Link } from "react-router";
import { NewsletterForm } from "~/components/forms/newsletter-form.tsx";
import { useConsentText } from "~/components/forms/consent-note.tsx";
import { PageHero } from "~/components/sections.tsx";
import { Island } from "~/islands/island.tsx";
import { formAction } from "~/leads/form-action.server.ts";
import { seo } from "~/seo/meta.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import type { Route } from "./+types/newsletter";

/** No React Router: its islands (this page's sign-up and the footer's, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

/**
 * The newsletter sign-up without JavaScript. Every sign-up form on the site
 * (footer, exit popup, this page) posts here when it has not woken (with
 * JavaScript they send to /api/newsletter-signup); the browser lands on this
 * page, which shows the result.
 */
export const action = (args: Route.ActionArgs) => formAction("newsletter", args);

export function meta() {
  return seo({
    title: "Newsletter",
    description:
      "Our newsletter: practical articles, free guides and webinar dates from our trainers. Double opt-in, and an unsubscribe link in every e-mail.",
    path: "/newsletter",
  });
}

const points = [
  {
    icon: MailCheck,
    title: "You confirm by e-mail",
    text: "After you sign up we send you one e-mail with a link to confirm your address (double opt-in). Until you confirm, we send you nothing else.",
  },
  {
    icon: Undo2,
    title: "Unsubscribe at any time",
    text: "Every newsletter e-mail has an unsubscribe link. We stop sending as soon as you unsubscribe; you do not need to give a reason.",
  },
  {
    icon: ShieldCheck,
    title: "Only for the newsletter",
    text: "We use your e-mail address to send the newsletter and for nothing else. Sending an enquiry or requesting a guide does not add you to it.",
  },
];

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const consent = useConsentText("newsletter");
  return (
    <>
      <PageHero
        eyebrow="Stay informed"
        title="Newsletter"
        lead="Practical articles, free guides and the dates of our free webinars, written by our trainers in risk, accounting and auditing, strategy and sustainability."
      />

      <section aria-labelledby="newsletter-signup-title" className="py-14 lg:py-20">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_26rem]">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-navy-900">How it works</h2>
            <ul className="mt-6 space-y-6">
              {points.map(({ icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <Icon drawing={icon} className="mt-1 size-6 shrink-0 text-navy-700" />
                  <div>
                    <h3 className="text-lg font-semibold text-navy-900">{title}</h3>
                    <p className="mt-1 max-w-prose text-slate-700">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-8 max-w-prose text-slate-700">
              How we handle your details, and for how long we keep them, is set out in our{" "}
              <Link to="/privacy" className="font-semibold text-navy-800 underline underline-offset-4">
                Privacy Policy
              </Link>
              .
            </p>
          </div>
          <div className="rounded-lg border border-slate-200 bg-navy-50 p-6">
            <h2 id="newsletter-signup-title" className="text-2xl font-bold tracking-tight text-navy-900">
              Sign up
            </h2>
            <p className="mt-2 text-slate-700">Enter your e-mail address and we will send you a link to confirm.</p>
            <Island
              name="newsletter"
              component={NewsletterForm}
              props={{ formId: "newsletter-page", consent, pageResult: actionData }}
            />
          </div>
        </div>
      </section>
    </>
  );
}
