import { isUuid } from "./uuid";

// Pure helpers of the back-office lists: the search term, LIKE patterns and keyset cursors. The
// queries that use them are in app/models/backoffice-*.server.ts.

/** Shorter terms match too much to be useful, and a trigram index cannot serve them. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;

/** The term as typed, trimmed and with runs of spaces made one; null when empty. */
export function normalizeSearch(value: string | null | undefined): string | null {
  const term = (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  return term === "" ? null : term;
}

/** A list's search term from its address: as typed (for the form), and what to search for (null when too short). */
export function searchTermOf(value: string | null | undefined): { typed: string | null; search: string | null; tooShort: boolean } {
  const typed = normalizeSearch(value);
  const tooShort = typed !== null && typed.length < SEARCH_MIN_LENGTH;
  return { typed, search: tooShort ? null : typed, tooShort };
}

/** An ILIKE pattern matching `term` anywhere; the term's own % _ and \ match only themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A position in a list sorted by a timestamp and then the id (both descending). The time is in
 * microseconds since 1970, PostgreSQL's own precision: a JavaScript Date keeps only
 * milliseconds, and a cursor rounded to them would skip or repeat rows made in the same
 * millisecond.
 */
export interface Cursor {
  micros: number;
  id: string;
}

/** 'microseconds.uuid': short enough for a URL, readable in logs. */
export function encodeCursor(cursor: Cursor): string {
  return `${cursor.micros}.${cursor.id}`;
}

/** The cursor in a URL parameter, or null for anything that is not one (a hand-edited link). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const match = /^(\d{1,16})\.(.+)$/.exec(value);
  if (!match || !isUuid(match[2])) return null;
  const micros = Number(match[1]);
  if (!Number.isSafeInteger(micros)) return null;
  return { micros, id: match[2]!.toLowerCase() };
}

/** Which way a keyset page goes from its cursor. */
export type PageDirection = { after: Cursor } | { before: Cursor } | null;

/** The keyset page a list's address asks for: '?jalkeen=…' (the next page) or '?ennen=…' (the previous). */
export function pageDirectionOf(params: URLSearchParams): PageDirection {
  const after = decodeCursor(params.get("jalkeen"));
  const before = decodeCursor(params.get("ennen"));
  return before ? { before } : after ? { after } : null;
}

/**
 * The pager's links of a keyset page; `base` is the list's query string without a cursor, so the
 * filters stay. `first` only when the first page is neither this one nor the previous.
 */
export function keysetPageLinks(
  base: URLSearchParams | string,
  page: PageDirection,
  cursors: { next: string | null; previous: string | null },
): { next: string | null; previous: string | null; first: string | null } {
  const href = (param: "jalkeen" | "ennen", cursor: string | null) => {
    if (!cursor) return null;
    const params = new URLSearchParams(base);
    params.set(param, cursor);
    return `?${params}`;
  };
  return {
    next: href("jalkeen", cursors.next),
    previous: href("ennen", cursors.previous),
    first: page !== null && cursors.previous !== null ? `?${base}` : null,
  };
}

/**
 * A page of a keyset-paged list. The query asks for one row more than it shows, so it knows
 * whether there is a next page without counting; going back, the rows come in reverse.
 */
export function keysetPage<T>(
  rows: T[],
  pageSize: number,
  direction: PageDirection,
  cursorOf: (row: T) => Cursor,
): { rows: T[]; next: string | null; previous: string | null } {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const backwards = direction !== null && "before" in direction;
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : direction !== null;
  return {
    rows: page,
    next: hasNext && last ? encodeCursor(cursorOf(last)) : null,
    previous: hasPrevious && first ? encodeCursor(cursorOf(first)) : null,
  };
}

/**
 * How many rows a list has, as far as it is cheap to know: exact; at least `value` (counting
 * stopped at a cap, since counting a million rows is slow); or the database planner's estimate.
 * The UI says which ('yli 10 000', 'noin 4 400').
 */
export interface ListCount {
  value: number;
  kind: "exact" | "atLeast" | "estimate";
}

/** A list's count as shown: an estimate is replaced by the exact number when every match fits on the first page. */
export function shownCount(counted: ListCount, page: PageDirection, firstRows: { rows: unknown[]; next: string | null }): ListCount {
  return counted.kind === "estimate" && page === null && firstRows.next === null ? { value: firstRows.rows.length, kind: "exact" } : counted;
}

/** A count taken with LIMIT cap + 1: more than `cap` means "at least cap". */
export function cappedCount(counted: number, cap: number): ListCount {
  return counted > cap ? { value: cap, kind: "atLeast" } : { value: counted, kind: "exact" };
}

/** The page number a list's address asks for ('?sivu=3'): 1 when absent or not a number, at most 10 000. */
export function pageNumberOf(value: string | null): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(value ?? "1", 10) || 1));
}

/** A list asked for `limit + 1` rows: the ones to show (as `view` makes them), and whether there are more beyond them. */
export function firstRows<T, V = T>(rows: T[], limit: number, view: (row: T) => V = (row) => row as unknown as V): { rows: V[]; hasMore: boolean } {
  return { rows: rows.slice(0, limit).map(view), hasMore: rows.length > limit };
}
