/**
 * What the app's form readers (the business settings, the accounts export's
 * period, the staff forms, the choice of role) answer when they refuse what
 * they were given: not ok, and a message by field.
 */
export const refused = <P extends Record<string, unknown>>(problems: P) => ({ ok: false, problems });
