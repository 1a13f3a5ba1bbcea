/**
 * "Add the next date" and "Duplicate" in the content editor (issue 39,
 * docs/decisions/067-duplicate-and-next-date.md): a new draft made from an
 * item's saved draft, under a key and address no other item has, which the
 * editor then opens. Nothing public changes: the copy is a draft until the
 * team publishes it, and a course date's places are made only then (its
 * publish hook, publish-hooks.server.ts).
 *
 * - A course date (type "session") takes a new start date the person
 *   chooses (a Monday after today, London time); it keeps the course,
 *   venue, format, hours, capacity and price; its early-bird offer's last
 *   day moves by as many days as the start did (dropped if that is past);
 *   it is "open" (not confirmed to run); its id is `<course>-<start date>`.
 * - Any other type that takes new items gets "… (copy)" as its title and
 *   `<address>-copy` as its id or slug; a webinar's joining link is left
 *   out (it is the registrants' credential of the original webinar).
 * - A fixed type (pillars, guides, pages' copy…) is refused: its set of
 *   items is the product's.
 */
import { data, redirect } from "react-router";
import { localDateTimeValue } from "~/time/london.ts";
import { sessionDateLabel } from "~/calendar/session-dates.ts";
import { businessCalendar } from "~/content/business.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import { contentTypes, type ContentType, type ContentTypeDefinition } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import {
  checkNewStart,
  copyAddress,
  copyTitle,
  daysBetween,
  dateInWords,
  sessionKeyFor,
  shiftEarlyBird,
  suggestNextStart,
} from "./duplicate-rules.ts";
import type { EditorContext } from "./editor.server.ts";
import { namesInUse } from "./names-in-use.server.ts";
import { createItem } from "./store/changes.server.ts";
import { readItem } from "./store/reading.server.ts";
import type { ContentActor, ContentResult } from "./store/core.server.ts";

/** The field that holds a copy's title, by type (a testimonial has none: it is named by its role and company). */
const titleFields: Partial<Record<ContentType, string>> = {
  course: "title",
  article: "title",
  webinar: "title",
  trainer: "name",
};

/** The London calendar date at `now` (YYYY-MM-DD). */
export function londonToday(now: Date): string {
  return localDateTimeValue(now, businessCalendar.timeZone).slice(0, 10);
}

/** Whether items of `type` may be duplicated: a list type that takes new items. */
export function canDuplicate(type: ContentType): boolean {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "list" && !definition.fixed;
}

const refusedFixed = (type: ContentType) => {
  const definition: ContentTypeDefinition = contentTypes[type];
  return {
    ok: false as const,
    reason: "refused" as const,
    message: `${definition.plural} are fixed: each can be edited, but none added, so none is copied.`,
  };
};

/** The max length of a string field of the type's schema, if it has one. */
function maxLengthOf(type: ContentType, field: string): number | undefined {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list") return undefined;
  const shape = (definition.schema as unknown as { shape?: Record<string, { maxLength?: number | null }> }).shape;
  return shape?.[field]?.maxLength ?? undefined;
}

/** The copy's data, from the original's draft (not for a session: see nextSessionData). */
function copyData(type: ContentType, draft: Record<string, unknown>, inUse: Set<string>): Record<string, unknown> {
  const definition: ContentTypeDefinition = contentTypes[type];
  const copy: Record<string, unknown> = { ...draft };
  const field = definition.shape === "list" ? definition.addressField : undefined;
  if (field && typeof draft[field] === "string") copy[field] = copyAddress(draft[field], (n) => inUse.has(n));
  const titleField = titleFields[type];
  if (titleField && typeof draft[titleField] === "string") {
    copy[titleField] = copyTitle(draft[titleField], maxLengthOf(type, titleField));
  }
  // A webinar's joining link is its registrants' credential: a new webinar gets its own.
  if (type === "webinar") delete copy.joinUrl;
  if (type === "session") delete copy.joiningLink;
  return copy;
}

/** The next run of a course date: the same course, venue, format, hours, capacity and price from `startDate`. */
function nextSessionData(original: CourseSession, startDate: string, today: string, inUse: Set<string>): CourseSession {
  // A joining link is the original's delegates' credential (ADR 082): the new date gets its own.
  const { earlyBird: _earlyBird, joiningLink: _joiningLink, ...rest } = original;
  const earlyBird = shiftEarlyBird(original.earlyBird, daysBetween(original.startDate, startDate), today);
  return {
    ...rest,
    id: sessionKeyFor(original.courseId, startDate, (n) => inUse.has(n)),
    startDate,
    state: "open",
    ...(earlyBird ? { earlyBird } : {}),
  };
}

/**
 * Makes a new draft from the item `key` of `type` (its saved draft): for a
 * course date, starting on `startDate`. Its key, or the reason it is refused
 * (a fixed type, no such item, a start date that is not a Monday after today).
 */
export async function duplicateItem(
  db: Db,
  input: { type: ContentType; key: string; startDate?: string; actor: ContentActor; now: Date },
): Promise<ContentResult<{ key: string; from: string }>> {
  const { type, key, actor, now } = input;
  if (!canDuplicate(type)) return refusedFixed(type);
  const original = await readItem(db, type, key);
  if (!original) {
    return {
      ok: false,
      reason: "not-found",
      message: `There is no ${contentTypes[type].label.toLowerCase()} "${key}".`,
    };
  }
  const inUse = await namesInUse(db, type);
  let copy: unknown;
  if (type === "session") {
    const today = londonToday(now);
    const start = checkNewStart(input.startDate ?? "", today);
    if (!start.ok) {
      return {
        ok: false,
        reason: "invalid",
        message: start.message,
        issues: [{ path: "startDate", message: start.message }],
      };
    }
    copy = nextSessionData(original.draft as CourseSession, start.date, today, inUse);
  } else {
    copy = copyData(type, original.draft as Record<string, unknown>, inUse);
  }
  const made = await createItem(db, { type, data: copy, actor, now });
  return made.ok ? { ok: true, key: made.key, from: original.title } : made;
}

// --- The page (/admin/content/:type/:key/duplicate) ---------------------------

export type DuplicatePage = {
  type: ContentType;
  key: string;
  label: string;
  plural: string;
  title: string;
  /** A course date: when it runs, and the start date suggested for the next one. */
  session: { dates: string; where: string; suggested: string; suggestedWords: string } | null;
};

export async function duplicatePage(db: Db, type: ContentType, key: string, now: Date): Promise<DuplicatePage> {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (!canDuplicate(type)) throw data(refusedFixed(type).message, { status: 404 });
  const item = await readItem(db, type, key);
  if (!item) throw data("There is no such item.", { status: 404 });
  let session: DuplicatePage["session"] = null;
  if (type === "session") {
    const s = item.draft as CourseSession;
    const rows = await db.selectFrom("content_items").select("draft").where("type", "=", "session").execute();
    const taken = new Set(
      rows
        .map((r) => JSON.parse(r.draft) as CourseSession)
        .filter((other) => other.courseId === s.courseId)
        .map((other) => other.startDate),
    );
    const suggested = suggestNextStart(s.startDate, londonToday(now), taken);
    session = {
      dates: sessionDateLabel(s),
      where: s.format === "online" ? "live online" : `in person at ${s.venue?.name ?? "its venue"}`,
      suggested,
      suggestedWords: dateInWords(suggested),
    };
  }
  return { type, key, label: definition.label, plural: definition.plural, title: item.title, session };
}

/** What a refused copy answers: the message, the start date's, and the date as it was chosen (in words too). */
export type DuplicateAnswer = { message: string; startDate?: string; chosen?: string; chosenWords?: string };

/** The page's form: makes the draft, audits it, and opens it in the editor (with a notice of what was made). */
export async function duplicateAction(ctx: EditorContext, type: ContentType, key: string, form: FormData) {
  const startDate = typeof form.get("startDate") === "string" ? String(form.get("startDate")).trim() : undefined;
  const result = await duplicateItem(ctx.db, {
    type,
    key,
    startDate,
    actor: { id: ctx.user.id, name: ctx.user.name },
    now: new Date(),
  });
  if (!result.ok) {
    const status = { "not-found": 404, invalid: 400, conflict: 409, refused: 409 }[result.reason];
    const startIssue = result.reason === "invalid" ? result.issues.find((i) => i.path === "startDate") : undefined;
    // Any other field's problem (another item took the address a moment ago) is said in full: this page has no such field.
    const message =
      result.reason === "invalid" && !startIssue
        ? `The copy was not made: ${result.issues.map((i) => i.message).join(" ")} Try again.`
        : result.message;
    return data<DuplicateAnswer>(
      {
        message,
        ...(startIssue ? { startDate: startIssue.message } : {}),
        ...(startDate ? { chosen: startDate.slice(0, 10), chosenWords: dateInWords(startDate.slice(0, 10)) } : {}),
      },
      { status },
    );
  }
  await ctx.audit({
    action: type === "session" ? "content-next-date-added" : "content-duplicated",
    target: `content:${type}:${result.key}`,
    detail: { copyOf: result.from, ...(type === "session" && startDate ? { starts: dateInWords(startDate) } : {}) },
  });
  const made = type === "session" && startDate ? `next-date&starts=${startDate}` : "copy";
  return redirect(`/admin/content/${type}/${result.key}?made=${made}`);
}
