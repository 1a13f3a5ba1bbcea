/**
 * One helper for every page's head: title, description, canonical URL,
 * Open Graph and Twitter tags, and JSON-LD structured data. Routes return
 * `seo({...})` from their `meta` export.
 *
 * Indexing outside production is switched off by the server with an
 * `X-Robots-Tag: noindex` header (prerendered HTML cannot know where it will
 * run); `noindex` here is for pages that are never to be indexed (404).
 */
import type { MetaDescriptor } from "react-router";
import { organisation } from "~/content/organisation.ts";
import type { SiteFacts } from "~/content/site-facts.ts";

export type SeoInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/about". */
  path: string;
  type?: "website" | "article";
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

export function absoluteUrl(path: string): string {
  return new URL(path, organisation.siteUrl).toString();
}

export function pageTitle(title: string): string {
  return title.includes(organisation.name) ? title : `${title} | ${organisation.name}`;
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = absoluteUrl(input.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: organisation.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}

/** Structured data for the organisation, from the published site facts (every page). */
export function organisationJsonLd({
  contact,
  social,
}: Pick<SiteFacts, "contact" | "social">): Record<string, unknown> {
  const a = contact.address;
  return {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: organisation.name,
    legalName: organisation.legalName,
    url: organisation.siteUrl,
    email: contact.email,
    telephone: contact.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: [a.line1, a.line2].filter(Boolean).join(", "),
      addressLocality: a.locality,
      postalCode: a.postcode,
      addressCountry: a.countryCode,
    },
    ...(social.length ? { sameAs: social.map((s) => s.href) } : {}),
  };
}

export function breadcrumbJsonLd(items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** A dated session of a course, as its JSON-LD says it (the course page's loader gives these). */
export type CourseInstanceData = {
  format: "in-person" | "online";
  venue?: { name: string; streetAddress: string; locality: string; postalCode: string };
  /** ISO 8601 with the offset. */
  startsAt: string;
  endsAt: string;
  /** Every day's hours, London time, when they are the same each day. */
  dailyHours?: { starts: string; ends: string };
  /** The price per person now, before VAT, in pounds. */
  priceGbp: number;
  /** Places left; null when not known. */
  placesLeft: number | null;
  /** The booking page's path. */
  bookHref: string;
};

/** The schema.org availability of a session with `left` places left (4 or fewer: limited). */
export function sessionAvailability(left: number | null): string {
  if (left === 0) return "https://schema.org/SoldOut";
  if (left !== null && left <= 4) return "https://schema.org/LimitedAvailability";
  return "https://schema.org/InStock";
}

function courseInstance(course: { id: string }, s: CourseInstanceData) {
  return {
    "@type": "CourseInstance",
    courseMode: s.format === "online" ? "online" : "onsite",
    courseWorkload: "P5D",
    startDate: s.startsAt,
    endDate: s.endsAt,
    location: s.venue
      ? {
          "@type": "Place",
          name: s.venue.name,
          address: {
            "@type": "PostalAddress",
            streetAddress: s.venue.streetAddress,
            addressLocality: s.venue.locality,
            postalCode: s.venue.postalCode,
            addressCountry: "GB",
          },
        }
      : { "@type": "VirtualLocation", url: absoluteUrl(`/courses/${course.id}`) },
    ...(s.dailyHours
      ? {
          courseSchedule: {
            "@type": "Schedule",
            repeatFrequency: "Daily",
            repeatCount: 5,
            startDate: s.startsAt.slice(0, 10),
            endDate: s.endsAt.slice(0, 10),
            startTime: s.dailyHours.starts,
            endTime: s.dailyHours.ends,
            scheduleTimezone: "Europe/London",
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      price: s.priceGbp.toFixed(2),
      priceCurrency: "GBP",
      category: "Paid",
      availability: sessionAvailability(s.placesLeft),
      url: absoluteUrl(s.bookHref),
      validThrough: s.startsAt,
    },
  };
}

/**
 * A course's JSON-LD: its list price, and a CourseInstance per upcoming
 * session (dates, mode, place, schedule, an offer with its availability);
 * without sessions, one instance saying how it runs.
 */
export function courseJsonLd(
  course: { id: string; title: string; shortDescription: string },
  priceGbp: number,
  sessions: readonly CourseInstanceData[] = [],
) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.shortDescription,
    url: absoluteUrl(`/courses/${course.id}`),
    provider: { "@type": "Organization", name: organisation.name, sameAs: organisation.siteUrl },
    offers: {
      "@type": "Offer",
      price: priceGbp,
      priceCurrency: "GBP",
      category: "Paid",
      availability: "https://schema.org/InStock",
      url: absoluteUrl(`/courses/${course.id}`),
    },
    hasCourseInstance: sessions.length
      ? sessions.map((s) => courseInstance(course, s))
      : {
          "@type": "CourseInstance",
          courseMode: ["Onsite", "Online"],
          courseWorkload: "P5D",
        },
  };
}

export function faqJsonLd(faqs: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}
