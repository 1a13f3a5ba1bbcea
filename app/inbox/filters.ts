/**
 * The inbox's filters, sort and page, as the address carries them
 * (/admin/leads?kind=contact&status=new&q=acme&after=…): parsed leniently
 * (an unknown value is no filter, never an error) and written back for
 * links. Client-safe and pure.
 */
import { pillarIds, type PillarId } from "~/content/ids.ts";
import { isInboxKind, type InboxKind } from "./kinds.ts";
import { isLeadStatus, type LeadStatus } from "~/data/lead-statuses.ts";

export type InboxSort = "newest" | "deadline";

export type InboxFilters = {
  kind: InboxKind | null;
  status: LeadStatus | null;
  /** "me", "none" (unassigned), an account id, or null for anyone. */
  owner: string | null;
  pillar: PillarId | null;
  /** London dates, inclusive ("YYYY-MM-DD"). */
  from: string | null;
  to: string | null;
  /** Test submissions (from /test-forms) instead of real ones: they are listed apart. */
  test: boolean;
  q: string;
  sort: InboxSort;
};

export const noFilters: InboxFilters = {
  kind: null,
  status: null,
  owner: null,
  pillar: null,
  from: null,
  to: null,
  test: false,
  q: "",
  sort: "newest",
};

const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isPillar = (value: string): value is PillarId => (pillarIds as readonly string[]).includes(value);

export function parseFilters(params: URLSearchParams): InboxFilters {
  const text = (name: string) => params.get(name)?.trim() ?? "";
  const kind = text("kind");
  const status = text("status");
  const owner = text("owner");
  const pillar = text("pillar");
  const date = (name: string) => (datePattern.test(text(name)) ? text(name) : null);
  return {
    kind: isInboxKind(kind) ? kind : null,
    status: isLeadStatus(status) ? status : null,
    owner: owner === "me" || owner === "none" || /^[\w-]{1,64}$/.test(owner) ? owner : null,
    pillar: isPillar(pillar) ? pillar : null,
    from: date("from"),
    to: date("to"),
    test: text("test") === "1",
    q: text("q").slice(0, 200),
    sort: text("sort") === "deadline" ? "deadline" : "newest",
  };
}

/** The query string for `filters` (defaults left out), plus a page cursor if given. */
export function filterQuery(filters: InboxFilters, after?: string | null): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.status) params.set("status", filters.status);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.pillar) params.set("pillar", filters.pillar);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.test) params.set("test", "1");
  if (filters.q) params.set("q", filters.q);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Where a page ends: the last row's sort value (received or due time) and id. */
export { decodeCursor, encodeCursor, type Cursor } from "~/data/cursor.ts";
