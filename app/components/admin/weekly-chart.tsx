/**
 * The conversion view's chart: leads per week as bars, each labelled with
 * its number and its conversion rate, views as a line over them. An image
 * with a text alternative that gives the figures and says where the table
 * with the same numbers is (below it on the page).
 */
import type { WeekTotals } from "~/analytics/conversions.server.ts";

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
export const weekLabel = (monday: string) => dayMonth.format(new Date(`${monday}T00:00:00Z`));

export function WeeklyChart({ weeks }: { weeks: WeekTotals[] }) {
  const width = 640;
  const height = 260;
  const pad = { top: 28, right: 12, bottom: 36, left: 12 };
  const plotH = height - pad.top - pad.bottom;
  const slot = (width - pad.left - pad.right) / weeks.length;
  const maxLeads = Math.max(1, ...weeks.map((w) => w.leads));
  const maxViews = Math.max(1, ...weeks.map((w) => w.views));
  const x = (i: number) => pad.left + slot * i + slot / 2;
  const yLeads = (n: number) => pad.top + plotH - (n / maxLeads) * plotH;
  const yViews = (n: number) => pad.top + plotH - (n / maxViews) * plotH;
  const last = weeks.at(-1);
  const summary =
    `Leads per week for the ${weeks.length} weeks to the week of ${last ? weekLabel(last.week) : ""}: ` +
    weeks.map((w) => `${weekLabel(w.week)} ${w.leads}`).join(", ") +
    ". The same figures, with views and conversion rates, are in the table below.";
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full max-w-3xl">
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={pad.top + plotH}
          y2={pad.top + plotH}
          className="stroke-slate-500"
        />
        {weeks.map((w, i) => {
          const barW = slot * 0.56;
          const top = yLeads(w.leads);
          return (
            <rect
              key={w.week}
              x={x(i) - barW / 2}
              y={top}
              width={barW}
              height={pad.top + plotH - top}
              rx={3}
              className="fill-navy-800"
            />
          );
        })}
        <polyline
          points={weeks.map((w, i) => `${x(i)},${yViews(w.views)}`).join(" ")}
          fill="none"
          strokeWidth={2.5}
          strokeDasharray="6 4"
          className="stroke-amber-700"
        />
        {weeks.map((w, i) => (
          <circle key={w.week} cx={x(i)} cy={yViews(w.views)} r={4} className="fill-amber-700" />
        ))}
        {/* The labels last, over the line, on a white halo so the line never hides them. */}
        {weeks.map((w, i) => (
          <g key={w.week}>
            <text
              x={x(i)}
              y={yLeads(w.leads) - 8}
              textAnchor="middle"
              paintOrder="stroke"
              strokeWidth={4}
              className="fill-navy-900 stroke-white text-[13px] font-semibold"
            >
              {w.leads}
              {w.rate !== null ? ` · ${w.rate}%` : ""}
            </text>
            <text x={x(i)} y={height - 12} textAnchor="middle" className="fill-slate-800 text-[12px]">
              {weekLabel(w.week)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-800">
        <span>
          <span aria-hidden="true" className="mr-2 inline-block size-3 rounded-sm bg-navy-800 align-middle" />
          Leads (bars, with conversion rate)
        </span>
        <span>
          <span aria-hidden="true" className="mr-2 inline-block h-0.5 w-5 bg-amber-700 align-middle" />
          Page views (dashed line, on its own scale)
        </span>
      </figcaption>
    </figure>
  );
}
