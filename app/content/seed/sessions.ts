/**
 * The release's course sessions (issue 29): what a database is seeded with,
 * once (app/publishing/store/). The team edits them in the content
 * editor afterwards ("Course dates"); the schema is sessions-schema.ts.
 * Pure data, browser-safe.
 */
import type { CourseSession, SessionHours, Venue } from "../sessions-schema.ts";
import { standardSessionHours } from "../session-formats.ts";

/** The formats' standard hours (session-formats.ts): in person 09:00–17:00 (Friday to 15:30), online 09:30–16:30. */
const inPersonHours: SessionHours[] = standardSessionHours["in-person"].map((h) => ({ ...h }));
const onlineHours: SessionHours[] = standardSessionHours.online.map((h) => ({ ...h }));

const moorgatePlace: Venue = {
  name: "Chartered Accountants' Hall",
  streetAddress: "1 Moorgate Place",
  locality: "London",
  postalCode: "EC2R 6EA",
};

const pallMall: Venue = {
  name: "116 Pall Mall",
  streetAddress: "116 Pall Mall",
  locality: "London",
  postalCode: "SW1Y 5ED",
};

export const releaseSessions: CourseSession[] = [
  {
    id: "risk-management-2027-03-london",
    courseId: "risk-management",
    startDate: "2027-03-08",
    hours: inPersonHours,
    format: "in-person",
    venue: moorgatePlace,
    capacity: 12,
    earlyBird: { pricePence: 405000, until: "2027-01-29" },
    state: "confirmed",
  },
  {
    id: "financial-analysis-2027-03-london",
    courseId: "financial-analysis",
    startDate: "2027-03-15",
    hours: inPersonHours,
    format: "in-person",
    venue: moorgatePlace,
    capacity: 12,
    state: "open",
  },
  {
    id: "esg-risk-2027-04-london",
    courseId: "esg-risk",
    startDate: "2027-04-12",
    hours: inPersonHours,
    format: "in-person",
    venue: pallMall,
    capacity: 12,
    state: "open",
  },
  {
    id: "corporate-finance-2027-04-online",
    courseId: "corporate-finance",
    startDate: "2027-04-19",
    hours: onlineHours,
    format: "online",
    capacity: 16,
    state: "open",
  },
  {
    id: "risk-management-2027-05-online",
    courseId: "risk-management",
    startDate: "2027-05-10",
    hours: onlineHours,
    format: "online",
    capacity: 16,
    state: "open",
  },
  {
    id: "carbon-accounting-2027-05-london",
    courseId: "carbon-accounting",
    startDate: "2027-05-17",
    hours: inPersonHours,
    format: "in-person",
    venue: pallMall,
    capacity: 12,
    state: "open",
  },
  {
    id: "financial-analysis-2027-06-online",
    courseId: "financial-analysis",
    startDate: "2027-06-07",
    hours: onlineHours,
    format: "online",
    capacity: 16,
    state: "open",
  },
  {
    id: "strategy-execution-2027-06-london",
    courseId: "strategy-execution",
    startDate: "2027-06-14",
    hours: inPersonHours,
    format: "in-person",
    venue: moorgatePlace,
    capacity: 12,
    state: "open",
  },
];
