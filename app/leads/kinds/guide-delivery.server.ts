/**
 * What the two kinds that send a guide share (a guide request, guide page;
 * a free resource download, home page): the personal download link, and the
 * two e-mails, a team notification and the visitor's e-mail with the link.
 */
import { sql } from "kysely";
import type { GuideId } from "~/content/ids.ts";
import type { Guide } from "~/content/schema.ts";
import type { Db } from "~/data/db.server.ts";
import { link, oneLine, p, responsePromise, titleInSubject, type Block } from "~/mail/compose.server.ts";
import { withheldCredential, type LeadFacts, type MailContext, type OutgoingEmail } from "~/mail/types.ts";
import { sweepByAge } from "./kind.server.ts";
import { teamNotification, visitorEmail } from "./lead-emails.server.ts";
import { looksLikeToken, newToken, tokenHash } from "~/secrets/tokens.server.ts";
import { siteContact } from "~/content/index.server.ts";

/** The name the download link's token has in a stored e-mail (kept sealed until it is sent). */
export const downloadCredential = "download-link";

/**
 * What a lead that sends a guide carries of it: the guide's title, the
 * download link's address on the site (/downloads/<token>) with the token
 * withheld, and the token itself, for the visitor's e-mail only.
 */
export type GuideDelivery = { guideTitle: string; downloadUrl: string; downloadToken: string };

/**
 * A new personal download link to `guide`: its token's hash (what the table
 * keeps), and what the lead carries of it (`delivery`).
 */
export function newDownload(
  siteLink: (path: string) => string,
  guide: Pick<Guide, "title">,
): { hash: string; delivery: GuideDelivery } {
  const token = newToken();
  return {
    hash: tokenHash(token),
    delivery: {
      guideTitle: guide.title,
      downloadUrl: siteLink(`/downloads/${withheldCredential(downloadCredential)}`),
      downloadToken: token,
    },
  };
}

/** The column of each table with download tokens that names the guide. */
type GuideColumn = { guide_requests: "guide_name"; resource_downloads: "resource_id" };

type GuideOf = (value: string) => Pick<Guide, "id" | "title"> | undefined;

/**
 * What the kinds that send a guide declare alike: their table, whose
 * download tokens are secret; erasure deletes; its rule (named after the
 * table) keeps a row for its period after it was made; the subject is a
 * guide (`column` holds what `guideOf` turns into it), and a link's token
 * leads to it (`findDownload`, null for none).
 */
export function guideDeliveryKind<T extends keyof GuideColumn>(table: T, column: GuideColumn[T], guideOf: GuideOf) {
  return {
    table,
    secretColumns: ["download_token_hash"],
    erasure: "delete",
    sweep: sweepByAge(table, table),
    subjectLabel: (subject: string) => guideOf(subject)?.title ?? subject,
    async findDownload(db: Db, token: string): Promise<GuideId | null> {
      if (!looksLikeToken(token)) return null;
      const row = await db
        .selectFrom(table as keyof GuideColumn)
        .select(sql.ref<string>(column).as("value"))
        .where("download_token_hash", "=", tokenHash(token))
        .executeTakeFirst();
      return row ? (guideOf(row.value)?.id ?? null) : null;
    },
  } as const;
}

/** `downloadUrl` holds the token withheld; `downloadToken` is put in as the e-mail is sent. */
export type GuideDeliveryLead = LeadFacts & { email: string } & GuideDelivery;

/**
 * [team notification, visitor e-mail with the download link]. The team's
 * lists the request's `fields` under `summary`; the visitor's opens with
 * `greeting` and `thanks`, then the button, the `notes` and how to reach us.
 */
export function guideDeliveryEmails(
  lead: GuideDeliveryLead,
  ctx: MailContext,
  texts: {
    team: { title: string; summary: string; fields: [label: string, value: string][]; subject: string };
    visitor: { title: string; greeting: string; thanks: string; notes: Block[]; form: string; subject: string };
  },
): OutgoingEmail[] {
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);

  const team = teamNotification(lead, ctx, {
    ...texts.team,
    heading: "Request",
    subject: `${texts.team.subject} (${titleInSubject(lead.guideTitle)})`,
    replyToVisitor: true,
  });

  const delivery = visitorEmail(lead, ctx, {
    title: texts.visitor.title,
    blocks: [
      p(texts.visitor.greeting),
      p(`${texts.visitor.thanks} ${title}. You can download it now:`),
      { kind: "button", href: download, text: `Download ${title}` },
      ...texts.visitor.notes,
      p(
        `Questions about the guide, or about training for your team? Write to us at ${siteContact().email}. ${responsePromise()}`,
      ),
    ],
    form: texts.visitor.form,
    subject: `${texts.visitor.subject}: ${titleInSubject(lead.guideTitle)}`,
  });

  return [team, { ...delivery, secrets: { [downloadCredential]: lead.downloadToken } }];
}
