/** Limits on passkeys that the account page shows as well as the server keeps (app/staff/passkeys.server.ts). */

/** Enough for a laptop, a phone and a security key or two each; more is a sign of something wrong. */
export const maxPasskeysPerAccount = 10;

export const passkeyNameMaxLength = 60;
