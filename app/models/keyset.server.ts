import { sql, type RawBuilder } from "kysely";
import type { Cursor } from "../domain/list-query";

// Keyset paging on (timestamp, id): the SQL half of app/domain/list-query.ts. Times travel in
// cursors as whole microseconds, converted exactly in both directions (integer interval
// arithmetic, no floating point), so no row is skipped or shown twice between pages.

/** A timestamptz column as whole microseconds since 1970 (what a cursor stores). */
export function epochMicros(column: string): RawBuilder<number> {
  return sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;
}

/** `(time, id) < cursor` (or `>` going back), which an index on (time, id) serves. */
export function afterCursor(timeColumn: string, idColumn: string, cursor: Cursor, backwards: boolean): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) ${sql.raw(backwards ? ">" : "<")} (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}
