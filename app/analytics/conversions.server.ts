/**
 * The conversion view's figures (docs/decisions/031-attribution-and-page-views.md):
 * for a London week, each page's views and the leads sent from it by kind,
 * its conversion rate, the sites and campaigns that brought the week's
 * leads, and paid consultations; and, for the weeks up to it, the site's
 * totals. Test submissions are left out.
 */
import type { Db } from "~/data/db.server.ts";
import type { InboxKind } from "~/inbox/kinds.ts";
import { campaignLabel } from "~/forms/attribution.ts";
import { paidBookingTimes } from "~/orders/bookings.server.ts";
import { addDays } from "~/time/london.ts";
import { conversionRate, weekBounds, weekOf, weeksUpTo } from "./weeks.ts";

export type WeekTotals = { week: string; views: number; leads: number; paid: number; rate: number | null };
export type PageFigures = {
  page: string;
  views: number;
  leads: Partial<Record<InboxKind, number>>;
  totalLeads: number;
  rate: number | null;
};
export type Source = { name: string; leads: number };

export type ConversionReport = {
  week: string;
  weeks: WeekTotals[];
  pages: PageFigures[];
  referrers: Source[];
  campaigns: Source[];
  landingPages: Source[];
  paid: number;
};

/** The path a lead's source page names ("/contact?x" is "/contact"; API calls are "api"). */
const pathOf = (sourcePage: string) => sourcePage.split(/[?#]/)[0] || sourcePage;

function top(counts: Map<string, number>, limit = 10): Source[] {
  return [...counts]
    .map(([name, leads]) => ({ name, leads }))
    .sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name))
    .slice(0, limit);
}

const bump = (map: Map<string, number>, key: string | null) => {
  if (key) map.set(key, (map.get(key) ?? 0) + 1);
};

export async function conversionReport(db: Db, day: string, weekCount = 8): Promise<ConversionReport> {
  const week = weekOf(day);
  const weeks = weeksUpTo(week, weekCount);
  const first = weekBounds(weeks[0]!).from.toISOString();
  const end = weekBounds(week).to.toISOString();
  const { from: weekFrom } = weekBounds(week);

  const [dailyViews, pageViews, leads, paid] = await Promise.all([
    db
      .selectFrom("page_views")
      .select((eb) => ["day", eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", weeks[0]!)
      .where("day", "<", addDays(week, 7))
      .groupBy("day")
      .execute(),
    db
      .selectFrom("page_views")
      .select((eb) => ["path", eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", week)
      .where("day", "<", addDays(week, 7))
      .groupBy("path")
      .execute(),
    db
      .selectFrom("leads")
      .select([
        "kind",
        "created_at",
        "source_page",
        "landing_page",
        "referrer",
        "utm_source",
        "utm_medium",
        "utm_campaign",
      ])
      .where("is_test", "=", 0)
      .where("created_at", ">=", first)
      .where("created_at", "<", end)
      .execute(),
    paidBookingTimes(db, first, end),
  ]);

  // Week by week: the site's totals.
  const totals = new Map(weeks.map((w) => [w, { week: w, views: 0, leads: 0, paid: 0 }]));
  for (const row of dailyViews) totals.get(weekOf(row.day))!.views += Number(row.views);
  const weekOfInstant = (iso: string) => weeks.findLast((w) => iso >= weekBounds(w).from.toISOString())!;
  for (const lead of leads) totals.get(weekOfInstant(lead.created_at))!.leads += 1;
  for (const paidAt of paid) totals.get(weekOfInstant(paidAt))!.paid += 1;

  // The chosen week, page by page, and where its leads came from.
  const pages = new Map<string, PageFigures>();
  const figuresOf = (page: string) => {
    let figures = pages.get(page);
    if (!figures) pages.set(page, (figures = { page, views: 0, leads: {}, totalLeads: 0, rate: null }));
    return figures;
  };
  for (const row of pageViews) figuresOf(row.path).views = Number(row.views);
  const referrers = new Map<string, number>();
  const campaigns = new Map<string, number>();
  const landingPages = new Map<string, number>();
  const weekFromIso = weekFrom.toISOString();
  for (const lead of leads) {
    if (lead.created_at < weekFromIso) continue;
    const figures = figuresOf(pathOf(lead.source_page));
    figures.leads[lead.kind] = (figures.leads[lead.kind] ?? 0) + 1;
    figures.totalLeads += 1;
    bump(referrers, lead.referrer ?? (lead.landing_page ? "(direct or unknown)" : null));
    bump(
      campaigns,
      campaignLabel({ utmSource: lead.utm_source, utmMedium: lead.utm_medium, utmCampaign: lead.utm_campaign }) || null,
    );
    bump(landingPages, lead.landing_page);
  }
  for (const figures of pages.values()) figures.rate = conversionRate(figures.totalLeads, figures.views);

  return {
    week,
    weeks: [...totals.values()].map((t) => ({ ...t, rate: conversionRate(t.leads, t.views) })),
    pages: [...pages.values()].sort(
      (a, b) => b.views - a.views || b.totalLeads - a.totalLeads || a.page.localeCompare(b.page),
    ),
    referrers: top(referrers),
    campaigns: top(campaigns),
    landingPages: top(landingPages),
    paid: totals.get(week)!.paid,
  };
}
