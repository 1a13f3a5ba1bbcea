/**
 * Page views and the conversion view's figures on both databases
 * (app/analytics): views counted in memory and added up in the database,
 * leads with the visit that brought them, a week's pages, sources and paid
 * consultations, and the weeks before it. Test submissions are left out.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { conversionReport } from "~/analytics/conversions.server.ts";
import { createPageViewCounter } from "~/analytics/page-views.server.ts";
import type { Attribution } from "~/forms/attribution.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { dialects } from "./databases.ts";
import { createConsultation, deleteConsultations } from "../support/factories.ts";
import { contactEnquiry, testKeys, testMail, useTestDatabase } from "./fixtures.ts";

const mail = testMail;
const enquiry = contactEnquiry;
const linkedin: Attribution = {
  landingPage: "/courses/esg-reporting",
  referrer: "www.linkedin.com",
  utmSource: "linkedin",
  utmMedium: "social",
  utmCampaign: "autumn",
};

describe.each(dialects)("page views and conversions on %s", (dialect) => {
  let now: Date;
  const db = () => t.handle.db;
  const leads = () => createLeadService({ keys: testKeys, db: db(), mail, clock: () => now });

  const t = useTestDatabase(dialect);
  beforeEach(async () => {
    for (const table of ["page_views", "leads", "contact_enquiries", "guide_requests"] as const) {
      await db().deleteFrom(table).execute();
    }
    await deleteConsultations(db());
  });

  it("counts views per page and London day, adding to what is stored", async () => {
    now = new Date("2026-07-01T23:30:00Z"); // already 2 July in London
    const counter = createPageViewCounter({ db: db(), clock: () => now, flushMs: 60_000 });
    counter.count("/about");
    counter.count("/about");
    counter.count("/");
    await counter.flush();
    counter.count("/about");
    now = new Date("2026-07-02T23:30:00Z");
    counter.count("/about");
    await counter.close();
    const rows = await db().selectFrom("page_views").selectAll().orderBy("day").orderBy("path").execute();
    expect(rows.map((r) => [r.day, r.path, Number(r.views)])).toEqual([
      ["2026-07-02", "/", 1],
      ["2026-07-02", "/about", 3],
      ["2026-07-03", "/about", 1],
    ]);
  });

  it("a week's pages with their views, leads by kind and rate; its sources; the weeks before it", async () => {
    await db()
      .insertInto("page_views")
      .values([
        { day: "2026-11-16", path: "/contact", views: 40 }, // the week before
        { day: "2026-11-23", path: "/contact", views: 30 },
        { day: "2026-11-29", path: "/contact", views: 10 }, // Sunday: same week
        { day: "2026-11-24", path: "/get-guide", views: 25 },
        { day: "2026-11-24", path: "/about", views: 60 },
        { day: "2026-11-30", path: "/about", views: 99 }, // the next week
      ])
      .execute();
    now = new Date("2026-11-18T10:00:00Z");
    await leads().submit("contact", enquiry("w1@example.test"), { sourcePage: "/contact", isTest: false });
    now = new Date("2026-11-24T10:00:00Z");
    await leads().submit("contact", enquiry("a@example.test"), {
      sourcePage: "/contact?from=menu",
      isTest: false,
      attribution: linkedin,
    });
    await leads().submit("contact", enquiry("b@example.test"), {
      sourcePage: "/contact",
      isTest: false,
      attribution: { ...linkedin, utmSource: null, utmMedium: null, utmCampaign: null },
    });
    await leads().submit(
      "guideRequest",
      {
        first_name: "Gil",
        last_name: "Guide",
        email: "g@example.test",
        company: "G Ltd",
        guide_name: "sustainable-business-practices",
      },
      {
        sourcePage: "/get-guide",
        isTest: false,
        attribution: {
          landingPage: "/get-guide",
          referrer: null,
          utmSource: "newsletter",
          utmMedium: "email",
          utmCampaign: null,
        },
      },
    );
    await leads().submit("contact", enquiry("test@example.test"), {
      sourcePage: "/contact",
      isTest: true,
      attribution: linkedin,
    });
    const booking = (id: string, paidAt: string) =>
      createConsultation(db(), { id, status: "paid", at: paidAt, name: "Bo", paymentIntentId: null });
    await booking("b1", "2026-11-25T09:00:00.000Z");
    await booking("b2", "2026-11-17T09:00:00.000Z");

    const report = await conversionReport(db(), "2026-11-26", 3);
    expect(report.week).toBe("2026-11-23");
    expect(report.weeks).toEqual([
      { week: "2026-11-09", views: 0, leads: 0, paid: 0, rate: null },
      { week: "2026-11-16", views: 40, leads: 1, paid: 1, rate: 2.5 },
      { week: "2026-11-23", views: 125, leads: 3, paid: 1, rate: 2.4 },
    ]);
    expect(report.pages).toEqual([
      { page: "/about", views: 60, leads: {}, totalLeads: 0, rate: 0 },
      { page: "/contact", views: 40, leads: { contact: 2 }, totalLeads: 2, rate: 5 },
      { page: "/get-guide", views: 25, leads: { guideRequest: 1 }, totalLeads: 1, rate: 4 },
    ]);
    expect(report.referrers).toEqual([
      { name: "www.linkedin.com", leads: 2 },
      { name: "(direct or unknown)", leads: 1 },
    ]);
    expect(report.campaigns).toEqual([
      { name: "linkedin / social / autumn", leads: 1 },
      { name: "newsletter / email", leads: 1 },
    ]);
    expect(report.landingPages).toEqual([
      { name: "/courses/esg-reporting", leads: 2 },
      { name: "/get-guide", leads: 1 },
    ]);
    expect(report.paid).toBe(1);
  });
});
