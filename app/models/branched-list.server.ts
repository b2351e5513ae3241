import { sql, type SelectQueryBuilder } from "kysely";
import type { Executor } from "../db.server";
import { cappedCount, type ListCount } from "../domain/list-query";
import { estimateRows } from "./query-estimate.server";

// The big back-office lists (orders, customers) are searched in branches, one indexed query per
// way a term can match, merged afterwards (docs/decisions/0012). This is what they share: the
// merge of the branches' keyset pages and the list's count.

/** One branch's rows after the cursor: the id and its keyset time (also as micros for the next cursor). */
type BranchPage<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, { id: string; at: Date; micros: number }>;

/** The first `pageSize + 1` rows of the branches together, each branch giving its own first rows. */
export async function mergeBranchPages<DB, TB extends keyof DB>(
  db: Executor,
  branchPages: Array<BranchPage<DB, TB>>,
  direction: "asc" | "desc",
  pageSize: number,
) {
  const [only, ...others] = branchPages.map((query, index) => db.selectFrom(query.as(`b${index}`)).selectAll());
  const merged = others.reduce((union, next) => union.union(next), only!);
  return db
    .selectFrom(merged.as("m"))
    .select(["m.id", "m.at", "m.micros"])
    .orderBy("m.at", direction)
    .orderBy("m.id", direction)
    .limit(pageSize + 1)
    .execute();
}

/** A list's rows as filtered, before anything is selected. */
type Filtered<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, object>;

/**
 * How many rows a list has. With a search (`branches`, each filtered to one branch): the
 * planner's estimate, because counting the matches of a common name exactly reads tens of
 * thousands of rows. Without one (`unsearched`): the estimate too when it is above `exactMax`
 * (the whole list is not counted on every page view), and otherwise an exact count up to `cap`
 * (in case the estimate was low).
 */
export async function countBranchedList<DB, TB extends keyof DB>(
  db: Executor,
  list: { idColumn: string; branches: Array<Filtered<DB, TB>> | null; unsearched: () => Filtered<DB, TB>; exactMax: number; cap: number },
): Promise<ListCount> {
  const ids = (query: Filtered<DB, TB>) => query.select(sql.ref(list.idColumn).as("id"));
  if (list.branches) {
    const [only, ...others] = list.branches.map(ids);
    return { value: await estimateRows(db, others.reduce((union, next) => union.unionAll(next), only!)), kind: "estimate" };
  }
  const estimate = await estimateRows(db, ids(list.unsearched()));
  if (estimate > list.exactMax) return { value: estimate, kind: "estimate" };
  const limited = list.unsearched().select(sql`1`.as("one")).limit(list.cap + 1);
  const row = await db.selectFrom(limited.as("matches")).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return cappedCount(row.count, list.cap);
}
