/**
 * What an order kind declares on the server (docs/decisions/042-orders-are-one-domain.md):
 * its client-safe half (./texts.ts), the table that holds its orders, which
 * of their columns are secrets, what an access request returns, what erasure
 * does (an accounting record is kept without the address), how the retention
 * job cuts its table and its CSV export. Access requests, erasure, the
 * retention job and the back office's export read the registry
 * (./index.server.ts) and name no order table.
 */
import type { SelectQueryBuilder, Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database, InboxKind } from "~/data/schema.ts";
import type { ListedDetails } from "~/data/inbox-index.server.ts";
import type { OrderKindName, OrderKindTexts } from "./texts.ts";

/** The tables that hold orders and what belongs to them (a course booking's delegates, invoices and timeline). */
export type OrderTable =
  | "orders"
  | "order_lines"
  | "payments"
  | "course_booking_facts"
  | "course_booking_delegates"
  | "course_invoices"
  | "course_booking_events"
  | "course_booking_links"
  | "course_invitations"
  | "course_joining"
  | "course_waiting";

/** The rows of an order table `T` a rule picks: `selectFrom(T)` narrowed by its where clauses. */
export type OrderRows<T extends OrderTable> = SelectQueryBuilder<Database, T, object>;

/** What the retention job (app/retention/job.server.ts) gives an order kind's `sweep`. */
export type OrderSweepContext = {
  /** A rule's cutoff at the job's time (ISO 8601 UTC): an age date before it is past the period. */
  cutoff: (rule: string) => string;
  /** Deletes the rows of `table` that `where` picks, a batch at a time; returns how many went. */
  deleteRows: <T extends OrderTable>(table: T, where: (rows: OrderRows<T>) => OrderRows<T>) => Promise<number>;
  /**
   * Empties `columns` of the rows of `table` that `where` picks, a batch at a
   * time (`where` must leave out rows already emptied); returns how many.
   */
  emptyColumns: (
    table: "course_joining",
    columns: readonly ("access_needs" | "dietary_needs")[],
    where: (rows: OrderRows<"course_joining">) => OrderRows<"course_joining">,
  ) => Promise<number>;
  /**
   * Removes from the inbox the rows of `kind` whose order in `table` is gone
   * (deleted by a rule), with their notes and changes; returns how many.
   */
  forgetListings: (kind: InboxKind, table: OrderTable) => Promise<number>;
};

/** A kind the team works as leads: listed in the inbox (docs/decisions/058-course-bookings-in-the-inbox.md). */
export type InboxListed = {
  /** The index row's subject as the team reads it. */
  subjectLabel: (subject: string) => string;
  /** What the lead's page shows of the order (null: it is gone). */
  details: (db: Db, id: string) => Promise<ListedDetails | null>;
};

/** What erasing an address did to one kind's orders. */
export type OrderErasure = {
  /** Orders never paid: deleted. */
  deleted: number;
  /** Paid orders, accounting records: kept without the address. */
  kept: number;
};

export type CsvCell = string | number | null;

/** A kind's CSV export in the back office (/admin/<file>.csv). */
export type OrderExport = {
  /** The file's name without ".csv" (and its address under /admin/). */
  file: string;
  columns: readonly string[];
  /** Every order, a batch of rows at a time. */
  rows: (db: Db) => AsyncGenerator<CsvCell[][]>;
};

export type OrderKind<K extends OrderKindName = OrderKindName> = OrderKindTexts<K> & {
  table: OrderTable;
  /** Other tables its erasure deletes from or rewrites (cleared from the database's files afterwards). */
  otherTables?: readonly OrderTable[];
  /** Columns no one is handed (a payment's client secret): not in an access request. */
  secretColumns: readonly string[];
  /** Every order of `address` (normalised), oldest first, every column: what an access request returns (secrets are left out by the reader). */
  findByAddress: (db: Db, address: string) => Promise<Record<string, unknown>[]>;
  /** Erases `address` (normalised) from its orders: what the law lets go goes, an accounting record stays without the address. */
  erase: (trx: Transaction<Database>, address: string, now: Date) => Promise<OrderErasure>;
  /** Applies the kind's retention rules (its `retention`) once: how many records each rule deleted. */
  sweep: (ctx: OrderSweepContext) => Promise<Record<string, number>>;
  export: OrderExport;
  /** Set for a kind the inbox lists (its rows are written where its orders are placed). */
  inbox?: InboxListed;
};
