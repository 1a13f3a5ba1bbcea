/**
 * `npm run admin`'s help, run as an operator runs it (the real script, in a
 * child process, as tests/support/staff.ts does): every command with its
 * options, exit 0 when asked for; the same help on standard error and exit 2
 * for an unknown command or none. The help needs no settings and no database.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { adminCommands, adminHelp } from "../../scripts/admin-commands.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "admin-help-"));
const dataDir = path.join(scratch, "data");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the script with `args`; resolves with its exit code and output. */
function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // A setting the server would refuse: the help must not need any.
  return run(args, { DATA_DIR: dataDir, DATABASE_URL: "not a url" });
}

function run(
  args: string[],
  settings: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = ["--import", "./scripts/aliases.ts", "scripts/admin.ts", ...args];
  const env = { PATH: process.env.PATH ?? "", ...settings };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, argv, { cwd: ROOT, env, timeout: 60_000 }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe("npm run admin -- --help", () => {
  it("prints every command with its options, and exits 0, for --help, -h and help", { timeout: 90_000 }, async () => {
    const expected = [
      "create-user --email <address> --name <name> [--role admin|leads|site|leads,site]",
      "reset-user --email <address>",
      "disable-user --email <address>",
      "rotate-secrets",
      "list-users",
      "access --email <address>",
      "erase --email <address> --confirm",
      "sample-business-settings",
      "help, --help, -h",
    ];
    const asked = [["--help"], ["-h"], ["help"], ["create-user", "--help"], ["--help", "--unknown-option"]];
    const runs = await Promise.all(asked.map((args) => admin(...args)));
    for (const [i, run] of runs.entries()) {
      const args = asked[i]!;
      expect(run, args.join(" ")).toEqual({ code: 0, stdout: `${adminHelp}\n`, stderr: "" });
      const commandLines = run.stdout.split("\n").filter((line) => /^ {2}\S/.test(line));
      expect(commandLines.map((line) => line.trim())).toEqual(expected);
    }
    expect(adminCommands.map((c) => c.name)).toEqual(expected.slice(0, -1).map((line) => line.split(" ")[0]));
    expect(existsSync(dataDir), "the help opened no database").toBe(false);
  });

  it(
    "prints the same help on standard error and exits 2 for an unknown command or none",
    { timeout: 90_000 },
    async () => {
      const wrong = [
        [["frobnicate"], 'admin: unknown command "frobnicate"'],
        [["--email", "x@example.com"], "admin: no command given"],
        [[], "admin: no command given"],
      ] as const;
      const runs = await Promise.all(wrong.map(([args]) => admin(...args)));
      for (const [i, run] of runs.entries()) {
        const [args, why] = wrong[i]!;
        expect(run, args.join(" ")).toEqual({ code: 2, stdout: "", stderr: `${why}\n\n${adminHelp}\n` });
      }
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});

describe("npm run admin -- rotate-secrets", () => {
  it(
    "seals everything under the new key while the old one is SECRETS_KEY_PREVIOUS, and says when a key is missing",
    { timeout: 90_000 },
    async () => {
      const rotating = path.join(scratch, "rotating");
      const [oldKey, newKey, otherKey] = ["old", "new", "other"].map((k) => `${k}-secrets-key-`.padEnd(44, "x"));
      const invited = await run(["create-user", "--email", "kim@example.test", "--name", "Kim"], {
        DATA_DIR: rotating,
        SECRETS_KEY: oldKey!,
      });
      expect(invited.code).toBe(0);
      const rotated = await run(["rotate-secrets"], {
        DATA_DIR: rotating,
        SECRETS_KEY: newKey!,
        SECRETS_KEY_PREVIOUS: oldKey!,
      });
      expect(rotated).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("0 account(s), 1 set-up link(s)") as string,
      });
      const again = await run(["rotate-secrets"], { DATA_DIR: rotating, SECRETS_KEY: newKey! });
      expect(again).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("0 account(s), 0 set-up link(s)") as string,
      });
      const lost = await run(["rotate-secrets"], { DATA_DIR: rotating, SECRETS_KEY: otherKey! });
      expect(lost.code).toBe(1);
      expect(lost.stderr).toMatch(/1 value\(s\) open with no key given/);
    },
  );
});

describe("npm run admin -- create-user --role", () => {
  it(
    "invites an administrator or a member with permissions (staff read as leads), and refuses any other role",
    { timeout: 90_000 },
    async () => {
      const roles = path.join(scratch, "roles");
      const invite = (email: string, ...role: string[]) =>
        run(["create-user", "--email", email, "--name", "Rae", ...role], { DATA_DIR: roles });
      const cases = [
        [[], "admin", "as an administrator."],
        [["--role", "admin"], "admin", "as an administrator."],
        [["--role", "leads"], "leads", "as a member who may work leads."],
        [["--role", "site"], "site", "as a member who may edit the site."],
        [["--role", "site,leads"], "leads,site", "as a member who may work leads and edit the site."],
        [["--role", "staff"], "leads", "as a member who may work leads."],
      ] as const;
      for (const [i, [args, stored, said]] of cases.entries()) {
        const email = `role-${i}@example.test`;
        const done = await invite(email, ...args);
        expect(done.code, args.join(" ")).toBe(0);
        expect(done.stdout).toContain(`Invited Rae <${email}> ${said}`);
        const db = new SQLite(path.join(roles, "site.db"), { readonly: true });
        try {
          const row = db.prepare("SELECT role FROM staff_invitations WHERE email = ?").get(email);
          expect(row, args.join(" ")).toEqual({ role: stored });
        } finally {
          db.close();
        }
      }
      for (const wrong of ["owner", "leads,leads", "admin,leads", "", "leads,"]) {
        const refused = await invite("refused@example.test", "--role", wrong);
        expect(refused.code, wrong).toBe(2);
        expect(refused.stderr).toContain("--role must be admin, leads, site or leads,site (staff is read as leads)");
      }
    },
  );
});

describe("npm run admin -- sample-business-settings", () => {
  it(
    "saves the sample business settings, marked as samples, on a site with none, and never over saved ones",
    { timeout: 90_000 },
    async () => {
      const demo = path.join(scratch, "demo");
      const saved = await run(["sample-business-settings"], { DATA_DIR: demo });
      expect(saved).toMatchObject({
        code: 0,
        stdout: expect.stringContaining(
          'Saved sample business settings as revision 1: invoices issued with them say "SAMPLE',
        ) as string,
      });
      const again = await run(["sample-business-settings"], { DATA_DIR: demo });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("business settings are saved already (revision 1, samples)");
      const db = new SQLite(path.join(demo, "site.db"), { readonly: true });
      try {
        expect(db.prepare("SELECT revision, sample, saved_by FROM business_settings_revisions").all()).toEqual([
          { revision: 1, sample: 1, saved_by: null },
        ]);
        expect(db.prepare("SELECT action, detail FROM audit_events").all()).toEqual([
          { action: "business-settings-saved", detail: JSON.stringify({ revision: 1, sample: true }) },
        ]);
      } finally {
        db.close();
      }
    },
  );
});
