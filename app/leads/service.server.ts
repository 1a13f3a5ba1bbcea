/**
 * The lead service: stores every lead with the consent text its form shows,
 * the page it came from and when, and queues its e-mails in the same
 * transaction. A submission repeated within the duplicate window stores
 * nothing new and sends nothing new (it answers with the first record).
 */
import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { GuideId } from "~/content/ids.ts";
import type { Db } from "~/data/db.server.ts";
import { storeOnce } from "~/data/once.server.ts";
import type { Database } from "~/data/schema.ts";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import { listLead } from "~/data/inbox-index.server.ts";
import { keepSpam } from "~/spam/folder.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { emitEvent, leadCreated } from "~/webhooks/events.server.ts";
import { responseDeadline } from "~/calendar/response-deadline.ts";
import type { LeadFacts, MailContext } from "~/mail/types.ts";
import { allLeadKinds, leadKinds } from "./kinds/index.server.ts";
import type { LeadKind } from "./kinds/kind.server.ts";
import {
  type NewsletterSignup,
  newsletterLinks,
  newsletterTeamNotification,
  newsletterTokens,
  newsletterWelcomeEmail,
} from "./kinds/newsletter.server.ts";
import { looksLikeToken, tokenHash } from "~/secrets/tokens.server.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import type { ConfirmOutcome, LeadService, SubmissionMeta, SubmitOutcome, UnsubscribeOutcome } from "./types.ts";

export type LeadServiceOptions = {
  db: Db;
  mail: MailContext;
  /** Seals the links' tokens in the outbox (a guide's download, the newsletter's links) until they are sent. */
  keys: Keyring;
  /** A repeat of the same submission within this time is a duplicate. */
  duplicateWindowMs?: number;
  clock?: () => Date;
  /** Called after a transaction that queued e-mails (and webhook events) has committed. */
  onEmailsQueued?: () => void;
  /** Called after a new lead (not a repeat) has committed. */
  onStored?: (kind: FormKind) => void;
};

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

export function createLeadService(options: LeadServiceOptions): LeadService {
  const {
    db,
    mail,
    keys,
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
      consentText: leadKinds[kind].consentText,
      isTest: meta.isTest,
    };
  }

  return {
    async submit<K extends FormKind>(kind: K, input: FormInput<K>, meta: SubmissionMeta) {
      const definition = leadKinds[kind] as unknown as LeadKind<K>;
      definition.check?.(input, clock());
      return once(kind, fingerprint(kind, input, meta.isTest), async (trx, id, now) => {
        const leadFacts = facts(kind, id, now, meta);
        const stored = await definition.store(input, { trx, now, facts: leadFacts, mail, link });
        const hours = definition.answerWithinBusinessHours;
        const listing = definition.listing(input);
        await listLead(trx, {
          kind,
          id: stored.id,
          facts: leadFacts,
          listing,
          deadline: hours === undefined ? null : responseDeadline(now, hours, mail.calendar),
          attribution: meta.attribution,
        });
        await queueEmails(trx, { type: kind, id: stored.id }, stored.emails, now, keys);
        // A repeat sign-up joins its first record: that lead was reported already.
        if (stored.id === id) {
          await emitEvent(
            trx,
            leadCreated({
              kind,
              id,
              createdAt: leadFacts.createdAt,
              sourcePage: meta.sourcePage,
              isTest: meta.isTest,
              listing,
              subjectLabel: listing.subject ? definition.subjectLabel(listing.subject) : "",
              fields: input as Record<string, unknown>,
              attribution: meta.attribution ?? null,
              adminUrl: link(`/admin/leads/${id}`),
            }),
            now,
          );
        }
        return stored.id;
      });
    },

    async confirmNewsletter(token: string): Promise<ConfirmOutcome> {
      const now = clock();
      if (!looksLikeToken(token)) return "unknown";
      const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
        const sub = await trx
          .selectFrom("newsletter_subscriptions")
          .selectAll()
          .where("confirm_token_hash", "=", tokenHash(token))
          .executeTakeFirst();
        if (!sub) return "unknown";
        // The confirmation link's token gives the unsubscribe link's, for the welcome e-mail. (A sign-up
        // made before the tokens were hashed had another; the welcome e-mail's replaces it.)
        const tokens = newsletterTokens(token);
        const updated = await trx
          .updateTable("newsletter_subscriptions")
          .set({
            status: "confirmed",
            confirmed_at: now.toISOString(),
            updated_at: now.toISOString(),
            unsubscribe_token_hash: tokenHash(tokens.unsubscribe),
          })
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
          ...newsletterLinks(link, tokens),
        };
        await queueEmails(
          trx,
          { type: "newsletter", id: sub.id },
          [newsletterWelcomeEmail(signup, mail), newsletterTeamNotification(signup, mail)],
          now,
          keys,
        );
        await emitEvent(
          trx,
          {
            type: "subscriber.confirmed",
            email: sub.email,
            data: { id: sub.id, email: sub.email, confirmedAt: now.toISOString(), test: sub.is_test === 1 },
          },
          now,
        );
        return "confirmed";
      });
      if (outcome === "confirmed") onEmailsQueued();
      return outcome;
    },

    async unsubscribeNewsletter(token: string): Promise<UnsubscribeOutcome> {
      const at = clock();
      const now = at.toISOString();
      if (!looksLikeToken(token)) return "unknown";
      const outcome = await db.transaction().execute(async (trx): Promise<UnsubscribeOutcome> => {
        const sub = await trx
          .selectFrom("newsletter_subscriptions")
          .select(["id", "status", "email", "is_test"])
          .where("unsubscribe_token_hash", "=", tokenHash(token))
          .executeTakeFirst();
        if (!sub) return "unknown";
        const updated = await trx
          .updateTable("newsletter_subscriptions")
          .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
          .where("id", "=", sub.id)
          .where("status", "!=", "unsubscribed")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return "already-unsubscribed";
        await emitEvent(
          trx,
          {
            type: "subscriber.unsubscribed",
            email: sub.email,
            data: { id: sub.id, email: sub.email, unsubscribedAt: now, test: sub.is_test === 1 },
          },
          at,
        );
        return "unsubscribed";
      });
      if (outcome === "unsubscribed") onEmailsQueued();
      return outcome;
    },

    keepRefused(spam) {
      return keepSpam(db, spam, clock());
    },

    async findDownload(token: string): Promise<GuideId | null> {
      for (const kind of allLeadKinds) {
        const guide = await kind.findDownload?.(db, token);
        if (guide) return guide;
      }
      return null;
    },
  };
}
