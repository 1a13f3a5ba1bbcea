/**
 * The team's daily digest (docs/decisions/028-daily-digest.md): on working
 * days at 08:30 London time, one e-mail to the team address with the leads
 * received since the previous digest, by kind, and every open enquiry past
 * or near its response-time deadline, each linked to the back office.
 *
 * The digest names no one: a lead is its kind, subject, times and a link.
 * The e-mail is kept in the outbox (and DATA_DIR/mail) like any other, and
 * an address erased later must not live on in the team's digests.
 *
 * Run by the scheduler (app/jobs/scheduler.server.ts) at set times, so one
 * instance sends it, once, and a digest missed while the site was down goes
 * out at start-up.
 */
import { answerDeadlineName, businessHoursText } from "~/content/business.ts";
import type { Db } from "~/data/db.server.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import { allInboxKinds, inboxKinds } from "./kinds.server.ts";
import type { InboxKind } from "./kinds.ts";
import { addBusinessHours, latestWorkingDayTime } from "~/calendar/business-hours.ts";
import type { WallTime } from "~/time/london.ts";
import { address, compose, h, londonTime, p, site } from "~/mail/compose.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import { due, dueSoonHours, type Due } from "./due.ts";

export const digestTime: WallTime = { hour: 8, minute: 30 };
/** Enquiries listed in one digest at most; the rest are counted, and the inbox has them all. */
export const digestListMax = 100;

export type Digest = {
  /** The leads received in [from, to), not test submissions. */
  from: string;
  to: string;
  received: { kind: InboxKind; label: string; count: number }[];
  /** Open enquiries due within dueSoonHours business hours, or overdue, soonest deadline first. */
  due: { id: string; kind: string; subject: string; receivedAt: string; deadlineAt: string; due: Due }[];
  /** How many more there were than are listed. */
  moreDue: number;
};

/** What the digest for the set time `slot` says, as it stands at `now`. */
export async function collectDigest(db: Db, slot: Date, now: Date, mail: MailContext): Promise<Digest> {
  const from = latestWorkingDayTime(slot, digestTime, mail.calendar, { before: true }).toISOString();
  const to = slot.toISOString();
  const counts = await db
    .selectFrom("leads")
    .select(({ fn }) => ["kind", fn.countAll<number>().as("n")])
    .where("is_test", "=", 0)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("kind")
    .execute();
  const byKind = new Map(counts.map((c) => [c.kind, Number(c.n)]));
  const received = allInboxKinds.map((k) => ({
    kind: k.kind,
    label: k.label,
    count: byKind.get(k.kind) ?? 0,
  }));

  // Due soon or overdue: the deadline is no more than dueSoonHours of business time away.
  const soon = addBusinessHours(now, dueSoonHours, mail.calendar).toISOString();
  const openNearDeadline = () =>
    db
      .selectFrom("leads")
      .where("status", "=", "new")
      .where("is_test", "=", 0)
      .where("deadline_at", "is not", null)
      .where("deadline_at", "<=", soon);
  const open = await openNearDeadline()
    .select(["id", "kind", "subject", "created_at", "deadline_at"])
    .orderBy("deadline_at")
    .orderBy("id")
    .limit(digestListMax + 1)
    .execute();
  const listed = open.slice(0, digestListMax);
  const moreDue =
    open.length > digestListMax
      ? Number(
          (
            await openNearDeadline()
              .select(({ fn }) => fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ) - digestListMax
      : 0;
  return {
    from,
    to,
    received,
    due: listed.map((l) => {
      const kind = inboxKinds[l.kind];
      return {
        id: l.id,
        kind: kind.label,
        subject: kind.subjectLabel(l.subject),
        receivedAt: l.created_at,
        deadlineAt: l.deadline_at!,
        due: due(new Date(l.deadline_at!), now, mail.calendar),
      };
    }),
    moreDue,
  };
}

const businessHours = (n: number) => `${n} business hour${n === 1 ? "" : "s"}`;

function standing({ state, hours }: Due): string {
  if (state === "overdue") return hours === null ? "overdue by more than a week" : `overdue by ${businessHours(hours)}`;
  return `due in ${businessHours(hours ?? 0)}`;
}

/** How many leads the digest counts, and how many enquiries are due or overdue (listed or not). */
export function digestTotals(digest: Digest): { leads: number; due: number } {
  return { leads: digest.received.reduce((sum, k) => sum + k.count, 0), due: digest.due.length + digest.moreDue };
}

export function digestEmail(digest: Digest, mail: MailContext): OutgoingEmail {
  const { href } = site(mail);
  const back = (pathAndQuery: string) => new URL(pathAndQuery, href).href;
  const { leads: total, due: dueCount } = digestTotals(digest);
  const overdue = digest.due.filter((d) => d.due.state === "overdue").length;
  const title = `Daily digest: ${total} new lead${total === 1 ? "" : "s"}, ${dueCount} enquir${
    dueCount === 1 ? "y" : "ies"
  } due or overdue`;
  const blocks = [
    p(`Since ${londonTime(digest.from)}.`),
    h("Received"),
    {
      kind: "fields" as const,
      items: digest.received.map((k): [string, string] => [k.label, String(k.count)]),
    },
    h(`Enquiries past or near their ${answerDeadlineName()} (${dueCount}, ${overdue} overdue)`),
  ];
  if (digest.due.length === 0) {
    blocks.push(p(`None: every open enquiry has more than ${businessHoursText(dueSoonHours)} left.`));
  } else {
    for (const d of digest.due) {
      blocks.push(
        p(
          { href: back(`/admin/leads/${d.id}`), text: `${d.kind}${d.subject ? `: ${d.subject}` : ""}` },
          ` · received ${londonTime(d.receivedAt)} · answer by ${londonTime(d.deadlineAt)}, ${standing(d.due)}`,
        ),
      );
    }
    if (digest.moreDue > 0) blocks.push(p(`And ${digest.moreDue} more, in the inbox.`));
  }
  blocks.push({ kind: "button", href: back("/admin/leads?sort=deadline"), text: "Open enquiries by deadline" });
  return compose({ title, blocks }, { to: address(mail.teamEmail, "the team address"), subject: title });
}

/** The scheduled job: the digest for the latest 08:30 of a working day, once, to the team address. */
export function digestJob(options: { db: Db; mail: MailContext; kickOutbox: () => void }): ScheduledJob {
  const { db, mail, kickOutbox } = options;
  return {
    name: "team-digest",
    at: (now) => latestWorkingDayTime(now, digestTime, mail.calendar),
    async run({ now, slot }) {
      const digest = await collectDigest(db, slot ?? now, now, mail);
      await queueEmails(db, { type: "digest", id: digest.to }, [digestEmail(digest, mail)], now);
      kickOutbox();
      return digestTotals(digest);
    },
  };
}
