/**
 * Search text for the inbox, and the words of a search: one normal form on
 * both databases (SQLite's FTS5 and PostgreSQL's `simple` text search split
 * and fold differently, so neither sees anything but plain lower-case words
 * separated by spaces). Accents are dropped ("Zoë" finds "zoe" and "zoë"),
 * and anything that is not a letter or a digit separates words, so an
 * address is its parts ("jane@acme.co.uk": jane, acme, co, uk). Pure.
 */

/** How much of a long message is searchable. */
export const searchedMessageChars = 2000;
/** At most this many words of a search are used. */
export const maxSearchWords = 8;

function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The text a lead is found by: name, e-mail, company, message (its first 2,000 characters). */
export function searchText(lead: { name: string; email: string; company: string; message: string }): string {
  return words(`${lead.name} ${lead.email} ${lead.company} ${lead.message.slice(0, searchedMessageChars)}`).join(" ");
}

/** The words of a search (each matched as the start of a word, all of them required). */
export function searchWords(query: string): string[] {
  return [...new Set(words(query.slice(0, 200)))].slice(0, maxSearchWords);
}
