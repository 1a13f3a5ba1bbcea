/** Card lists that present the provider: reasons, benefits, testimonials and method steps. */
import { Check } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { premiumBenefits } from "~/content/business.ts";
import type { IconName, Testimonial } from "~/content/schema.ts";
import { PillarIcon } from "./icons.tsx";

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

export function PremiumBenefits() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {premiumBenefits.map((benefit) => (
        <li key={benefit.id} className="rounded-lg border border-slate-200 bg-white p-6">
          <Icon drawing={Check} className="size-6 text-navy-700" />
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
