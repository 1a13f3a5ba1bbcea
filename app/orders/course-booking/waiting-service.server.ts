/**
 * The waiting lists' service for the pages (ADR 083): the public form of a
 * full date, the confirmation link's page, the offer link's page, and the
 * team's list with its moves and removals. The store and the job are
 * ./waiting.server.ts; the booking from an offer is the booking service's
 * `book` with the offer's token.
 */
import type { Db } from "~/data/db.server.ts";
import type { MailContext } from "~/mail/types.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { isUpcoming, sessionDateLabel } from "~/calendar/session-dates.ts";
import { bookable, findSession, sessionByKey } from "./bookable.server.ts";
import { placesLeft } from "./places.server.ts";
import { parseWaitingForm } from "./waiting-form.ts";
import {
  confirmWaiting,
  joinWaitingList,
  moveWaiting,
  offerByToken,
  removeWaiting,
  waitingList,
  type ListEntry,
  type WaitingRow,
} from "./waiting.server.ts";
import { confirmLinkLapsed } from "./waiting.ts";
import { looksLikeToken, tokenHash } from "~/secrets/tokens.server.ts";

export type JoinOutcome =
  | { kind: "not-found" }
  | { kind: "not-full" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "sent"; email: string };

export type WaitingSession = { courseId: string; sessionId: string; courseTitle: string; label: string };

export type OfferPage =
  | {
      ok: true;
      session: WaitingSession;
      places: number;
      until: string;
      name: string;
      email: string;
      organisation: string;
    }
  | { ok: false; reason: "unknown" | "lapsed" | "used" };

function sessionOf(row: Pick<WaitingRow, "session_key" | "course_id">): WaitingSession | null {
  const published = sessionByKey(row.session_key);
  if (!published) return null;
  return {
    courseId: published.course.id,
    sessionId: published.session.id,
    courseTitle: published.course.title,
    label: sessionDateLabel(published.session),
  };
}

export function createWaitingService({
  db,
  mail,
  keys,
  clock = () => new Date(),
  onEmailsQueued = () => {},
  onPlacesChanged = () => {},
}: {
  db: Db;
  mail: MailContext;
  keys: Keyring;
  clock?: () => Date;
  onEmailsQueued?: () => void;
  onPlacesChanged?: (sessionKey: string) => void;
}) {
  return {
    /** The public form: a full date's request stored unconfirmed, its confirmation link e-mailed to the address given only. */
    async join(
      params: { courseId?: string; sessionId?: string },
      values: Record<string, string>,
      isTest = false,
    ): Promise<JoinOutcome> {
      const published = findSession(params.courseId ?? "", params.sessionId ?? "");
      if (!published) return { kind: "not-found" };
      const now = clock();
      const session = bookable(published);
      const left = (await placesLeft(db, [session.key])).get(session.key) ?? 0;
      if (left > 0 || session.state === "cancelled" || !isUpcoming(published.session, now)) return { kind: "not-full" };
      const parsed = parseWaitingForm(values);
      if (!parsed.ok) return { kind: "invalid", fieldErrors: parsed.fieldErrors };
      await joinWaitingList(db, session, parsed.request, { now, mail, keys, isTest });
      onEmailsQueued();
      return { kind: "sent", email: parsed.request.email };
    },

    /** What the confirmation link's page says before its button is pressed. */
    async confirmPage(
      token: string,
    ): Promise<
      | { ok: true; session: WaitingSession; places: number; confirmed: boolean }
      | { ok: false; reason: "unknown" | "lapsed" }
    > {
      if (!looksLikeToken(token)) return { ok: false, reason: "unknown" };
      const row = await db
        .selectFrom("course_waiting")
        .select(["session_key", "course_id", "places", "state", "created_at"])
        .where("confirm_hash", "=", tokenHash(token))
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "unknown" };
      const confirmed = row.state !== "unconfirmed";
      if (!confirmed && confirmLinkLapsed(new Date(row.created_at), clock())) return { ok: false, reason: "lapsed" };
      const session = sessionOf(row);
      return session ? { ok: true, session, places: row.places, confirmed } : { ok: false, reason: "unknown" };
    },

    /** The button on that page: the request waits. */
    async confirm(token: string) {
      return confirmWaiting(db, token, clock());
    },

    /** The offer link's page. */
    async offerPage(token: string): Promise<OfferPage> {
      const offer = await offerByToken(db, token, clock());
      if (!offer.ok) return offer;
      const session = sessionOf(offer.row);
      if (!session) return { ok: false, reason: "lapsed" };
      return {
        ok: true,
        session,
        places: offer.row.places,
        until: offer.row.offer_expires_at!,
        name: offer.row.name,
        email: offer.row.email,
        organisation: offer.row.organisation,
      };
    },

    /** The booking made from a used offer link: to whom its confirmation link went, and by when (the page after booking). */
    async bookedFrom(token: string): Promise<{ email: string; confirmBy: string | null } | null> {
      if (!looksLikeToken(token)) return null;
      const row = await db
        .selectFrom("course_waiting as w")
        .innerJoin("course_bookings as b", "b.id", "w.booking_id")
        .select(["b.booker_email", "b.hold_expires_at"])
        .where("w.offer_hash", "=", tokenHash(token))
        .where("w.state", "=", "accepted")
        .executeTakeFirst();
      return row ? { email: row.booker_email, confirmBy: row.hold_expires_at } : null;
    },

    /** A date's list for the team. */
    list: (sessionKey: string): Promise<ListEntry[]> => waitingList(db, sessionKey),

    /** The team moves a waiting request up or down; null if it cannot (not waiting, or at the end). */
    async move(sessionKey: string, id: string, direction: "up" | "down") {
      const entry = (await waitingList(db, sessionKey)).find((e) => e.id === id);
      if (!entry) return null;
      return (await moveWaiting(db, id, direction)) ? entry : null;
    },

    /** The team removes a request (an offer's places go back). */
    async remove(sessionKey: string, id: string) {
      const entry = (await waitingList(db, sessionKey)).find((e) => e.id === id);
      if (!entry) return null;
      const gone = await removeWaiting(db, id, clock());
      if (gone?.state === "offered") onPlacesChanged(sessionKey);
      return gone ? entry : null;
    },
  };
}

export type WaitingService = ReturnType<typeof createWaitingService>;
