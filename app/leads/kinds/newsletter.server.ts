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
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { type LeadKind, leadRow, listing, sameAddress } from "./kind.server.ts";
import { newsletter as texts, newsletterKept as kept } from "./newsletter.ts";
import { teamNotification } from "./lead-emails.server.ts";
import { newToken } from "./tokens.server.ts";
import { siteContact } from "~/content/index.server.ts";
import { formatContactAddress } from "~/content/site-facts.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    /** One row per address (the suppression list keeps an unsubscribed address alone). */
    newsletter_subscriptions: LeadColumns & {
      /** Lower-cased. */
      email: string;
      status: "pending" | "confirmed" | "unsubscribed";
      confirm_token: string;
      unsubscribe_token: string;
      updated_at: string;
      confirmed_at: string | null;
      unsubscribed_at: string | null;
    };
  }
}

export type NewsletterSignup = LeadFacts & {
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
};

/** The links every newsletter e-mail carries. */
export function newsletterLinks(link: (path: string) => string, tokens: { confirm: string; unsubscribe: string }) {
  return {
    confirmUrl: link(`/newsletter/confirm?token=${tokens.confirm}`),
    unsubscribeUrl: link(`/newsletter/unsubscribe?token=${tokens.unsubscribe}`),
  };
}

/**
 * What an address alone on the suppression list keeps of its row: nothing
 * but the address and its status; fresh random tokens (old links lead
 * nowhere), and `at` as the only date.
 */
const addressAlone = (at: string) => ({
  consent_text: "",
  source_page: "",
  confirm_token: newToken(),
  unsubscribe_token: newToken(),
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
  secretColumns: ["confirm_token", "unsubscribe_token"],
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
    // confirmation. Everything else is emptied, and the tokens are replaced
    // by fresh random ones: old links in old e-mails lead nowhere. An
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
    await trx
      .insertInto("newsletter_subscriptions")
      .values({
        ...leadRow(facts),
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
    if (existing.status === "confirmed") return { id: existing.id, emails: [] };
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
          consent_text: facts.consentText,
          source_page: facts.sourcePage,
          is_test: facts.isTest ? 1 : 0,
        })
        .where("id", "=", existing.id)
        .execute();
    }
    const signup: NewsletterSignup = {
      ...facts,
      id: existing.id,
      email,
      ...newsletterLinks(link, { confirm: confirmToken, unsubscribe: existing.unsubscribe_token }),
    };
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
