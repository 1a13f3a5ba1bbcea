/**
 * What the registry walks (tests/data/lead-kinds.test.ts, order-kinds.test.ts)
 * check alike for every kind the site keeps: its privacy notice row and
 * retention rules, and its secrets.
 */
import { expect } from "vitest";
import type { KeptKind } from "~/calendar/period.ts";
import { privacyPolicy } from "~/content/legal.ts";
import { retentionRules } from "~/retention/rules.ts";

const noticeRows = privacyPolicy.sections.find((s) => "table" in s && s.table)!.table!.rows;

/** The privacy notice has the kind's row, and says how long (its rules are in the rule table). */
export function expectNoticeAndRules({ notice, retention }: KeptKind) {
  expect(noticeRows).toContainEqual([notice.what, notice.why, notice.basis, notice.howLong]);
  expect(retention.length).toBeGreaterThan(0);
  for (const rule of retention) expect(retentionRules).toContainEqual(rule);
}

/** Every token or secret column of the kind's `stored` row is declared. */
export function expectSecretsDeclared(kind: { secretColumns: readonly string[] }, stored: Record<string, unknown>) {
  const secretLooking = Object.keys(stored).filter((column) => /token|secret/.test(column));
  expect([...kind.secretColumns].sort()).toEqual(secretLooking.sort());
}
