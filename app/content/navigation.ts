/**
 * The site's navigation, as data. Static links live here; the links that
 * come from the course catalogue (pillars, featured courses) are built on the
 * server by navigation.server.ts and reach the page through the root loader,
 * so the catalogue itself never ships to the browser.
 */
export type NavItem = {
  label: string;
  href: string;
  /** Load a new document (the card payment pages have their own security policy). */
  reloadDocument?: boolean;
};

export type CatalogueNavigation = {
  pillars: NavItem[];
  allTraining: NavItem;
  featuredCourses: NavItem[];
  footerCourses: NavItem[];
};

export const bookingAnchor = "book-consultation";
export const bookingHref = `/#${bookingAnchor}`;

export const consultingMenu: NavItem[] = [
  { label: "Consulting Overview", href: "/consulting" },
  { label: "Case Studies", href: "/case-studies" },
];

/** Top-level header entries, in order; "menu" entries open a dropdown. */
export type HeaderEntry =
  | { kind: "link"; item: NavItem; activePrefixes?: string[] }
  | { kind: "menu"; id: "training" | "consulting"; label: string; activePrefixes: string[] };

export const headerEntries: HeaderEntry[] = [
  { kind: "link", item: { label: "Home", href: "/" } },
  { kind: "link", item: { label: "About Us", href: "/about" } },
  { kind: "menu", id: "training", label: "Training", activePrefixes: ["/training", "/pillar/", "/courses/"] },
  { kind: "menu", id: "consulting", label: "Consulting", activePrefixes: ["/consulting"] },
  { kind: "link", item: { label: "Case Studies", href: "/case-studies" } },
  { kind: "link", item: { label: "Resources", href: "/resources" } },
  { kind: "link", item: { label: "Contact", href: "/contact" } },
];

export const footerResources: NavItem[] = [
  { label: "Resources and Articles", href: "/resources" },
  { label: "Free Business Guides", href: "/get-guide" },
  { label: "Newsletter", href: "/newsletter" },
  { label: "Book a Paid Consultation", href: "/consultation-payment", reloadDocument: true },
  { label: "Case Studies", href: "/case-studies" },
  { label: "Consulting", href: "/consulting" },
  { label: "About Us", href: "/about" },
];

export const legalLinks: NavItem[] = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
  { label: "Cookie Policy", href: "/cookies" },
];

/** Links offered on the 404 page. */
export const notFoundLinks: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "All training courses", href: "/training" },
  { label: "Consulting", href: "/consulting" },
  { label: "Resources", href: "/resources" },
  { label: "Contact us", href: "/contact" },
];

/** Whether the path lies under a prefix: "/training" matches itself and
 * "/training/…"; a prefix ending in "/" ("/pillar/") matches what starts with it. */
export function underPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith("/")) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isActivePath(pathname: string, href: string, prefixes: string[] = []): boolean {
  if (href === "/") return pathname === "/";
  return [href, ...prefixes].some((p) => underPrefix(pathname, p));
}
