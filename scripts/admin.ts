/**
 * `npm run admin -- <command>`: the back office's accounts from the command
 * line, with the server's settings (DATA_DIR or DATABASE_URL, SITE_URL;
 * `.env` too). Each change is in the audit log, from "the command line".
 *
 *   create-user --email <address> --name <name> [--role admin|staff]
 *       Invites someone (an administrator unless --role staff) and prints
 *       their set-up link (valid 3 days): they choose a password and add the
 *       site to an authenticator app there. This is how the first
 *       administrator is made; later ones can be invited from /admin/users.
 *   reset-user --email <address>
 *       Prints a new set-up link for an active account whose owner lost
 *       their phone or password (the only way back for a lone
 *       administrator). Using it sets a new password and authenticator key,
 *       removes the passkeys and ends the sessions; until then the old
 *       sign-in keeps working.
 *   disable-user --email <address>
 *       No more sign-in for this account: its sessions end at once, and its
 *       password hash, authenticator key and passkeys are deleted.
 *   list-users
 *       Every account, its role and whether it is disabled.
 *   access --email <address>
 *       Everything held about the address, as JSON on standard output (an
 *       access request; the same as /admin/requests).
 *   erase --email <address> --confirm
 *       Erases everything about the address but what the law keeps (the
 *       address alone on the newsletter suppression list; paid bookings
 *       without the address). Prints the counts.
 *
 * Exit codes: 0 done; 1 failed; 2 wrong usage.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { configOrFail, failer } from "./cli.ts";
import { openDatabase } from "../app/data/db.server.ts";
import {
  AccountExistsError,
  createInvitation,
  createResetLink,
  disableAccount,
  invitationDays,
  listAccounts,
} from "../app/staff/accounts.server.ts";
import { addressHash, erase, findEverything } from "../app/privacy/requests.server.ts";
import { audit } from "../app/staff/audit.server.ts";
import { loadKeyring } from "../app/secrets/keys.server.ts";

const usage = `Usage: npm run admin -- <command>
  create-user --email <address> --name <name> [--role admin|staff]
  reset-user --email <address>
  disable-user --email <address>
  list-users
  access --email <address>
  erase --email <address> --confirm`;

const fail: (message: string, code?: number) => never = failer("admin");

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        confirm: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`, 2);
  }
})();
const [command] = positionals;
if (!command || !["create-user", "reset-user", "disable-user", "list-users", "access", "erase"].includes(command))
  fail(usage, 2);
if (command === "erase" && !values.confirm) fail(`erase deletes for good: add --confirm\n${usage}`, 2);

const config = configOrFail(fail);

const email = values.email?.trim().toLowerCase();
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
if (command !== "list-users" && (!email || !emailPattern.test(email) || email.length > 254)) {
  fail(`--email must be an e-mail address\n${usage}`, 2);
}

if (!config.DATABASE_URL) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
// The same key as the server's (SECRETS_KEY, or DATA_DIR/secrets.key): set-up links seal the new authenticator key.
const { keys } = loadKeyring(config);
const now = new Date();
try {
  if (command === "create-user") {
    const name = values.name?.trim();
    const role = values.role ?? "admin";
    if (!name || name.length > 100) fail(`--name is needed (at most 100 characters)\n${usage}`, 2);
    if (role !== "admin" && role !== "staff") fail(`--role must be admin or staff\n${usage}`, 2);
    try {
      const { token, expiresAt } = await createInvitation(
        database.db,
        keys,
        { email: email!, name, role, invitedBy: null },
        now,
      );
      await audit(
        database.db,
        { actor: null, action: "user-invited", target: `invitation:${email}`, ip: null, detail: { role } },
        now,
      );
      console.log(`Invited ${name} <${email}> as ${role === "admin" ? "an administrator" : "staff"}.`);
      console.log(`Their set-up link (works once, for ${invitationDays} days, until ${expiresAt}):`);
      console.log(`${config.siteUrl}/admin/setup/${token}`);
    } catch (error) {
      if (error instanceof AccountExistsError) fail(error.message);
      throw error;
    }
  } else if (command === "reset-user") {
    const account = (await listAccounts(database.db, now)).find((a) => a.email === email);
    if (!account) fail(`no account for ${email}`);
    const link = await createResetLink(database.db, keys, account.id, null, now);
    if (!link) fail(`${email} is disabled`);
    await audit(database.db, { actor: null, action: "sign-in-reset", target: `user:${account.id}`, ip: null }, now);
    console.log(`A new set-up link for ${account.name} <${email}> (works once, until ${link.expiresAt}):`);
    console.log(`${config.siteUrl}/admin/setup/${link.token}`);
  } else if (command === "disable-user") {
    const account = (await listAccounts(database.db, now)).find((a) => a.email === email);
    if (!account) fail(`no account for ${email}`);
    if (!(await disableAccount(database.db, account.id, now))) fail(`${email} is already disabled`);
    await audit(database.db, { actor: null, action: "user-disabled", target: `user:${account.id}`, ip: null }, now);
    console.log(`Disabled ${email}; its sessions have ended.`);
  } else if (command === "access") {
    const held = await findEverything(database.db, email!, path.join(config.dataDir, "mail"));
    await audit(
      database.db,
      {
        actor: null,
        action: "access-request",
        target: `address:${addressHash(email!)}`,
        ip: null,
        detail: { format: "json" },
      },
      now,
    );
    console.log(JSON.stringify({ generatedAt: now.toISOString(), ...held }, null, 2));
  } else if (command === "erase") {
    const counts = await erase(database.db, email!, now, path.join(config.dataDir, "mail"));
    await audit(
      database.db,
      { actor: null, action: "erasure", target: `address:${addressHash(email!)}`, ip: null, detail: counts },
      now,
    );
    console.log(`Erased: ${JSON.stringify(counts)}`);
  } else {
    const accounts = await listAccounts(database.db, now);
    if (accounts.length === 0) console.log("No accounts yet: create one with create-user.");
    for (const a of accounts) {
      console.log(`${a.email}\t${a.name}\t${a.role}\t${a.disabledAt ? `disabled ${a.disabledAt}` : "active"}`);
    }
  }
} finally {
  await database.close();
}
