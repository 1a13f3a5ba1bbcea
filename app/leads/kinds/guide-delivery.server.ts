/**
 * What the two kinds that send a guide share (a guide request, guide page;
 * a free resource download, home page): the personal download link, and the
 * two e-mails, a team notification and the visitor's e-mail with the link.
 */
import { sql } from "kysely";
import type { GuideId } from "~/content/ids.ts";
import { organisation } from "~/content/organisation.ts";
import type { Db } from "~/data/db.server.ts";
import {
  address,
  compose,
  contactDetails,
  h,
  leadFacts,
  link,
  notYou,
  oneLine,
  p,
  responsePromise,
  subject,
  testNotice,
  titleInSubject,
  type Block,
} from "~/mail/compose.server.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { newToken } from "./tokens.server.ts";

/** A new personal download token, and its address on the site (/downloads/<token>). */
export function newDownload(siteLink: (path: string) => string): { token: string; url: string } {
  const token = newToken();
  return { token, url: siteLink(`/downloads/${token}`) };
}

/** The column of each table with download tokens that names the guide. */
type GuideColumn = { guide_requests: "guide_name"; resource_downloads: "resource_id" };

/**
 * The kind's `findDownload`: the guide a download token of `table` is for
 * (`column` holds what `guideOf` turns into the guide); null for none.
 */
export function findGuideDownload<T extends keyof GuideColumn>(
  table: T,
  column: GuideColumn[T],
  guideOf: (value: string) => { id: GuideId } | undefined,
) {
  return async (db: Db, token: string): Promise<GuideId | null> => {
    const row = await db
      .selectFrom(table as keyof GuideColumn)
      .select(sql.ref<string>(column).as("value"))
      .where("download_token", "=", token)
      .executeTakeFirst();
    return row ? (guideOf(row.value)?.id ?? null) : null;
  };
}

export type GuideDeliveryLead = LeadFacts & { email: string; guideTitle: string; downloadUrl: string };

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
  const visitor = address(lead.email, "the visitor's address");
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);

  const team = compose(
    {
      title: texts.team.title,
      blocks: [
        ...testNotice(lead.isTest),
        p(texts.team.summary),
        h("Request"),
        { kind: "fields", items: texts.team.fields },
        ...leadFacts(lead, ctx),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(`${texts.team.subject} (${titleInSubject(lead.guideTitle)})`, lead.isTest),
    },
  );

  const delivery = compose(
    {
      title: texts.visitor.title,
      blocks: [
        p(texts.visitor.greeting),
        p(`${texts.visitor.thanks} ${title}. You can download it now:`),
        { kind: "button", href: download, text: `Download ${title}` },
        ...texts.visitor.notes,
        p(
          `Questions about the guide, or about training for your team? Write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou(texts.visitor.form, ctx),
      ],
    },
    { to: visitor, subject: subject(`${texts.visitor.subject}: ${titleInSubject(lead.guideTitle)}`, lead.isTest) },
  );

  return [team, delivery];
}
