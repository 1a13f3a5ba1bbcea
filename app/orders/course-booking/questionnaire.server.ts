/**
 * The pre-course questionnaire (issue 41, docs/decisions/082-joining-instructions.md):
 * each delegate's private link (/joining/{token}) and their answers, in
 * course_joining. The link is a credential, as a booking link is
 * (./booking-links.server.ts): 32 random bytes, given only to the delegate
 * (their joining instructions, where the outbox keeps it sealed); the
 * database keeps its SHA-256 alone. It opens only while the delegate still
 * holds the place on a confirmed booking (invoiced or paid), until 7 days
 * after the course (./joining.ts); anything else is as unknown as a link
 * never made. The answers can be changed until the course starts.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { inCalendarStatuses } from "./invitations.server.ts";
import {
  questionnaireLinkExpiresAt,
  readAnswers,
  type QuestionnaireAnswers,
  type QuestionnaireField,
} from "./joining.ts";
import { looksLikeToken, tokenHash } from "~/secrets/tokens.server.ts";

export type Questionnaire = {
  id: string;
  delegateName: string;
  courseTitle: string;
  sessionLabel: string;
  startsAt: Date;
  answers: QuestionnaireAnswers;
  answeredAt: string | null;
  /** False once the course has started: the answers are shown, no longer changed. */
  open: boolean;
};

function query(db: Db | Transaction<Database>) {
  return db
    .selectFrom("course_joining as j")
    .innerJoin("course_bookings as b", "b.id", "j.booking_id")
    .innerJoin("course_booking_delegates as d", (join) => join.onRef("d.booking_id", "=", "j.booking_id"))
    .select([
      "j.id",
      "j.email",
      "d.email as delegateEmail",
      "d.name",
      "b.course_title",
      "b.session_label",
      "b.session_starts_at",
      "b.session_ends_at",
      "b.status",
      "j.objectives",
      "j.experience",
      "j.access_needs",
      "j.dietary_needs",
      "j.answered_at",
    ]);
}

/** The questionnaire a link opens at `now`; null for anything else (unknown, expired, the place passed on, the booking cancelled). */
export async function questionnaireFor(db: Db, token: string, now: Date): Promise<Questionnaire | null> {
  if (!looksLikeToken(token)) return null;
  const rows = await query(db).where("j.token_hash", "=", tokenHash(token)).execute();
  const row = rows.find((r) => r.delegateEmail?.toLowerCase() === r.email);
  if (!row || !inCalendarStatuses.includes(row.status)) return null;
  if (now.getTime() >= questionnaireLinkExpiresAt(new Date(row.session_ends_at)).getTime()) return null;
  const startsAt = new Date(row.session_starts_at);
  return {
    id: row.id,
    delegateName: row.name ?? "",
    courseTitle: row.course_title,
    sessionLabel: row.session_label,
    startsAt,
    answers: {
      objectives: row.objectives,
      experience: row.experience,
      accessNeeds: row.access_needs,
      dietaryNeeds: row.dietary_needs,
    },
    answeredAt: row.answered_at,
    open: now.getTime() < startsAt.getTime(),
  };
}

export type SaveAnswers = { ok: true } | { ok: false; reason: "unknown" | "started" };

/** Saves the answers the link's delegate gave, if it still opens and the course has not started. */
export async function saveAnswers(
  db: Db,
  token: string,
  answers: QuestionnaireAnswers,
  now: Date,
): Promise<SaveAnswers> {
  const found = await questionnaireFor(db, token, now);
  if (!found) return { ok: false, reason: "unknown" };
  if (!found.open) return { ok: false, reason: "started" };
  await db
    .updateTable("course_joining")
    .set({
      objectives: answers.objectives,
      experience: answers.experience,
      access_needs: answers.accessNeeds,
      dietary_needs: answers.dietaryNeeds,
      answered_at: now.toISOString(),
    })
    .where("id", "=", found.id)
    .execute();
  return { ok: true };
}

export type RosterAnswers = QuestionnaireAnswers & { answeredAt: string | null };

/** The answers of each delegate of a session's bookings, by booking id and lower-cased address (the roster's). */
export async function sessionAnswers(db: Db, sessionKey: string): Promise<Map<string, RosterAnswers>> {
  const rows = await db
    .selectFrom("course_joining as j")
    .innerJoin("course_bookings as b", "b.id", "j.booking_id")
    .select([
      "j.booking_id",
      "j.email",
      "j.objectives",
      "j.experience",
      "j.access_needs",
      "j.dietary_needs",
      "j.answered_at",
    ])
    .where("b.session_key", "=", sessionKey)
    .where("j.answered_at", "is not", null)
    .execute();
  return new Map(
    rows.map((r) => [
      answersKey(r.booking_id, r.email),
      {
        objectives: r.objectives,
        experience: r.experience,
        accessNeeds: r.access_needs,
        dietaryNeeds: r.dietary_needs,
        answeredAt: r.answered_at,
      },
    ]),
  );
}

export const answersKey = (bookingId: string, email: string) => `${bookingId}\u0000${email.trim().toLowerCase()}`;

export type QuestionnaireService = {
  /** The questionnaire a link opens now; null: a 404. */
  open(token: string): Promise<Questionnaire | null>;
  /** Reads and saves a posted questionnaire. */
  answer(
    token: string,
    form: Partial<Record<string, unknown>>,
  ): Promise<
    | { ok: true }
    | { ok: false; reason: "unknown" | "started" }
    | { ok: false; reason: "invalid"; problems: Partial<Record<QuestionnaireField, string>> }
  >;
};

/** The pre-course questionnaire's service, for its page (app/routes/joining.tsx). */
export function createQuestionnaireService({
  db,
  clock = () => new Date(),
}: {
  db: Db;
  clock?: () => Date;
}): QuestionnaireService {
  return {
    open: (token) => questionnaireFor(db, token, clock()),
    async answer(token, form) {
      const read = readAnswers(form);
      if (!read.ok) {
        // A link that opens nothing is a 404 whatever was posted.
        if (!(await questionnaireFor(db, token, clock()))) return { ok: false, reason: "unknown" };
        return { ok: false, reason: "invalid", problems: read.problems };
      }
      return saveAnswers(db, token, read.answers, clock());
    },
  };
}
