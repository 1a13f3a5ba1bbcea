/**
 * A newsletter subscription (double opt-in), on the server: one row per
 * address in newsletter_subscriptions. Signing up asks for confirmation
 * (nothing more is sent until then); an address already confirmed is left
 * alone and told nothing; an unsubscribed address signing up again needs a
 * new confirmation. Confirming and unsubscribing are the lead service's
 * (../service.server.ts), with the e-mails below.
 */
import { organisation } from "~/content/organisation.ts";
import {
  a,
  address,
  compose,
  inSubject,
  link,
  oneLine,
  p,
  siteLink,
  subject,
  unsubscribeHeaders,
} from "~/mail/compose.server.ts";
import type { LeadColumns } from "~/data/schema.ts";
import { withheldCredential, type LeadFacts, type MailContext, type OutgoingEmail } from "~/mail/types.ts";
import { type LeadKind, leadRow, listing, sameAddress } from "./kind.server.ts";
import { newsletter as texts, newsletterKept as kept } from "./newsletter.ts";
import { teamNotification } from "./lead-emails.server.ts";
import { newToken, tokenHash } from "~/secrets/tokens.server.ts";
import { createHash } from "node:crypto";
import { siteContact } from "~/content/index.server.ts";
import { formatContactAddress } from "~/content/site-facts.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    /** One row per address (the suppression list keeps an unsubscribed address alone). */
    newsletter_subscriptions: LeadColumns & {
      /** Lower-cased. */
      email: string;
      status: "pending" | "confirmed" | "unsubscribed";
      /** SHA-256 of the confirmation link's token (./tokens.server.ts). */
      confirm_token_hash: string;
      /** SHA-256 of the unsubscribe links' token. */
      unsubscribe_token_hash: string;
      updated_at: string;
      confirmed_at: string | null;
      unsubscribed_at: string | null;
    };
  }
}

/**
 * A sign-up's links, with their tokens withheld (`confirmUrl`,
 * `unsubscribeUrl`), and the tokens, which the outbox keeps sealed and puts
 * in as it sends (OutgoingEmail.secrets).
 */
export type NewsletterSignup = LeadFacts & {
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  tokens: NewsletterTokens;
};

/**
 * A sign-up's two tokens. The unsubscribe token is made from the
 * confirmation token, so that confirming (which brings the confirmation
 * token back) can give the welcome e-mail the same unsubscribe link as the
 * confirmation e-mail, while the database keeps only the two hashes.
 */
export type NewsletterTokens = { confirm: string; unsubscribe: string };

/** The unsubscribe token that goes with a confirmation token. */
export const unsubscribeTokenFor = (confirm: string) =>
  createHash("sha256").update(`newsletter-unsubscribe\u0000${confirm}`).digest("base64url");

export function newsletterTokens(confirm = newToken()): NewsletterTokens {
  return { confirm, unsubscribe: unsubscribeTokenFor(confirm) };
}

/** What the row keeps of a sign-up's tokens. */
const tokenHashes = (tokens: NewsletterTokens) => ({
  confirm_token_hash: tokenHash(tokens.confirm),
  unsubscribe_token_hash: tokenHash(tokens.unsubscribe),
});

export const confirmCredential = "newsletter-confirm-link";
export const unsubscribeCredential = "newsletter-unsubscribe-link";

/** The links every newsletter e-mail carries, their tokens withheld. */
export function newsletterLinks(link: (path: string) => string, tokens: NewsletterTokens) {
  return {
    confirmUrl: link(`/newsletter/confirm?token=${withheldCredential(confirmCredential)}`),
    unsubscribeUrl: link(`/newsletter/unsubscribe?token=${withheldCredential(unsubscribeCredential)}`),
    tokens,
  };
}

/**
 * What an address alone on the suppression list keeps of its row: nothing
 * but the address and its status; the hashes of tokens no one was given
 * (old links lead nowhere), and `at` as the only date.
 */
const addressAlone = (at: string) => ({
  consent_text: "",
  source_page: "",
  ...tokenHashes(newsletterTokens()),
  confirmed_at: null,
  created_at: at,
  unsubscribed_at: at,
});

export const newsletter: LeadKind<"newsletter"> = {
  ...texts,
  ...kept,
  table: "newsletter_subscriptions",
  listing: (input) => listing({ email: input.email }),
  subjectLabel: () => "The newsletter",
  secretColumns: ["confirm_token_hash", "unsubscribe_token_hash"],
  erasure: {
    // The address alone stays, unsubscribed: the suppression list.
    async suppress(trx, address, now) {
      const nowIso = now.toISOString();
      const result = await trx
        .updateTable("newsletter_subscriptions")
        .set({
          status: "unsubscribed",
          ...addressAlone(nowIso),
          updated_at: nowIso,
          is_test: 0,
        })
        .where(sameAddress("email", address))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  },
  async sweep({ db, cutoff, batches, batchSize, deleteLeads, forgetListing }) {
    // Unsubscribed: only the address stays (with its status and the date it
    // was unsubscribed), so a later sign-up still finds it and needs a new
    // confirmation. Everything else is emptied, and the tokens' hashes are
    // replaced by those of tokens no one has: old links in old e-mails lead nowhere. An
    // anonymised row has created_at = updated_at and no consent text; any
    // later change (a new sign-up, a confirmation, an unsubscribe) moves
    // updated_at, so the row is anonymised again once it is unsubscribed again.
    const newsletter_unsubscribed = await batches(async () => {
      const rows = await db
        .selectFrom("newsletter_subscriptions")
        .select(["id", "updated_at"])
        .where("status", "=", "unsubscribed")
        .where("updated_at", "<", cutoff("newsletter_unsubscribed"))
        .where((eb) => eb.or([eb("consent_text", "<>", ""), eb("created_at", "<>", eb.ref("updated_at"))]))
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return 0;
      // Counted row by row: a row changed meanwhile (a new sign-up) is left alone.
      return db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const row of rows) {
          const result = await trx
            .updateTable("newsletter_subscriptions")
            .set(addressAlone(row.updated_at))
            .where("id", "=", row.id)
            .where("status", "=", "unsubscribed")
            .where("updated_at", "=", row.updated_at)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 1) {
            // The address stays on the suppression list only: not in the inbox.
            await forgetListing(trx, [row.id]);
            changed += 1;
          }
        }
        return changed;
      });
    });
    // Never confirmed: 30 days after the sign-up (the confirmation link,
    // which has no expiry of its own, stops working then).
    const newsletter_pending = await deleteLeads("newsletter_subscriptions", (rows) =>
      rows.where("status", "=", "pending").where("updated_at", "<", cutoff("newsletter_pending")),
    );
    return { newsletter_unsubscribed, newsletter_pending };
  },
  async store(input, { trx, facts, now, mail, link }) {
    const email = input.email.toLowerCase();
    const nowIso = now.toISOString();
    // Every confirmation e-mail has new links: the database cannot give back
    // the old ones (it keeps their hashes alone), so an earlier e-mail's stop working.
    const tokens = newsletterTokens();
    const hashes = tokenHashes(tokens);
    await trx
      .insertInto("newsletter_subscriptions")
      .values({
        ...leadRow(facts),
        email,
        status: "pending",
        ...hashes,
        updated_at: nowIso,
        confirmed_at: null,
        unsubscribed_at: null,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const existing = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status", "confirm_token_hash"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // Already confirmed: nothing to do, and nothing to tell anyone.
    if (existing.status === "confirmed") return { id: existing.id, emails: [] };
    if (existing.status === "unsubscribed") {
      // Signing up again after unsubscribing: a new confirmation is needed.
      await trx
        .updateTable("newsletter_subscriptions")
        .set({
          status: "pending",
          ...hashes,
          updated_at: nowIso,
          unsubscribed_at: null,
          // This sign-up's own consent and page (an unsubscribed row keeps only the address).
          consent_text: facts.consentText,
          source_page: facts.sourcePage,
          is_test: facts.isTest ? 1 : 0,
        })
        .where("id", "=", existing.id)
        .execute();
    } else if (existing.confirm_token_hash !== hashes.confirm_token_hash) {
      // Still waiting for a confirmation: this e-mail's links replace the earlier one's.
      await trx.updateTable("newsletter_subscriptions").set(hashes).where("id", "=", existing.id).execute();
    }
    const signup: NewsletterSignup = { ...facts, id: existing.id, email, ...newsletterLinks(link, tokens) };
    return { id: existing.id, emails: [newsletterConfirmationEmail(signup, mail)] };
  },
};

const newsletterName = `${organisation.name} newsletter`;

/** Who sends the newsletter's e-mails, and where (closing each of them). */
const signature = (ctx: MailContext) =>
  p(
    organisation.name,
    ", ",
    formatContactAddress(siteContact()),
    ". ",
    a(siteLink(ctx), `Visit ${organisation.name} online`),
    ".",
  );

/** Asks the subscriber to confirm; nothing else is sent until they do. */
export function newsletterConfirmationEmail(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  const to = address(s.email, "the subscriber's address");
  const confirm = link(s.confirmUrl, "the confirmation link");
  const unsubscribe = link(s.unsubscribeUrl, "the unsubscribe link");

  return compose(
    {
      title: "Please confirm your subscription",
      blocks: [
        p(`Someone, hopefully you, asked to receive the ${newsletterName} at ${oneLine(s.email)}.`),
        p("Please confirm that you want to subscribe:"),
        { kind: "button", href: confirm, text: "Confirm my subscription" },
        p("We will not send you any newsletters until you confirm."),
        p(
          "If you did not sign up, please ignore this e-mail: you will not be subscribed and will not hear from us again.",
        ),
        p("Changed your mind? ", a(unsubscribe, "Cancel this request and unsubscribe"), "."),
        signature(ctx),
      ],
    },
    {
      to,
      subject: subject(`Please confirm your subscription to the ${newsletterName}`, s.isTest),
      headers: unsubscribeHeaders(unsubscribe),
      secrets: { [confirmCredential]: s.tokens.confirm, [unsubscribeCredential]: s.tokens.unsubscribe },
    },
  );
}

/** Sent once the subscription is confirmed. */
export function newsletterWelcomeEmail(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  const to = address(s.email, "the subscriber's address");
  const unsubscribe = link(s.unsubscribeUrl, "the unsubscribe link");

  return compose(
    {
      title: `Welcome to the ${newsletterName}`,
      blocks: [
        p(`Thank you for confirming your subscription. ${oneLine(s.email)} is now on our mailing list.`),
        p(
          "You will receive practical insights on risk management, finance, strategy and sustainability, and news of our free guides, webinars and programmes.",
        ),
        p(
          "You can leave at any time: ",
          a(unsubscribe, "unsubscribe from the newsletter"),
          ". Every newsletter carries the same link.",
        ),
        signature(ctx),
      ],
    },
    {
      to,
      subject: subject(`Welcome to the ${newsletterName}`, s.isTest),
      headers: unsubscribeHeaders(unsubscribe),
      secrets: { [unsubscribeCredential]: s.tokens.unsubscribe },
    },
  );
}

/** Tells the team a subscription was confirmed. */
export function newsletterTeamNotification(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  return teamNotification(s, ctx, {
    title: "Newsletter subscription confirmed",
    summary: `${oneLine(s.email)} confirmed their subscription to the ${newsletterName}.`,
    heading: "Subscriber",
    fields: [["Email", oneLine(s.email)]],
    subject: `Newsletter subscription confirmed: ${inSubject(s.email)}`,
    replyToVisitor: false,
  });
}
