/**
 * What a back-office account may do (docs/decisions/044-permissions.md):
 * the one home of the permission concept. Pure and client-safe.
 *
 * An account is an administrator (everything, and the pages only
 * administrators see: the team, webhooks, the audit log, erasure), or a
 * member with one or both permissions:
 * - `leads`: work leads (the inbox, lead pages, bookings, conversions, the
 *   outbox, spam, data-protection look-ups, the CSV exports);
 * - `site`: edit the site's content.
 *
 * Stored in `role` (staff_users, staff_invitations) as one word:
 * `admin`, or the member's permissions sorted and joined by commas
 * (`leads`, `site`, `leads,site`). A stored value this module does not
 * know grants nothing (fail closed).
 */
import type { StaffRole } from "~/data/schema.ts";

export type { StaffRole };

export const permissions = ["leads", "site"] as const;
export type Permission = (typeof permissions)[number];

/** What an access rule may ask of an account: a permission, or being an administrator. */
export type Grant = Permission | "admin";

/** Each permission's name in the back office (forms, lists). */
export const permissionLabels: Readonly<Record<Permission, string>> = {
  leads: "Work leads",
  site: "Edit the site",
};

/** The answer to a signed-in account that lacks what a page or action needs (403). */
export const missingGrant: Readonly<Record<Grant, string>> = {
  admin: "Only administrators can do this.",
  leads: "Only those who work leads can do this: ask an administrator for the “Work leads” permission.",
  site: "Only those who edit the site can do this: ask an administrator for the “Edit the site” permission.",
};

const roles: readonly StaffRole[] = ["admin", "leads", "site", "leads,site"];
const isPermission = (value: string): value is Permission => (permissions as readonly string[]).includes(value);

/** The stored role of a member with these permissions (sorted, no repeats); null for none. */
export function memberRole(chosen: readonly Permission[]): StaffRole | null {
  const sorted = permissions.filter((p) => chosen.includes(p));
  return sorted.length ? (sorted.join(",") as StaffRole) : null;
}

/**
 * A role as written (the command line's `--role`, a stored value): `admin`,
 * or permissions separated by commas in any order (spaces allowed). `staff`,
 * the one member role before permissions, is read as `leads`. Null for
 * anything else (an unknown word, a repeat, an empty item).
 */
export function parseRole(text: string): StaffRole | null {
  const words = text.split(",").map((word) => word.trim().toLowerCase());
  if (words.length === 1 && words[0] === "admin") return "admin";
  const named = words.map((word) => (word === "staff" ? "leads" : word));
  if (!named.every(isPermission) || new Set(named).size !== named.length) return null;
  return memberRole(named);
}

/** A stored role, read strictly: one of the four values, else null (grants nothing). */
function storedRole(role: string): StaffRole | null {
  return (roles as readonly string[]).includes(role) ? (role as StaffRole) : null;
}

/** The permissions an account has (an administrator has them all). */
export function permissionsOf(role: string): Permission[] {
  const known = storedRole(role);
  if (known === null) return [];
  if (known === "admin") return [...permissions];
  return known.split(",").filter(isPermission);
}

export const isAdministrator = (role: string): boolean => storedRole(role) === "admin";

/** May an account with this role do what `grant` asks? */
export function may(role: string, grant: Grant): boolean {
  if (isAdministrator(role)) return true;
  return grant !== "admin" && permissionsOf(role).includes(grant);
}

/** A role as the back office shows it: "Administrator", "Work leads", "Work leads, Edit the site". */
export function roleLabel(role: string): string {
  if (isAdministrator(role)) return "Administrator";
  const held = permissionsOf(role);
  return held.length ? held.map((p) => permissionLabels[p]).join(", ") : "No permissions";
}

const doing: Readonly<Record<Permission, string>> = { leads: "work leads", site: "edit the site" };

/** Who an account is, for a sentence: "an administrator", "a member who may work leads and edit the site". */
export function roleAsPerson(role: string): string {
  if (isAdministrator(role)) return "an administrator";
  const held = permissionsOf(role).map((p) => doing[p]);
  return held.length ? `a member who may ${held.join(" and ")}` : "a member with no permissions";
}

/** The form fields that choose a role (inviting, changing an account): `access` and `permissions`. */
export type RoleField = "access" | "permissions";

/**
 * The role chosen in a form: `access` is `admin` or `member`; a member's
 * `permissions` are the checked boxes (at least one). On a problem, a
 * message for the field.
 */
export function readRoleChoice(
  access: unknown,
  chosen: readonly unknown[],
): { ok: true; role: StaffRole } | { ok: false; problems: Partial<Record<RoleField, string>> } {
  if (access === "admin") return { ok: true, role: "admin" };
  if (access !== "member") return { ok: false, problems: { access: "Choose Administrator or Member." } };
  const named = chosen.filter((value): value is Permission => typeof value === "string" && isPermission(value));
  const role = named.length === chosen.length ? memberRole(named) : null;
  if (role === null) {
    return {
      ok: false,
      problems: { permissions: "Choose what a member may do: Work leads, Edit the site, or both." },
    };
  }
  return { ok: true, role };
}
