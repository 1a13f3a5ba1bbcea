/**
 * A refused form's fields as the spam folder lists them (pure): each by a
 * name in words, never the form's own ("bookerEmail", "formStartedAt"); the
 * time the visitor opened the form as an instant for the page to show in
 * London time.
 */
import { protectionFields } from "~/forms/protection.ts";

export type SpamFieldRow = { name: string; label: string; value: string; at?: string };

const named: Readonly<Record<string, string>> = {
  [protectionFields.honeypot]: "Hidden field (only bots fill it in)",
  [protectionFields.startedAt]: "Form opened",
  email: "E-mail",
  bookerEmail: "Booker's e-mail",
  bookerName: "Booker's name",
  vatNumber: "VAT number",
};

/** "bookerPhone" and "first_name" → "Booker phone", "First name". */
export function fieldNameInWords(name: string): string {
  if (named[name]) return named[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each field as a row; when the form was opened, as an ISO instant (`at`) when it reads as one. */
export function spamFieldRows(fields: Readonly<Record<string, string>>): SpamFieldRow[] {
  return Object.entries(fields).map(([name, value]) => {
    const row: SpamFieldRow = { name, label: fieldNameInWords(name), value };
    if (name === protectionFields.startedAt && /^\d{12,14}$/.test(value.trim())) {
      const at = new Date(Number(value.trim()));
      if (!Number.isNaN(at.getTime())) row.at = at.toISOString();
    }
    return row;
  });
}
