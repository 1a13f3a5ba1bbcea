/**
 * Business constants and marketing claims (spec sections 1 and 9). Components
 * read these; none hard-codes a price, a number or a claim.
 */
export const pricing = {
  /** List price of every 5-day course, per person. */
  coursePriceGbp: 4500,
  /** Consultation: total = participants x this, per participant. */
  consultationPerParticipantGbp: 4500,
  testPaymentGbp: 1,
  /** USD amount = GBP / usdRate, rounded to the nearest usdRounding. */
  usdRate: 0.79,
  usdRounding: 50,
  /** A booking of this many places or more (names to follow count) gets the group discount. */
  groupDiscountMinParticipants: 3,
  /** The group discount on each line, in basis points of its price (1000 = 10%). */
  groupDiscountBasisPoints: 1000,
  /** UK VAT at the standard rate, in basis points (2000 = 20%), charged on top of course prices. */
  vatRateBasisPoints: 2000,
} as const;

/**
 * The terms a course booking accepts (issue 29), as numbers: the rules
 * (orders/course-booking/terms.ts) and the sentences the page shows and the
 * booking keeps are both built from these, so they never disagree.
 * Days are Europe/London calendar days before the session's first day.
 */
export const bookingTerms = {
  /**
   * Credit on cancellation, from the earliest tier: a tier applies from
   * `fromDaysBefore` days before the start (the last one, `null`, to any
   * later cancellation); `creditBasisPoints` of the fee is credited.
   */
  cancellation: [
    { fromDaysBefore: 29, creditBasisPoints: 10_000 },
    { fromDaysBefore: 15, creditBasisPoints: 5_000 },
    { fromDaysBefore: null, creditBasisPoints: 0 },
  ],
  /** Another delegate may take a place free of charge until the course starts. */
  substitution: { free: true },
  /** Moving to another date: this many times free, up to `latestDaysBefore` days before the start. */
  transfer: { freeTransfers: 1, latestDaysBefore: 15 },
  /** Places may be booked with "names to follow"; the names are due this many days before the start. */
  namesToFollow: { namesDueDaysBefore: 14 },
} as const;

export const courseFacts = {
  days: 5,
  durationText: "5 Days (Monday to Friday)",
  cardDurationText: "5 Days (Mon-Fri)",
  cardFormatText: "In-person, online, or at client site",
  defaultGroupSize: 12,
  theoryPercent: 30,
  practicePercent: 70,
  defaultTags: ["Premium Course", "5-Day Intensive", "Certification Included"],
  noticeWeeksStandard: "3-4",
  noticeWeeksCustom: "6-8",
} as const;

export const support = {
  months: 3,
  sessions: 3,
  sessionMinutes: 90,
} as const;

export const premiumBenefits = [
  {
    id: "implementation-support",
    title: `${support.months} Months of Implementation Support`,
    description: `${support.sessions} follow-up sessions of ${support.sessionMinutes} minutes with your trainer as you apply what you learned at work.`,
  },
  {
    id: "analytics-software",
    title: "Analytics Software Access",
    description:
      "Licensed access to the models, templates and analytics tools used on the course, so the work continues after day five.",
  },
  {
    id: "community",
    title: "Community Membership",
    description:
      "Membership of our alumni community: peer round-tables, practitioner briefings and an archive of course materials.",
  },
] as const;

export const consultation = {
  minutes: 60,
  discoveryCallMinutes: 15,
  minParticipants: 1,
  maxParticipants: 12,
  included: [
    "60-minute one-to-one strategy session with a senior consultant",
    "Analysis of your organisation's current challenges",
    "A tailored action plan with prioritised next steps",
    "A written follow-up summary of the session",
    "Priority booking for future training programmes",
  ],
} as const;

/**
 * The hours behind the opening hours and the response-time promise, as the
 * back office counts an enquiry's deadline (calendar/business-hours.ts, calendar/response-deadline.ts).
 * Bank holidays in England and Wales (gov.uk/bank-holidays); a deployment
 * can replace the list with its own setting.
 */
export const businessCalendar = {
  timeZone: "Europe/London",
  opens: { hour: 9, minute: 0 },
  closes: { hour: 17, minute: 30 },
  weekdays: [1, 2, 3, 4, 5],
  bankHolidays: [
    "2026-01-01",
    "2026-04-03",
    "2026-04-06",
    "2026-05-04",
    "2026-05-25",
    "2026-08-31",
    "2026-12-25",
    "2026-12-28",
    "2027-01-01",
    "2027-03-26",
    "2027-03-29",
    "2027-05-03",
    "2027-05-31",
    "2027-08-30",
    "2027-12-27",
    "2027-12-28",
  ],
} as const;

/**
 * The business's promises, each stated once, as a number (ADR 040). Copy,
 * e-mails, the back office, the privacy notice and the code that keeps them
 * (the answer deadline, the retention job) read them here, the sentences
 * through the small builders below: no other file writes the number.
 */
export type BusinessPromises = {
  responseTime: {
    /** Every enquiry is answered within this many business hours (businessCalendar). */
    businessHours: number;
    /** The faster reply the booking section offers, in hours. */
    fastHours: number;
  };
  /** After a paid consultation: the team contacts the buyer within this many hours. */
  teamContactHours: number;
  /** The confirmation e-mail after a payment arrives within this many minutes. */
  confirmationEmailMinutes: number;
  moneyBack: {
    /** The guarantee: ask within this many days of a course's last day. */
    days: number;
    /** A refund is paid within this many days of the request. */
    refundWithinDays: number;
  };
};

export const businessPromises = {
  responseTime: { businessHours: 24, fastHours: 4 },
  teamContactHours: 24,
  confirmationEmailMinutes: 5,
  moneyBack: { days: 30, refundWithinDays: 14 },
} as const satisfies BusinessPromises;

// ---------------------------------------------------------------------------
// Sentences built from the numbers (pure)
// ---------------------------------------------------------------------------

/** "1 day", "30 days". */
export const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "24 business hours". */
export const businessHoursText = (hours: number) => count(hours, "business hour");

/** The response-time promise: "within 24 business hours". */
export const answerPromise = (p: BusinessPromises = businessPromises) =>
  `within ${businessHoursText(p.responseTime.businessHours)}`;

/** The deadline it sets, named: "24-business-hour deadline". */
export const answerDeadlineName = (p: BusinessPromises = businessPromises) =>
  `${p.responseTime.businessHours}-business-hour deadline`;

type OpeningHours = {
  opens: { hour: number; minute: number };
  closes: { hour: number; minute: number };
  /** 1 = Monday ... 7 = Sunday. */
  weekdays: readonly number[];
};

const dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** 17:30 as "5:30 PM". */
const clock = ({ hour, minute }: { hour: number; minute: number }) =>
  `${((hour + 11) % 12) + 1}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;

/** The opening hours: "Monday-Friday 9:00 AM - 5:30 PM" (consecutive working days). */
export function openingHoursText(calendar: OpeningHours = businessCalendar): string {
  const first = dayNames[calendar.weekdays[0]! - 1];
  const last = dayNames[calendar.weekdays.at(-1)! - 1];
  return `${first}-${last} ${clock(calendar.opens)} - ${clock(calendar.closes)}`;
}

/** The promises as the pages and e-mails state them. */
export function promiseTexts(p: BusinessPromises = businessPromises, calendar: OpeningHours = businessCalendar) {
  return {
    confirmationEmailMinutes: p.confirmationEmailMinutes,
    teamContactHours: p.teamContactHours,
    /** The contact page's promise. */
    contactResponse: answerPromise(p),
    /** The faster promise used in one place (the booking section). */
    fastResponse: `within ${count(p.responseTime.fastHours, "hour")}`,
    businessHours: openingHoursText(calendar),
    moneyBackDays: p.moneyBack.days,
  } as const;
}

export const promises = promiseTexts();

/**
 * The figures as this release wrote them: the site facts' figures are seeded
 * from these (site-facts.ts, edited in the back office since), and the pages'
 * copy and trainers' biographies were written with them when first seeded.
 */
export const claims = {
  trainerExperience: "15+",
  combinedExperience: "200+",
  professionalsTrained: "5,000+",
  guideTrustedBy: "1000+",
  satisfaction: "93%",
  countries: "45+",
  handsOn: "70%",
  clientsImproving: "92%",
  improvementMonths: 6,
  averageRoi: "3.4x",
} as const;

/** Timings and limits of the interface (spec section 9). */
export const ui = {
  headerShadowAfterPx: 20,
  homeFeaturedMax: 3,
  pillarFeaturedMax: 2,
  contactThankYouMs: 5000,
  exitPopup: { minOnPageMs: 10_000, autoHideMs: 60_000, successCloseMs: 2000, resetMs: 500 },
  toast: { limit: 1, durationMs: 5000, swipeThresholdPx: 50, hotkey: "F8" },
} as const;
