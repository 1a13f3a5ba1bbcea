/**
 * The route a request path belongs to, as a metrics label: the route table's
 * pattern (/courses/:courseId), never the path itself, so that a crawler
 * probing random addresses cannot create unbounded label values. Pure; a
 * unit test holds this list to app/routes.ts.
 */
import { staticPagePaths } from "../content/page-paths.ts";

const patterns: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/courses\/[^/]+\/brochure\.pdf$/, "/courses/:courseId/brochure.pdf"],
  [/^\/courses\/[^/]+$/, "/courses/:courseId"],
  [/^\/pillar\/[^/]+$/, "/pillar/:pillarId"],
  [/^\/pillars\/[^/]+$/, "/pillars/:pillarId"],
  [/^\/resources\/[^/]+$/, "/resources/:slug"],
  [/^\/downloads\/[^/]+$/, "/downloads/:token"],
  [/^\/admin\/setup\/[^/]+$/, "/admin/setup/:token"],
  [/^\/courses\/[^/]+\/book\/[^/]+$/, "/courses/:courseId/book/:sessionId"],
  [/^\/booking\/[^/]+\/pay$/, "/booking/:token/pay"],
  [/^\/booking\/[^/]+\/documents\/[^/]+$/, "/booking/:token/documents/:file"],
  [/^\/booking\/[^/]+$/, "/booking/:token"],
  [/^\/joining\/[^/]+$/, "/joining/:token"],
  [/^\/waiting\/confirm\/[^/]+$/, "/waiting/confirm/:token"],
  [/^\/waiting\/offer\/[^/]+$/, "/waiting/offer/:token"],
  [/^\/admin\/sessions\/[^/]+\/waiting-list$/, "/admin/sessions/:key/waiting-list"],
  [/^\/admin\/leads\/[^/]+$/, "/admin/leads/:id"],
  [/^\/admin\/sessions\/[^/]+\/roster\.csv$/, "/admin/sessions/:key/roster.csv"],
  [/^\/admin\/sessions\/[^/]+$/, "/admin/sessions/:key"],
  [/^\/admin\/course-bookings\/[^/]+\/documents\/[^/]+$/, "/admin/course-bookings/:id/documents/:file"],
  [/^\/admin\/course-bookings\/[^/]+$/, "/admin/course-bookings/:id"],
  [/^\/admin\/webhooks\/[^/]+$/, "/admin/webhooks/:id"],
  // The consultation's old addresses, each answered by a redirect to /admin/consultations…
  [/^\/admin\/bookings\/.+$/, "/admin/bookings/*"],
  [/^\/admin\/content\/guide\/[^/]+\/pdf$/, "/admin/content/guide/:key/pdf"],
  [/^\/admin\/content\/[^/]+\/new$/, "/admin/content/:type/new"],
  [/^\/admin\/content\/[^/]+\/[^/]+\/preview$/, "/admin/content/:type/:key/preview"],
  [/^\/admin\/content\/[^/]+\/[^/]+\/preview\/page$/, "/admin/content/:type/:key/preview/page"],
  [/^\/admin\/content\/[^/]+\/[^/]+\/duplicate$/, "/admin/content/:type/:key/duplicate"],
  [/^\/admin\/content\/[^/]+\/[^/]+$/, "/admin/content/:type/:key"],
  [/^\/admin\/content\/[^/]+$/, "/admin/content/:type"],
];

/** Paths that are routes of their own (app/routes.ts), plus the server's own endpoints and public files. */
export const exactRoutes = new Set<string>([
  ...staticPagePaths,
  "/courses",
  "/training/dates.ics",
  "/lead-capture",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/test-forms",
  "/consultation-payment",
  "/consultation-success",
  "/test-payment",
  "/test-payment-success",
  "/api/geo",
  "/api/booking-settings",
  "/api/contact",
  "/api/resource-download",
  "/api/newsletter-signup",
  "/api/webhook/guide-request",
  "/api/webinar-registration",
  "/api/guides",
  "/api/create-consultation-payment",
  "/api/webhook/stripe",
  "/api/page-view",
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  "/readyz",
  "/metrics",
  "/favicon.svg",
  "/admin",
  "/admin/sign-in",
  "/admin/sign-in/code",
  "/admin/sign-out",
  "/admin/users",
  "/admin/webhooks",
  "/admin/conversions",
  "/admin/leads",
  "/admin/leads.csv",
  "/admin/newsletter.csv",
  "/admin/consultations.csv",
  "/admin/bookings",
  "/admin/bookings.csv",
  "/admin/course-bookings.csv",
  "/admin/outbox",
  "/admin/requests",
  "/admin/spam",
  "/admin/requests/access.json",
  "/admin/requests/access.csv",
  "/admin/consultations",
  "/admin/sessions",
  "/admin/course-bookings",
  "/admin/accounts-export",
  "/admin/accounts-export.csv",
  "/admin/audit",
  "/admin/content",
  "/admin/content/markdown-preview",
  "/admin/content/images",
  "/admin/account",
  "/admin/settings",
  "/admin/passkey-options",
]);

export function routeLabel(path: string): string {
  // React Router's data requests: /about.data, /_root.data (home).
  let p = path.split("?")[0] ?? "/";
  let suffix = "";
  if (p.endsWith(".data")) {
    suffix = ".data";
    p = p.replace(/\/?(_root)?\.data$/, "") || "/";
  }
  if (p.length > 1) p = p.replace(/\/+$/, "");
  if (exactRoutes.has(p)) return p + suffix;
  for (const [re, label] of patterns) if (re.test(p)) return label + suffix;
  return "other";
}
