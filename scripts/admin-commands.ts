/**
 * The commands of `npm run admin` (scripts/admin.ts): one table, from which
 * the help is printed and the command line is checked, so no command exists
 * without its help. Pure, for unit tests.
 */

export type AdminCommand = {
  name: string;
  /** Its options, as the help shows them. */
  usage: string;
  /** What it does, one line of the help each. */
  about: string[];
};

export const adminCommands = [
  {
    name: "create-user",
    usage: "--email <address> --name <name> [--role admin|leads|site|leads,site]",
    about: [
      "Invites someone and prints their set-up link (valid 3 days): they choose",
      "a password and add the site to an authenticator app there. An",
      "administrator unless --role names a member's permissions: leads (work",
      "leads), site (edit the site) or leads,site (both); staff, the role's old",
      "name, still means leads. This is how the first administrator is made;",
      "later accounts can be invited from /admin/users.",
    ],
  },
  {
    name: "reset-user",
    usage: "--email <address>",
    about: [
      "Prints a new set-up link for an active account whose owner lost their",
      "phone or password (the only way back for a lone administrator). Using it",
      "sets a new password and authenticator key, removes the passkeys and ends",
      "the sessions; until then the old sign-in keeps working.",
    ],
  },
  {
    name: "disable-user",
    usage: "--email <address>",
    about: [
      "No more sign-in for this account: its sessions end at once, and its",
      "password hash, authenticator key and passkeys are deleted.",
    ],
  },
  {
    name: "rotate-secrets",
    usage: "",
    about: [
      "After SECRETS_KEY changed (the old key in SECRETS_KEY_PREVIOUS): seals",
      "every authenticator key and waiting one-time link under the new key, and",
      "says whether any is left that no key opens. Then SECRETS_KEY_PREVIOUS can go.",
    ],
  },
  {
    name: "list-users",
    usage: "",
    about: ["Every account, its role (admin, or its permissions) and whether it is disabled."],
  },
  {
    name: "access",
    usage: "--email <address>",
    about: [
      "Everything held about the address, as JSON on standard output (an access",
      "request; the same as /admin/requests).",
    ],
  },
  {
    name: "erase",
    usage: "--email <address> --confirm",
    about: [
      "Erases everything about the address but what the law keeps (the address",
      "alone on the newsletter suppression list; paid bookings without the",
      "address). Prints the counts.",
    ],
  },
  {
    name: "sample-business-settings",
    usage: "",
    about: [
      "For a demonstration site only: saves fictional sample business settings,",
      "so bookings and invoices can be tried, while none are saved (never over",
      'real ones). Every invoice issued with them says "SAMPLE: not a valid VAT',
      'invoice". An administrator sets the real ones at /admin/settings.',
    ],
  },
] as const satisfies readonly AdminCommand[];

export type AdminCommandName = (typeof adminCommands)[number]["name"];

/** The help: every command with its options, and the exit codes. */
export const adminHelp = [
  "Usage: npm run admin -- <command> [options]",
  "",
  "The back office's accounts and data-protection requests, with the server's",
  "settings (DATA_DIR or DATABASE_URL, SITE_URL; .env too). Each change is in",
  'the audit log, from "the command line".',
  "",
  "Commands:",
  ...adminCommands.flatMap((c) => [`  ${c.name}${c.usage ? ` ${c.usage}` : ""}`, ...c.about.map((l) => `      ${l}`)]),
  "  help, --help, -h",
  "      Prints this help.",
  "",
  "Exit codes: 0 done (and the help when asked for); 1 failed; 2 wrong usage",
  "(an unknown command, none at all, or a missing or wrong option: the help",
  "follows the message on standard error).",
].join("\n");

export type Invocation =
  /** Print the help on standard output and exit 0. */
  | { kind: "help" }
  /** Print `message` and the help on standard error and exit 2. */
  | { kind: "usage"; message: string }
  | { kind: "run"; command: AdminCommandName };

/** What the command line asks for: the help, a usage error, or a command to run. */
export function readInvocation(command: string | undefined, askedForHelp: boolean): Invocation {
  if (askedForHelp || command === "help") return { kind: "help" };
  if (command === undefined) return { kind: "usage", message: "no command given" };
  const known = adminCommands.find((c) => c.name === command);
  if (!known) return { kind: "usage", message: `unknown command "${command}"` };
  return { kind: "run", command: known.name };
}
