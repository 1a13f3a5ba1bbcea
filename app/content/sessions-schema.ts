/**
 * A dated session of a course (issue 29): what the team edits in the content
 * editor (type "session", app/content/types.server.ts) and what the catalogue
 * checks (app/content/index.server.ts). Server-side and in the editor only:
 * pages get the sessions they show from their loaders, so zod never reaches
 * the browser. See docs/decisions/055-course-sessions-as-content.md.
 */
import { z } from "zod";
import { listPricePence, maxSessionCapacity, sessionFormats, sessionStates } from "./session-formats.ts";
import { choiceMeta, penceMeta, referenceMeta } from "./field-meta.ts";
import { calendarDate } from "../time/london.ts";
import { sealedValuePattern } from "./schema.ts";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lowercase slug");
const text = z.string().trim().min(1);
const date = z
  .string()
  .trim()
  .refine((s) => calendarDate(s) !== null, {
    message: "must be a date, such as 8 March 2027",
    abort: true,
  });
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time on the 24-hour clock, such as 09:00");

/** One day's hours, London wall-clock time. */
export const sessionHoursSchema = z
  .object({ starts: time, ends: time })
  .refine((h) => h.ends > h.starts, { message: "must end after it starts", path: ["ends"] });

/** A place's name and postal address (the venue of a session in person). */
export const venueSchema = z.object({
  name: text.max(80),
  streetAddress: text.max(100),
  locality: text.max(60),
  postalCode: text.max(12),
  /** How to get there and in (the nearest stations, which entrance, whom to ask for): in the joining instructions. */
  directions: z.string().trim().max(600).optional(),
});

const httpsLink = z.url({ protocol: /^https$/ });

/** An amount per person in whole pence, edited in pounds (publishing/editor-fields.ts). */
const pence = z
  .number({ error: "must be an amount in pounds, such as 4500 or 4,050.50" })
  .int("must be a whole number of pence")
  .min(100, "must be at least £1")
  .meta(penceMeta);

export const courseSessionSchema = z
  .object({
    /**
     * The key: never changes (it is the session_key of its places and
     * bookings). The site names a new date after its course and first day
     * (publishing/names-in-use.server.ts): the form carries it, unseen.
     */
    id: slug.meta({ editor: "kept" }),
    courseId: slug.meta(referenceMeta("course")),
    /** The first day (a Monday: the course runs Monday to Friday). */
    startDate: date.refine(
      (s) => calendarDate(s)?.getUTCDay() === 1,
      "must be a Monday: the course runs Monday to Friday",
    ),
    /** Each of the five days' hours, Monday first (Europe/London). */
    hours: z.array(sessionHoursSchema).length(5, "must give the hours of each of the five days"),
    /** In person at a venue, or live online (at a client's site is sold by enquiry, never booked). */
    format: z.enum(sessionFormats).meta(choiceMeta({ "in-person": "In person, at a venue", online: "Live online" })),
    /** Where it runs: required in person, absent online. */
    venue: venueSchema.optional(),
    /**
     * A live online session's joining link (https), sent to its delegates
     * only, in the joining instructions and the reminder; never on a page.
     * Stored sealed under SECRETS_KEY as a webinar's is (ADR 062, ADR 082):
     * the schema takes the https link or its sealed form.
     */
    joiningLink: z
      .string()
      .trim()
      .refine((v) => sealedValuePattern.test(v) || httpsLink.safeParse(v).success, {
        error: "must be an https:// link",
      })
      .optional(),
    capacity: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(maxSessionCapacity, `must be at most ${maxSessionCapacity}`),
    /** The price per person in pence, before VAT; the course's list price when absent. */
    pricePence: pence.optional(),
    /** A lower price per person (pence, before VAT) for bookings made on or before `until` (London date). */
    earlyBird: z.object({ pricePence: pence, until: date }).optional(),
    state: z.enum(sessionStates).meta(
      choiceMeta({
        open: "Open for booking",
        confirmed: "Confirmed to run",
        cancelled: "Cancelled (no longer shown)",
      }),
    ),
  })
  .superRefine((s, ctx) => {
    if (s.format === "in-person" && !s.venue) {
      ctx.addIssue({
        code: "custom",
        path: ["venue"],
        message: "is required for a session in person: give the venue's name and address",
      });
    }
    if (s.format === "online" && s.venue) {
      ctx.addIssue({ code: "custom", path: ["venue"], message: "must be left empty for a live online session" });
    }
    if (s.format === "in-person" && s.joiningLink) {
      ctx.addIssue({
        code: "custom",
        path: ["joiningLink"],
        message: "is for a live online session: leave it empty for a session in person",
      });
    }
    const regular = s.pricePence ?? listPricePence;
    if (s.earlyBird && s.earlyBird.pricePence >= regular) {
      ctx.addIssue({
        code: "custom",
        path: ["earlyBird", "pricePence"],
        message: `must be below the session's regular price (£${regular / 100})`,
      });
    }
    if (s.earlyBird && s.earlyBird.until >= s.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["earlyBird", "until"],
        message: "must be before the session's start date",
      });
    }
  });

export type CourseSession = z.infer<typeof courseSessionSchema>;
export type SessionHours = z.infer<typeof sessionHoursSchema>;
export type Venue = z.infer<typeof venueSchema>;
