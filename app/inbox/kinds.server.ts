/**
 * Every kind the inbox lists, on the server (docs/decisions/058-course-bookings-in-the-inbox.md):
 * its label, its subject as the team reads it, and what the lead's page
 * shows of it. A lead kind's come from its declaration (its table's row,
 * but for its secrets); an order kind the team works as leads declares its
 * own (`inbox`, app/orders/kind.server.ts). The inbox, its export, the
 * digest and the lead's page read them here and name no kind.
 */
import type { Db } from "~/data/db.server.ts";
import type { ListedDetails } from "~/data/inbox-index.server.ts";
import { allLeadKinds, type AnyLeadKind } from "~/leads/kinds/index.server.ts";
import { orderKinds } from "~/orders/index.server.ts";
import { listedOrderKinds, type InboxKind } from "./kinds.ts";

export type InboxKindReader = {
  kind: InboxKind;
  label: string;
  /** The index row's subject as the team reads it ("" stays ""). */
  subjectLabel: (subject: string) => string;
  /** What the lead's page shows besides the index row; null when the record is gone. */
  details: (db: Db, id: string) => Promise<ListedDetails | null>;
};

/** A lead's columns the page does not list as fields: shown elsewhere (besides the kind's secrets: its links' tokens). */
const shownElsewhere = ["id", "created_at", "consent_text", "source_page", "is_test"];

const fieldLabel = (column: string) => {
  const words = column.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function leadKindReader(kind: AnyLeadKind): InboxKindReader {
  return {
    kind: kind.kind,
    label: kind.label,
    subjectLabel: (subject) => (subject ? kind.subjectLabel(subject) : ""),
    async details(db, id) {
      const row = (await db.selectFrom(kind.table).selectAll().where("id", "=", id).executeTakeFirst()) as
        Record<string, unknown> | undefined;
      if (!row) return null;
      const notFields = new Set([...shownElsewhere, ...kind.secretColumns]);
      return {
        fields: Object.entries(row)
          .filter(([column, value]) => !notFields.has(column) && value !== null && value !== "")
          .map(([column, value]): [string, string] => [fieldLabel(column), String(value)]),
        agreed: { heading: "The consent text they saw", text: String(row.consent_text ?? "") },
      };
    },
  };
}

function orderKindReader(name: (typeof listedOrderKinds)[number]): InboxKindReader {
  const kind = orderKinds[name];
  if (!kind.inbox) throw new Error(`The order kind ${name} is listed in the inbox but declares no inbox`);
  const { subjectLabel, details } = kind.inbox;
  return { kind: name, label: kind.label, subjectLabel: (subject) => (subject ? subjectLabel(subject) : ""), details };
}

/** Every kind the inbox lists, by name. */
export const inboxKinds = Object.fromEntries(
  [...allLeadKinds.map(leadKindReader), ...listedOrderKinds.map(orderKindReader)].map((reader) => [
    reader.kind,
    reader,
  ]),
) as { readonly [K in InboxKind]: InboxKindReader };

/** Every kind, lead kinds first. */
export const allInboxKinds: readonly InboxKindReader[] = Object.values(inboxKinds);
