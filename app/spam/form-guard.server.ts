/**
 * The one guard in front of every public form (ADR 059): the lead forms and
 * their JSON API, the course booking form and the consultation's card
 * payment. In this order:
 *
 * 1. the honeypot (a hidden field people never fill in) and the minimum fill
 *    time (FORM_MIN_FILL_SECONDS since the form was shown): refused with 400,
 *    and what was posted is kept in the spam folder (capped per address and
 *    in total, app/spam/folder.server.ts) for the team to review;
 * 2. the rate limit of the form's family, counted per client address (the
 *    address the server resolved with TRUST_PROXY_HOPS, an IPv6 client by its
 *    /64, clientKey) in the family's own scope: over it, 429.
 *
 * Reading the posted form (a body that cannot be read: 400 with a clear
 * message) is here too, so no form reads its fields in a way of its own:
 * `guardForm` reads and checks a page form in one call.
 *
 * The public forms and how each comes here (ADR 073): the lead forms
 * (contact, guide request, newsletter, resource download, webinar
 * registration) through leads/form-action.server.ts, as page forms and as
 * their JSON API; the course booking form through `guardForm`
 * (orders/course-booking/booking-form.server.ts); the consultation's card
 * payment through `guardLimit`. The posts that carry a secret token (the
 * newsletter's confirm and unsubscribe links, a booking link's confirm and
 * new-link buttons) are not open forms and have limits of their own.
 */
import type { RouterContextProvider } from "react-router";
import { protectionFields, type FormFamily } from "~/forms/protection.ts";
import { resultMessages } from "~/forms/result.ts";
import { clientIpContext, configContext } from "~/http/request-context.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import { servicesContext } from "~/services.ts";
import type { SpamKind, SpamReason } from "./folder.server.ts";

/** Why a post is taken for a bot's, or null: a pure rule (unit-tested). */
export function botVerdict(fields: Record<string, unknown>, nowMs: number, minFillSeconds: number): SpamReason | null {
  const honeypot = fields[protectionFields.honeypot];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot";
  // The browser's clock may differ from ours: a time in our future says
  // nothing (skipped), no time at all (no JavaScript) says nothing either;
  // only 0 <= elapsed < minimum is refused.
  const startedAt = fields[protectionFields.startedAt];
  if (typeof startedAt !== "string" && typeof startedAt !== "number") return null;
  if (typeof startedAt === "string" && startedAt.trim() === "") return null;
  const elapsed = nowMs - Number(startedAt);
  if (Number.isFinite(elapsed) && elapsed >= 0 && elapsed < minFillSeconds * 1000) return "too-fast";
  return null;
}

export type GuardRefusal = {
  status: 400 | 429;
  reason: SpamReason | "rate-limited";
  /** The message for the visitor (the lead forms' own wording). */
  message: string;
};

export type GuardedPost = {
  /** Whose limit counts it. */
  family: FormFamily;
  /** What the spam folder files a refused post under. */
  kind: SpamKind;
  fields: Record<string, unknown>;
  sourcePage: string;
};

/**
 * Checks one post: null when it may go on, else the refusal to answer with.
 * A post refused as a bot's is kept in the spam folder (a failure to keep it
 * is only logged: the visitor's answer is the same either way).
 */
export async function guardPost(
  context: Readonly<RouterContextProvider>,
  post: GuardedPost,
  now = Date.now(),
): Promise<GuardRefusal | null> {
  const config = context.get(configContext);
  const services = context.get(servicesContext);
  const clientAddress = context.get(clientIpContext) ?? "unknown";
  const verdict = botVerdict(post.fields, now, config.FORM_MIN_FILL_SECONDS);
  if (verdict) {
    await services.leads
      .keepRefused({
        kind: post.kind,
        reason: verdict,
        fields: post.fields,
        clientAddress,
        sourcePage: post.sourcePage,
      })
      .catch((error: unknown) =>
        requestLog(context).warn({ err: error, kind: post.kind }, "Could not keep a refused submission"),
      );
    return verdict === "honeypot"
      ? { status: 400, reason: verdict, message: resultMessages.rejected }
      : { status: 400, reason: verdict, message: resultMessages.tooFast };
  }
  return guardLimit(context, post.family);
}

/**
 * The limit alone, for a post that carries no bot fields (the consultation's
 * card payment, a JSON call made by the site's own script): null when within
 * the family's per-address limit, else the 429 refusal.
 */
export async function guardLimit(
  context: Readonly<RouterContextProvider>,
  family: FormFamily,
): Promise<GuardRefusal | null> {
  const clientAddress = context.get(clientIpContext) ?? "unknown";
  if (!(await context.get(servicesContext).allowSubmission(family, clientAddress))) {
    return { status: 429, reason: "rate-limited", message: resultMessages.rateLimited };
  }
  return null;
}

/** The answer to a posted form whose body cannot be read. */
export const unreadableForm = "The form could not be read. Please try again." as const;

/** A page form's post after the guard: its fields, or the refusal to answer with (and the fields, when they could be read). */
export type GuardedForm =
  | { fields: Record<string, string>; refusal: null }
  | { fields: Record<string, string> | null; refusal: GuardRefusal | UnreadableRefusal };

export type UnreadableRefusal = { status: 400; reason: "unreadable"; message: typeof unreadableForm };

/**
 * Reads a page form and checks it (`guardPost`) in one call: the way a
 * public page form that is not a lead form comes through the guard.
 */
export async function guardForm(
  context: Readonly<RouterContextProvider>,
  request: Request,
  post: Omit<GuardedPost, "fields">,
  now = Date.now(),
): Promise<GuardedForm> {
  const fields = await readFormFields(request);
  if (!fields) return { fields: null, refusal: { status: 400, reason: "unreadable", message: unreadableForm } };
  const refusal = await guardPost(context, { ...post, fields }, now);
  return refusal ? { fields, refusal } : { fields, refusal: null };
}

/**
 * A page form's posted text fields (files are left out), or null when the
 * body is not a form that can be read (answer 400 with `unreadableForm`).
 */
export async function readFormFields(request: Request): Promise<Record<string, string> | null> {
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return null;
  }
}
