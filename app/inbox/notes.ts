/** How long a note on a lead may be (client-safe: the note field says so too). */
export const noteMaxLength = 5000;
