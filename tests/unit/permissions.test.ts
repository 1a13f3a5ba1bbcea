/**
 * What a back-office account may do (app/staff/permissions.ts,
 * docs/decisions/044-permissions.md): roles as stored and as written,
 * what each may do (an unknown one nothing), and how each is shown.
 */
import { describe, expect, it } from "vitest";
import {
  may,
  memberRole,
  parseRole,
  permissionsOf,
  readRoleChoice,
  roleAsPerson,
  roleLabel,
  type Grant,
} from "~/staff/permissions.ts";
import { expectOutputs } from "../support/cases.ts";
import { refused } from "../support/refused.ts";

const grants: Grant[] = ["leads", "site", "admin"];

describe("permissions", () => {
  it("an administrator may do everything; a member what their permissions say; anything else nothing", () => {
    const allowed = (role: string) => grants.filter((grant) => may(role, grant));
    expectOutputs(allowed, [
      ["admin", ["leads", "site", "admin"]],
      ["leads", ["leads"]],
      ["site", ["site"]],
      ["leads,site", ["leads", "site"]],
      // Fail closed: the old member role once migrated, other spellings, nonsense.
      ["staff", []],
      ["site,leads", []],
      ["Admin", []],
      ["", []],
      ["admin,leads", []],
      ["constructor", []],
    ]);
  });

  it("lists an account's permissions (an administrator's are all of them)", () => {
    expectOutputs(permissionsOf, [
      ["admin", ["leads", "site"]],
      ["leads,site", ["leads", "site"]],
      ["site", ["site"]],
      ["staff", []],
    ]);
  });

  it("stores a member's permissions sorted, once each; none is no role", () => {
    expectOutputs(memberRole, [
      [["site", "leads"], "leads,site"],
      [["leads", "leads"], "leads"],
      [["site"], "site"],
      [[], null],
    ]);
  });

  it("reads a role as written: admin, or permissions in any order; staff as leads; nothing else", () => {
    expectOutputs(parseRole, [
      ["admin", "admin"],
      [" ADMIN ", "admin"],
      ["leads", "leads"],
      ["site", "site"],
      ["site,leads", "leads,site"],
      ["leads, site", "leads,site"],
      ["staff", "leads"],
      ["staff,site", "leads,site"],
      ["owner", null],
      ["", null],
      ["leads,", null],
      ["leads,leads", null],
      ["staff,leads", null],
      ["admin,leads", null],
    ]);
  });

  it("reads the form's choice: Administrator, or Member with at least one known permission", () => {
    expect(readRoleChoice("admin", [])).toEqual({ ok: true, role: "admin" });
    expect(readRoleChoice("member", ["site", "leads"])).toEqual({ ok: true, role: "leads,site" });
    expect(readRoleChoice("member", ["leads"])).toEqual({ ok: true, role: "leads" });
    const none = { permissions: "Choose what a member may do: Work leads, Edit the site, or both." };
    expect(readRoleChoice("member", [])).toEqual(refused(none));
    expect(readRoleChoice("member", ["leads", "admin"])).toEqual(refused(none));
    for (const access of [undefined, null, "", "owner", ["admin"]]) {
      expect(readRoleChoice(access, ["leads"])).toEqual(refused({ access: "Choose Administrator or Member." }));
    }
  });

  it("shows a role as a label and as a person", () => {
    expectOutputs(roleLabel, [
      ["admin", "Administrator"],
      ["leads", "Work leads"],
      ["site", "Edit the site"],
      ["leads,site", "Work leads, Edit the site"],
      ["staff", "No permissions"],
    ]);
    expectOutputs(roleAsPerson, [
      ["admin", "an administrator"],
      ["leads", "a member who may work leads"],
      ["leads,site", "a member who may work leads and edit the site"],
      ["staff", "a member with no permissions"],
    ]);
  });
});
