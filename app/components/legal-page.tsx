import type { LegalDocument } from "~/content/schema.ts";
import { AttributionChoice } from "./attribution-choice.tsx";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <article className="container-page max-w-3xl py-14 lg:py-20">
      <header>
        <p className="eyebrow">Legal</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-navy-900">{doc.title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          Last updated <time dateTime={doc.lastUpdated}>{dateFormat.format(new Date(doc.lastUpdated))}</time>
        </p>
      </header>
      <div className="prose-legal">
        {doc.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {section.control === "attribution-choice" && <AttributionChoice />}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.table && (
              <div
                className="mt-6 overflow-x-auto rounded-lg border border-slate-200"
                tabIndex={0}
                role="region"
                aria-label={section.table.caption}
              >
                <table className="w-full min-w-[40rem] text-left text-sm">
                  <caption className="sr-only">{section.table.caption}</caption>
                  <thead className="bg-navy-50 text-navy-900">
                    <tr>
                      {section.table.columns.map((c) => (
                        <th key={c} scope="col" className="px-4 py-3 font-semibold">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 text-slate-700">
                    {section.table.rows.map((row) => (
                      <tr key={row.join("|")}>
                        {row.map((cell, i) =>
                          i === 0 ? (
                            <th key={i} scope="row" className="px-4 py-3 align-top font-medium text-navy-900">
                              {cell}
                            </th>
                          ) : (
                            <td key={i} className="px-4 py-3 align-top">
                              {cell}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
