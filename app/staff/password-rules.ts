/**
 * What a staff password must be (NIST SP 800-63B: length, not composition
 * rules): at least 12 characters, at most 200 (argon2 takes any length; the
 * cap keeps a request from making the server hash megabytes), and not the
 * account's own e-mail address or name. Pure and small, so the set-up page
 * can show the length in the browser; the whole check, with the list of
 * common and breached passwords, is `passwordProblem` in
 * password-check.server.ts (ADR 037).
 */
export const passwordLength = { min: 12, max: 200 } as const;

/** Length, the person's own address or name, and a few different characters: the checks that need no list. */
export function passwordShapeProblem(password: string, account: { email: string; name: string }): string | null {
  const length = [...password].length;
  if (length < passwordLength.min) return `Use at least ${passwordLength.min} characters.`;
  if (length > passwordLength.max) return `Use at most ${passwordLength.max} characters.`;
  const lower = password.trim().toLowerCase();
  const local = account.email.toLowerCase().split("@")[0] ?? "";
  if (
    lower === account.email.toLowerCase() ||
    lower === account.name.trim().toLowerCase() ||
    (local.length >= 4 && lower.includes(local) && lower.length - local.length < 6)
  ) {
    return personalPassword;
  }
  if (new Set(password).size < 4) return "Choose a password with more than a few different characters.";
  return null;
}

export const personalPassword = "Choose a password that is not your e-mail address or name.";
