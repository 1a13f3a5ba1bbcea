/**
 * Worked examples that more than one test checks against: the same facts,
 * written once. Plain data (no test runner's matchers), so a Vitest test and a
 * Playwright spec can both use them.
 */

/**
 * The London session of Enterprise Risk Management (risk-management-2027-03-london
 * in the release's sessions): its venue, as a session and the JSON-LD hold it.
 */
export const londonVenue = {
  name: "Chartered Accountants' Hall",
  streetAddress: "1 Moorgate Place",
  locality: "London",
  postalCode: "EC2R 6EA",
};

/**
 * The London session's CourseInstance in a course's JSON-LD, at £4,050 with
 * places in stock. `url` is what the booking link's address must match (the
 * caller's matcher: a test may ask for the whole absolute address or its end).
 */
export function londonCourseInstance(url: unknown) {
  return {
    "@type": "CourseInstance",
    courseMode: "onsite",
    courseWorkload: "P5D",
    startDate: "2027-03-08T09:00:00+00:00",
    endDate: "2027-03-12T15:30:00+00:00",
    location: {
      "@type": "Place",
      name: londonVenue.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: londonVenue.streetAddress,
        addressLocality: londonVenue.locality,
        postalCode: londonVenue.postalCode,
        addressCountry: "GB",
      },
    },
    offers: {
      "@type": "Offer",
      price: "4050.00",
      priceCurrency: "GBP",
      category: "Paid",
      availability: "https://schema.org/InStock",
      url,
      validThrough: "2027-03-08T09:00:00+00:00",
    },
  };
}

/**
 * 3 places at £4,500 with the 10% group discount: £13,500 − £1,350 = £12,150
 * net, £2,430 VAT at 20%, £14,580 in all. The quote's line and its totals.
 */
export const groupOfThree = {
  line: { quantity: 3, unitPricePence: 450_000, discountPence: 135_000, netPence: 1_215_000 },
  totals: { netPence: 1_215_000, vatPence: 243_000, grossPence: 1_458_000 },
};
