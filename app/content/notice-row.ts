/** A row of the privacy notice's table: what is kept, why, on what lawful basis, and for how long (each lead kind and order kind declares its own). */
export type NoticeRow = { what: string; why: string; basis: string; howLong: string };
