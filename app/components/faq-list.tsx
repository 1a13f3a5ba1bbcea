import type { Faq } from "~/content/schema.ts";

/** FAQ accordion: one item open at a time, each collapsible (native exclusive <details>). */
export function FaqList({ name, faqs }: { name: string; faqs: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <details key={faq.question} name={name} className="group px-5">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <span aria-hidden="true" className="text-xl text-navy-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="pb-5 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
