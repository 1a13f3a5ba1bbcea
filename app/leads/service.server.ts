/**
 * The lead service: stores every lead with the consent text its form shows,
 * the page it came from and when, and queues its e-mails in the same
 * transaction. A submission repeated within the duplicate window stores
 * nothing new and sends nothing new (it answers with the first record).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { catalogue, getTrainer } from "~/content/index.server.ts";
import type { GuideId } from "~/content/ids.ts";
import type { Db } from "~/data/db.server.ts";
import { storeOnce } from "~/data/once.server.ts";
import type { Database, LeadTable } from "~/data/schema.ts";
import { consentTexts } from "~/forms/consent.ts";
import { type FormInput, type FormKind, serviceInterests } from "~/forms/schemas.ts";
import { queueEmails } from "~/mail/outbox.server.ts";
import * as templates from "~/mail/templates.server.ts";
import type { LeadFacts, MailContext, NewsletterSignup } from "~/mail/types.ts";
import { UnknownReferenceError } from "./errors.ts";
import type { ConfirmOutcome, LeadService, SubmissionMeta, SubmitOutcome, UnsubscribeOutcome } from "./types.ts";

export type LeadServiceOptions = {
  db: Db;
  mail: MailContext;
  /** A repeat of the same submission within this time is a duplicate. */
  duplicateWindowMs?: number;
  clock?: () => Date;
  /** Called after a transaction that queued e-mails has committed. */
  onEmailsQueued?: () => void;
  /** Called after a new lead (not a repeat) has committed. */
  onStored?: (kind: FormKind) => void;
};

const tableOf: Record<FormKind, LeadTable> = {
  contact: "contact_enquiries",
  guideRequest: "guide_requests",
  resourceDownload: "resource_downloads",
  newsletter: "newsletter_subscriptions",
  webinarRegistration: "webinar_registrations",
};

/** A random, unguessable token for links in e-mails. */
export const newToken = () => randomBytes(24).toString("base64url");

/** Same kind, same fields (e-mail case ignored), same test flag: same fingerprint. */
export function fingerprint(kind: FormKind, input: Record<string, unknown>, isTest: boolean): string {
  const normalised = Object.keys(input)
    .sort()
    .map((key) => {
      const value = input[key];
      const text = typeof value === "string" ? value.trim() : value;
      return [key, key.toLowerCase().includes("email") && typeof text === "string" ? text.toLowerCase() : text];
    });
  return createHash("sha256")
    .update(JSON.stringify([kind, isTest, normalised]))
    .digest("hex");
}

const guideByName = (name: string) => catalogue.guides.find((g) => g.guideName === name);
const guideById = (id: string) => catalogue.guides.find((g) => g.id === id);

export function createLeadService(options: LeadServiceOptions): LeadService {
  const {
    db,
    mail,
    duplicateWindowMs = 10 * 60_000,
    clock = () => new Date(),
    onEmailsQueued = () => {},
    onStored = () => {},
  } = options;
  const link = (path: string) => `${mail.siteUrl}${path}`;

  /** Runs `store` in a transaction unless the same submission was stored in the window. */
  async function once(
    kind: FormKind,
    key: string,
    store: (trx: Transaction<Database>, id: string, now: Date) => Promise<string | void>,
  ): Promise<SubmitOutcome> {
    const now = clock();
    const outcome = await storeOnce(db, key, { now, windowMs: duplicateWindowMs }, (trx, id) => store(trx, id, now));
    if (!outcome.duplicate) {
      onStored(kind);
      onEmailsQueued();
    }
    return outcome;
  }

  function facts(kind: FormKind, id: string, now: Date, meta: SubmissionMeta): LeadFacts {
    return {
      id,
      createdAt: now.toISOString(),
      sourcePage: meta.sourcePage,
      consentText: consentTexts[kind],
      isTest: meta.isTest,
    };
  }

  function row(f: LeadFacts) {
    return {
      id: f.id,
      created_at: f.createdAt,
      consent_text: f.consentText,
      source_page: f.sourcePage,
      is_test: f.isTest ? 1 : 0,
    };
  }

  const submitters: { [K in FormKind]: (input: FormInput<K>, meta: SubmissionMeta) => Promise<SubmitOutcome> } = {
    contact: (input, meta) =>
      once("contact", fingerprint("contact", input, meta.isTest), async (trx, id, now) => {
        const f = facts("contact", id, now, meta);
        await trx
          .insertInto("contact_enquiries")
          .values({
            ...row(f),
            name: input.name,
            email: input.email,
            phone: input.phone,
            company: input.company,
            job_title: input.jobTitle || null,
            service_interest: input.serviceInterest,
            message: input.message,
            preferred_contact: input.preferredContact,
          })
          .execute();
        const label = serviceInterests.find((s) => s.value === input.serviceInterest)!.label;
        const emails = templates.contactEmails({ ...input, ...f, serviceInterestLabel: label }, mail);
        await queueEmails(trx, { type: "contact", id }, emails, now);
      }),

    guideRequest: (input, meta) =>
      once("guideRequest", fingerprint("guideRequest", input, meta.isTest), async (trx, id, now) => {
        const f = facts("guideRequest", id, now, meta);
        const token = newToken();
        await trx
          .insertInto("guide_requests")
          .values({ ...row(f), ...input, download_token: token })
          .execute();
        const guide = guideByName(input.guide_name)!;
        const emails = templates.guideRequestEmails(
          { ...input, ...f, guideTitle: guide.title, downloadUrl: link(`/downloads/${token}`) },
          mail,
        );
        await queueEmails(trx, { type: "guideRequest", id }, emails, now);
      }),

    resourceDownload: (input, meta) =>
      once("resourceDownload", fingerprint("resourceDownload", input, meta.isTest), async (trx, id, now) => {
        const f = facts("resourceDownload", id, now, meta);
        const token = newToken();
        await trx
          .insertInto("resource_downloads")
          .values({ ...row(f), email: input.email, resource_id: input.resourceId, download_token: token })
          .execute();
        const guide = guideById(input.resourceId)!;
        const emails = templates.resourceDownloadEmails(
          {
            ...f,
            email: input.email,
            resourceId: input.resourceId,
            guideTitle: guide.title,
            downloadUrl: link(`/downloads/${token}`),
          },
          mail,
        );
        await queueEmails(trx, { type: "resourceDownload", id }, emails, now);
      }),

    newsletter: (input, meta) =>
      once("newsletter", fingerprint("newsletter", input, meta.isTest), async (trx, id, now) => {
        const email = input.email.toLowerCase();
        const nowIso = now.toISOString();
        const f = facts("newsletter", id, now, meta);
        await trx
          .insertInto("newsletter_subscriptions")
          .values({
            ...row(f),
            email,
            status: "pending",
            confirm_token: newToken(),
            unsubscribe_token: newToken(),
            updated_at: nowIso,
            confirmed_at: null,
            unsubscribed_at: null,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .execute();
        const existing = await trx
          .selectFrom("newsletter_subscriptions")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        // Already confirmed: nothing to do, and nothing to tell anyone.
        if (existing.status === "confirmed") return existing.id;
        let confirmToken = existing.confirm_token;
        if (existing.status === "unsubscribed") {
          // Signing up again after unsubscribing: a new confirmation is needed.
          confirmToken = newToken();
          await trx
            .updateTable("newsletter_subscriptions")
            .set({
              status: "pending",
              confirm_token: confirmToken,
              updated_at: nowIso,
              unsubscribed_at: null,
              // This sign-up's own consent and page (an unsubscribed row keeps only the address).
              consent_text: f.consentText,
              source_page: f.sourcePage,
              is_test: f.isTest ? 1 : 0,
            })
            .where("id", "=", existing.id)
            .execute();
        }
        const signup: NewsletterSignup = {
          ...f,
          id: existing.id,
          email,
          confirmUrl: link(`/newsletter/confirm?token=${confirmToken}`),
          unsubscribeUrl: link(`/newsletter/unsubscribe?token=${existing.unsubscribe_token}`),
        };
        await queueEmails(
          trx,
          { type: "newsletter", id: existing.id },
          [templates.newsletterConfirmationEmail(signup, mail)],
          now,
        );
        return existing.id;
      }),

    webinarRegistration: async (input, meta) => {
      const webinar = catalogue.webinars.find((w) => w.id === input.webinarId);
      if (!webinar) throw new UnknownReferenceError("webinarId", "Please choose a webinar");
      return once(
        "webinarRegistration",
        fingerprint("webinarRegistration", input, meta.isTest),
        async (trx, id, now) => {
          const f = facts("webinarRegistration", id, now, meta);
          await trx
            .insertInto("webinar_registrations")
            .values({ ...row(f), webinar_id: webinar.id, name: input.name, email: input.email, company: input.company })
            .execute();
          const emails = templates.webinarEmails(
            {
              ...input,
              ...f,
              webinarTitle: webinar.title,
              startsAt: webinar.startsAt,
              durationMinutes: webinar.durationMinutes,
              presenter: getTrainer(webinar.presenterTrainerId)?.name ?? "",
            },
            mail,
          );
          await queueEmails(trx, { type: "webinarRegistration", id }, emails, now);
        },
      );
    },
  };

  return {
    submit<K extends FormKind>(kind: K, input: FormInput<K>, meta: SubmissionMeta) {
      return (submitters[kind] as (input: FormInput<K>, meta: SubmissionMeta) => Promise<SubmitOutcome>)(input, meta);
    },

    async confirmNewsletter(token: string): Promise<ConfirmOutcome> {
      const now = clock();
      const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
        const sub = await trx
          .selectFrom("newsletter_subscriptions")
          .selectAll()
          .where("confirm_token", "=", token)
          .executeTakeFirst();
        if (!sub) return "unknown";
        const updated = await trx
          .updateTable("newsletter_subscriptions")
          .set({ status: "confirmed", confirmed_at: now.toISOString(), updated_at: now.toISOString() })
          .where("id", "=", sub.id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return sub.status === "confirmed" ? "already-confirmed" : "unknown";
        const signup: NewsletterSignup = {
          id: sub.id,
          createdAt: sub.created_at,
          sourcePage: sub.source_page,
          consentText: sub.consent_text,
          isTest: sub.is_test === 1,
          email: sub.email,
          confirmUrl: link(`/newsletter/confirm?token=${sub.confirm_token}`),
          unsubscribeUrl: link(`/newsletter/unsubscribe?token=${sub.unsubscribe_token}`),
        };
        await queueEmails(
          trx,
          { type: "newsletter", id: sub.id },
          [templates.newsletterWelcomeEmail(signup, mail), templates.newsletterTeamNotification(signup, mail)],
          now,
        );
        return "confirmed";
      });
      if (outcome === "confirmed") onEmailsQueued();
      return outcome;
    },

    async unsubscribeNewsletter(token: string): Promise<UnsubscribeOutcome> {
      const now = clock().toISOString();
      const sub = await db
        .selectFrom("newsletter_subscriptions")
        .select(["id", "status"])
        .where("unsubscribe_token", "=", token)
        .executeTakeFirst();
      if (!sub) return "unknown";
      const updated = await db
        .updateTable("newsletter_subscriptions")
        .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
        .where("id", "=", sub.id)
        .where("status", "!=", "unsubscribed")
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1 ? "unsubscribed" : "already-unsubscribed";
    },

    async findDownload(token: string): Promise<GuideId | null> {
      const request = await db
        .selectFrom("guide_requests")
        .select("guide_name")
        .where("download_token", "=", token)
        .executeTakeFirst();
      if (request) return guideByName(request.guide_name)?.id ?? null;
      const download = await db
        .selectFrom("resource_downloads")
        .select("resource_id")
        .where("download_token", "=", token)
        .executeTakeFirst();
      return download ? (guideById(download.resource_id)?.id ?? null) : null;
    },
  };
}

export { tableOf as leadTables };
