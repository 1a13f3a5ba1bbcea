import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The site's routes: this table mirrors the product's route table. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("resources", "routes/resources.tsx"),
  route("resources/:slug", "routes/article.tsx"),
  route("training", "routes/training.tsx"),
  // The upcoming dates as a calendar feed (issue 41).
  route("training/dates.ics", "routes/training-dates-feed.ts"),
  route("consulting", "routes/consulting.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("pillar/:pillarId", "routes/pillar.tsx"),
  route("courses/:courseId", "routes/course.tsx"),
  route("courses/:courseId/brochure.pdf", "routes/course-brochure.ts"),
  // Booking places on a dated session (issue 29), and the booker's own
  // pages, opened by the booking link (a credential: never logged).
  route("courses/:courseId/book/:sessionId", "routes/course-booking.tsx"),
  route("booking/:token", "routes/booking.tsx"),
  route("booking/:token/pay", "routes/booking-pay.tsx"),
  route("booking/:token/documents/:file", "routes/booking-document.ts"),
  // A delegate's pre-course questionnaire, opened by their private link (a credential: never logged).
  route("joining/:token", "routes/joining.tsx"),
  // A full date's waiting list (ADR 083): the confirmation and offer links (credentials: never logged).
  route("waiting/confirm/:token", "routes/waiting-confirm.tsx"),
  route("waiting/offer/:token", "routes/waiting-offer.tsx"),

  // Old and alternative addresses: permanent redirects to the canonical page.
  route("pillars/:pillarId", "routes/redirects/pillars.ts"),
  route("courses", "routes/redirects/courses.ts"),

  // Lead capture: the guide request screen (two addresses), newsletter
  // double opt-in, guide downloads and the test dashboard.
  route("get-guide", "routes/get-guide.tsx"),
  route("lead-capture", "routes/get-guide.tsx", { id: "lead-capture" }),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-link.tsx", { id: "newsletter-confirm" }),
  route("newsletter/unsubscribe", "routes/newsletter-link.tsx", { id: "newsletter-unsubscribe" }),
  route("downloads/:token", "routes/download.ts"),
  route("test-forms", "routes/test-forms.tsx"),

  // Paid consultation (Stripe) and the £1.00 test payment (test keys only).
  route("consultation-payment", "routes/consultation-payment.tsx"),
  route("consultation-success", "routes/consultation-success.tsx"),
  route("test-payment", "routes/test-payment.tsx"),
  route("test-payment-success", "routes/test-payment-success.tsx"),

  route("privacy", "routes/legal.tsx", { id: "legal-privacy" }),
  route("terms", "routes/legal.tsx", { id: "legal-terms" }),
  route("cookies", "routes/legal.tsx", { id: "legal-cookies" }),

  route("api/geo", "routes/api/geo.ts"),
  route("api/booking-settings", "routes/api/booking-settings.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/resource-download", "routes/api/resource-download.ts"),
  route("api/newsletter-signup", "routes/api/newsletter-signup.ts"),
  route("api/webhook/guide-request", "routes/api/guide-request.ts"),
  route("api/webinar-registration", "routes/api/webinar-registration.ts"),
  route("api/guides", "routes/api/guides.ts"),
  route("api/create-consultation-payment", "routes/api/create-consultation-payment.ts"),
  route("api/webhook/stripe", "routes/api/stripe-webhook.ts"),
  // The team's back office (docs/decisions/023-staff-accounts.md): never
  // prerendered, never in the site map, no-store and noindex throughout.
  route("admin", "routes/admin/area.tsx", [
    route("sign-in", "routes/admin/sign-in.tsx"),
    route("sign-in/code", "routes/admin/sign-in-code.tsx"),
    route("passkey-options", "routes/admin/passkey-options.ts"),
    route("sign-out", "routes/admin/sign-out.ts"),
    route("setup/:token", "routes/admin/setup.tsx"),
    // The consultation's old addresses (/admin/bookings, below it and its
    // CSV): permanent redirects to /admin/consultations (ADR 068).
    route("bookings", "routes/redirects/admin-bookings.ts", { id: "admin-bookings-moved" }),
    route("bookings/*", "routes/redirects/admin-bookings.ts", { id: "admin-bookings-below-moved" }),
    route("bookings.csv", "routes/redirects/admin-bookings.ts", { id: "admin-bookings-csv-moved" }),
    layout("routes/admin/signed-in.tsx", [
      index("routes/admin/home.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("leads.csv", "routes/admin/export.ts", { id: "admin-export-leads" }),
      route("newsletter.csv", "routes/admin/export.ts", { id: "admin-export-newsletter" }),
      route("consultations.csv", "routes/admin/export.ts", { id: "admin-export-consultations" }),
      route("course-bookings.csv", "routes/admin/export.ts", { id: "admin-export-course-bookings" }),
      route("outbox", "routes/admin/outbox.tsx"),
      // The paid consultation (docs/decisions/068-one-stripe-module.md).
      route("consultations", "routes/admin/consultations.tsx"),
      // Course sessions and bookings (issue 29).
      route("sessions", "routes/admin/sessions.tsx"),
      route("course-bookings", "routes/admin/course-bookings.tsx"),
      route("sessions/:key", "routes/admin/session.tsx"),
      route("sessions/:key/roster.csv", "routes/admin/session-roster.ts"),
      route("sessions/:key/waiting-list", "routes/admin/session-waiting-list.tsx"),
      route("course-bookings/:id", "routes/admin/course-booking.tsx"),
      route("course-bookings/:id/documents/:file", "routes/admin/course-booking-document.ts"),
      // Invoices, credit notes and payments for Xero or QuickBooks (issue 41, ADR 080).
      route("accounts-export", "routes/admin/accounts-export.tsx"),
      route("accounts-export.csv", "routes/admin/accounts-export-file.ts"),
      route("conversions", "routes/admin/conversions.tsx"),
      route("spam", "routes/admin/spam.tsx"),
      route("requests", "routes/admin/requests.tsx"),
      route("requests/access.json", "routes/admin/access-export.ts", { id: "admin-access-json" }),
      route("requests/access.csv", "routes/admin/access-export.ts", { id: "admin-access-csv" }),
      route("leads/:id", "routes/admin/lead.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("webhooks", "routes/admin/webhooks.tsx"),
      route("webhooks/:id", "routes/admin/webhook.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      // The provider's own facts on invoices (docs/decisions/066-business-settings.md).
      route("settings", "routes/admin/settings.tsx"),
      // The site's content (docs/decisions/045-content-in-the-database.md).
      route("content", "routes/admin/content.tsx"),
      route("content/markdown-preview", "routes/admin/content-markdown-preview.ts"),
      route("content/images", "routes/admin/content-images.tsx"),
      route("content/:type", "routes/admin/content-type.tsx"),
      route("content/:type/new", "routes/admin/content-new.tsx"),
      route("content/:type/:key", "routes/admin/content-item.tsx"),
      route("content/:type/:key/duplicate", "routes/admin/content-duplicate.tsx"),
      route("content/:type/:key/preview", "routes/admin/content-preview.tsx"),
      route("content/:type/:key/preview/page", "routes/admin/content-preview-page.ts"),
      route("content/guide/:key/pdf", "routes/admin/content-guide-pdf.tsx"),
      route("account", "routes/admin/account.tsx"),
    ]),
  ]),

  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
