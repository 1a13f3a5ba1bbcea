/**
 * What a staff password must be (NIST SP 800-63B: length, not composition
 * rules): at least 12 characters, at most 200 (argon2 takes any length; the
 * cap keeps a request from making the server hash megabytes), and not the
 * account's own e-mail address or name. Pure; the set-up page shows the
 * message next to the field.
 */
export const passwordLength = { min: 12, max: 200 } as const;

export function passwordProblem(password: string, account: { email: string; name: string }): string | null {
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
    return "Choose a password that is not your e-mail address or name.";
  }
  if (new Set(password).size < 4) return "Choose a password with more than a few different characters.";
  return null;
}
