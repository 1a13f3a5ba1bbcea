import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The site's routes: this table mirrors the product's route table. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("resources", "routes/resources.tsx"),
  route("resources/:slug", "routes/article.tsx"),
  route("training", "routes/training.tsx"),
  route("consulting", "routes/consulting.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("pillar/:pillarId", "routes/pillar.tsx"),
  route("courses/:courseId", "routes/course.tsx"),
  route("courses/:courseId/brochure.pdf", "routes/course-brochure.ts"),

  // Old and alternative addresses: permanent redirects to the canonical page.
  route("pillars/:pillarId", "routes/redirects/pillars.ts"),
  route("courses", "routes/redirects/courses.ts"),

  // Lead capture: the guide request screen (two addresses), newsletter
  // double opt-in, guide downloads and the test dashboard.
  route("get-guide", "routes/get-guide.tsx"),
  route("lead-capture", "routes/get-guide.tsx", { id: "lead-capture" }),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
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
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
