/** A keyset cursor for lists read newest first: the last row's time and id ("<at>~<id>"), in a page's address. */
export type Cursor = { at: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.at}~${cursor.id}`;
}

export function decodeCursor(value: string | null): Cursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([\w-]{1,64})$/.exec(value ?? "");
  return match ? { at: match[1]!, id: match[2]! } : null;
}
