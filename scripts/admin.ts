/**
 * `npm run admin -- <command>`: the back office's accounts and
 * data-protection requests from the command line, with the server's settings
 * (DATA_DIR or DATABASE_URL, SITE_URL; `.env` too). Each change is in the
 * audit log, from "the command line". The commands, their options and the
 * help are in scripts/admin-commands.ts (`npm run admin -- --help`).
 *
 * Exit codes: 0 done (or the help asked for); 1 failed; 2 wrong usage (the
 * help follows the message on standard error).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { configOrFail, failer } from "./cli.ts";
import { parseRole, roleAsPerson } from "../app/staff/permissions.ts";
import { adminHelp, readInvocation } from "./admin-commands.ts";

const fail: (message: string, code?: number) => never = failer("admin");
/** Wrong usage: the message, then the help, on standard error; exit 2. */
function wrongUsage(message: string): never {
  return fail(`${message}\n\n${adminHelp}`, 2);
}

function showHelp(): never {
  console.log(adminHelp);
  process.exit(0);
}

const args = process.argv.slice(2);
const { positionals, values } = (() => {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        confirm: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // `--help` wins over an option it does not know.
    return args.includes("--help") || args.includes("-h") ? showHelp() : wrongUsage((error as Error).message);
  }
})();
const invocation = readInvocation(positionals[0], values.help);
if (invocation.kind === "help") showHelp();
if (invocation.kind === "usage") wrongUsage(invocation.message);
const command = invocation.kind === "run" ? invocation.command : wrongUsage("no command");
if (command === "erase" && !values.confirm) wrongUsage("erase deletes for good: add --confirm");

const config = configOrFail(fail);

const email = values.email?.trim().toLowerCase();
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
if (
  command !== "list-users" &&
  command !== "rotate-secrets" &&
  command !== "sample-business-settings" &&
  (!email || !emailPattern.test(email) || email.length > 254)
) {
  wrongUsage("--email must be an e-mail address");
}

// The app's modules (the database, accounts, privacy, secrets) load only
// once the arguments are read: the help and a wrong usage answer without them.
const { openDatabase } = await import("../app/data/db.server.ts");
const { AccountExistsError, createInvitation, createResetLink, disableAccount, invitationDays, listAccounts } =
  await import("../app/staff/accounts.server.ts");
const { addressHash, erase, findEverything } = await import("../app/privacy/requests.server.ts");
const { audit } = await import("../app/staff/audit.server.ts");
const { loadKeyring } = await import("../app/secrets/keys.server.ts");
const { resealSecrets } = await import("../app/secrets/reseal.server.ts");
const { currentBusinessSettings, sampleBusinessSettings, saveBusinessSettings } =
  await import("../app/settings/business-settings.server.ts");

if (!config.DATABASE_URL) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
// The same key as the server's (SECRETS_KEY, or DATA_DIR/secrets.key): set-up links seal the new authenticator key.
const { keys } = loadKeyring(config);
const now = new Date();
try {
  if (command === "create-user") {
    const name = values.name?.trim();
    const role = parseRole(values.role ?? "admin");
    if (!name || name.length > 100) wrongUsage("--name is needed (at most 100 characters)");
    if (!role) wrongUsage("--role must be admin, leads, site or leads,site (staff is read as leads)");
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
      console.log(`Invited ${name} <${email}> as ${roleAsPerson(role)}.`);
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
  } else if (command === "rotate-secrets") {
    const counts = await resealSecrets(database.db, keys);
    console.log(
      `Sealed under the current key: ${counts.accounts} account(s), ${counts.invitations} set-up link(s), ${counts.outbox} waiting e-mail(s), ${counts.webinarLinks} webinar joining link(s).`,
    );
    if (counts.unopenable > 0) {
      fail(
        `${counts.unopenable} value(s) open with no key given (SECRETS_KEY, SECRETS_KEY_PREVIOUS): keep the old key in SECRETS_KEY_PREVIOUS, or send those accounts new set-up links (reset-user)`,
      );
    }
  } else if (command === "list-users") {
    const accounts = await listAccounts(database.db, now);
    if (accounts.length === 0) console.log("No accounts yet: create one with create-user.");
    for (const a of accounts) {
      console.log(`${a.email}\t${a.name}\t${a.role}\t${a.disabledAt ? `disabled ${a.disabledAt}` : "active"}`);
    }
  } else if (command === "sample-business-settings") {
    const current = await currentBusinessSettings(database.db);
    if (current) {
      fail(
        `business settings are saved already (revision ${current.revision}${current.sample ? ", samples" : ""}): samples never replace them`,
      );
    }
    const revision = await saveBusinessSettings(database.db, sampleBusinessSettings, {
      by: { id: null, name: "Sample data (command line)" },
      now,
      sample: true,
    });
    await audit(
      database.db,
      {
        actor: null,
        action: "business-settings-saved",
        target: "business-settings",
        ip: null,
        detail: { revision, sample: true },
      },
      now,
    );
    console.log(
      `Saved sample business settings as revision ${revision}: invoices issued with them say "SAMPLE: not a valid VAT invoice". Set the real ones at ${config.siteUrl}/admin/settings.`,
    );
  } else {
    // A command in the table (scripts/admin-commands.ts) without a branch here does not compile.
    const unhandled: never = command;
    fail(`${String(unhandled)} is not implemented`);
  }
} finally {
  await database.close();
}
