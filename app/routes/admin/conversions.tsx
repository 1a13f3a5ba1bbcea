/**
 * What converts (docs/decisions/031-attribution-and-page-views.md): for a
 * London week, each page's views, the leads sent from it by kind and its
 * conversion rate; the sites, campaigns and landing pages that brought the
 * week's leads; paid consultations; and the weeks before it as a chart,
 * with its numbers in a table. Test submissions are left out.
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/conversions";
import { weekLabel, WeeklyChart } from "~/components/admin/weekly-chart.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { conversionReport, type Source } from "~/analytics/conversions.server.ts";
import { londonDay, weekOf } from "~/analytics/weeks.ts";
import { addDays } from "~/time/london.ts";
import { allInboxKinds } from "~/inbox/kinds.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const today = londonDay(new Date());
  const asked = new URL(request.url).searchParams.get("week");
  const day =
    asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) && asked <= today ? asked : today;
  const report = await conversionReport(staff.db, day);
  return { report, thisWeek: weekOf(today), kindLabels: allInboxKinds.map((k) => ({ kind: k.kind, label: k.label })) };
}

const percent = (rate: number | null) => (rate === null ? "–" : `${rate}%`);

function SourceList({ title, sources, empty }: { title: string; sources: Source[]; empty: string }) {
  const id = `sources-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-bold text-navy-900">
        {title}
      </h3>
      {sources.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{empty}</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-900">
          {sources.map((s) => (
            <li key={s.name} className="flex justify-between gap-4 border-b border-slate-200 py-1">
              <span className="break-all">{s.name}</span>
              <span className="font-semibold whitespace-nowrap">
                {s.leads} lead{s.leads === 1 ? "" : "s"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function Conversions() {
  const { report, thisWeek, kindLabels } = useLoaderData<typeof loader>();
  const { week } = report;
  const totals = report.weeks.at(-1)!;
  const kinds = kindLabels.filter(({ kind }) => report.pages.some((p) => p.leads[kind]));
  return (
    <StaffPage
      title="What converts"
      intro={
        <p>
          Views of each page (people's browsers only: search engines and other bots are left out) and the leads sent
          from it, by London week. Where a lead came from is known when the visitor's browser recorded it (forms sent
          with JavaScript, by visitors who did not object). Test submissions are left out.
        </p>
      }
    >
      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Link
          to={`?week=${addDays(week, -7)}`}
          className="inline-block min-h-11 py-2.5 font-semibold text-navy-800 underline"
        >
          Previous week
        </Link>
        <p className="font-semibold text-navy-900" aria-live="polite">
          Week of {weekLabel(week)} {week.slice(0, 4)}
        </p>
        {week < thisWeek && (
          <Link
            to={`?week=${addDays(week, 7)}`}
            className="inline-block min-h-11 py-2.5 font-semibold text-navy-800 underline"
          >
            Next week
          </Link>
        )}
      </nav>

      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ["Page views", totals.views],
          ["Leads", totals.leads],
          ["Conversion", percent(totals.rate)],
          ["Paid consultations", report.paid],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-300 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-navy-900">{value}</dd>
          </div>
        ))}
      </dl>

      <StaffSection id="trend" title="Week by week" className="mt-8">
        <WeeklyChart weeks={report.weeks} />
        <StaffTable
          label="Week by week, the numbers"
          caption="Week by week: views, leads, conversion and paid consultations"
          headings={["Week of", "Page views", "Leads", "Conversion", "Paid consultations"]}
          className="mt-3 min-w-lg"
          id="weeks-table"
        >
          {report.weeks.map((w) => (
            <tr key={w.week} className="border-b border-slate-300">
              <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                {weekLabel(w.week)} {w.week.slice(0, 4)}
              </th>
              <td className="py-2 pr-3">{w.views}</td>
              <td className="py-2 pr-3">{w.leads}</td>
              <td className="py-2 pr-3">{percent(w.rate)}</td>
              <td className="py-2 pr-3">{w.paid}</td>
            </tr>
          ))}
        </StaffTable>
      </StaffSection>

      <StaffSection id="pages" title={<>Pages, week of {weekLabel(week)}</>} className="mt-10">
        {report.pages.length === 0 ? (
          <p className="mt-3 text-slate-700">No views or leads this week.</p>
        ) : (
          <StaffTable
            label="Pages: views, leads and conversion"
            caption="Each page's views, the leads sent from it by kind, and its conversion"
            headings={["Page", "Views", ...kinds.map((k) => k.label), "Leads", "Conversion"]}
            className="mt-3 min-w-2xl"
          >
            {report.pages.map((p) => (
              <tr key={p.page} className="border-b border-slate-300">
                <th scope="row" className="py-2 pr-3 font-normal break-all">
                  {p.page}
                </th>
                <td className="py-2 pr-3">{p.views}</td>
                {kinds.map(({ kind }) => (
                  <td key={kind} className="py-2 pr-3">
                    {p.leads[kind] ?? 0}
                  </td>
                ))}
                <td className="py-2 pr-3 font-semibold">{p.totalLeads}</td>
                <td className="py-2 pr-3">{percent(p.rate)}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>

      <StaffSection id="sources" title="Where the week's leads came from" className="mt-10">
        <div className="mt-3 grid gap-6 md:grid-cols-3">
          <SourceList title="Referring sites" sources={report.referrers} empty="None recorded." />
          <SourceList title="Campaigns" sources={report.campaigns} empty="No campaign tags." />
          <SourceList title="Landing pages" sources={report.landingPages} empty="None recorded." />
        </div>
      </StaffSection>
    </StaffPage>
  );
}
