/**
 * A lead's search text as migrations 006 and 027 wrote it for the rows they
 * listed: frozen with the migrations (./index.ts), a copy of
 * app/data/search-text.ts's `searchText` as it was when they shipped.
 * Lower-case words without accents, split at anything that is not a letter
 * or a digit; a message's first 2,000 characters.
 */
function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function searchText(lead: { name: string; email: string; company: string; message: string }): string {
  return words(`${lead.name} ${lead.email} ${lead.company} ${lead.message.slice(0, 2000)}`).join(" ");
}
