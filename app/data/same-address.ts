import { sql } from "kysely";

/** `column` holds `address` (normalised: lower case), whatever its case: how access requests and erasure find a person's rows. */
export const sameAddress = (column: string, address: string) => sql<boolean>`lower(${sql.ref(column)}) = ${address}`;

/** `text` inside a LIKE pattern, matched as it is: its backslashes, `%` and `_` escaped with a backslash (the query says `escape '\\'`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");
