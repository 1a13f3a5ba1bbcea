/** A keyset cursor for lists read newest first: the last row's time and id ("<at>~<id>"), in a page's address. */
export type Cursor = { at: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.at}~${cursor.id}`;
}

export function decodeCursor(value: string | null): Cursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([\w-]{1,64})$/.exec(value ?? "");
  return match ? { at: match[1]!, id: match[2]! } : null;
}

/**
 * A page of a list read one row past the page (`limit(pageSize + 1)`): the
 * page, and the next page's cursor, made from its last row (null: no more).
 */
export function keysetPage<Row>(
  rows: Row[],
  pageSize: number,
  cursorOf: (last: Row) => string,
): { page: Row[]; next: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { page, next: rows.length > pageSize && last !== undefined ? cursorOf(last) : null };
}

/**
 * Every page of a list read by keyset, first to last: `read` is given the
 * previous page's `next` (null for the first) and answers a page and its own.
 */
export async function* everyPage<Row>(
  read: (after: string | null) => Promise<{ rows: Row[]; next: string | null }>,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  do {
    const { rows, next } = await read(after);
    after = next;
    yield rows;
  } while (after);
}
