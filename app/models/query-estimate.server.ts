import { CompiledQuery, type Compilable } from "kysely";
import type { Executor } from "../db.server";

/**
 * The planner's estimate of how many rows a query returns (EXPLAIN, nothing is read): what a
 * list shows as "noin 4 400" where an exact count would cost more than the list itself.
 */
export async function estimateRows(db: Executor, query: Compilable): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> | string }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = typeof raw === "string" ? (JSON.parse(raw) as Array<{ Plan: { "Plan Rows": number } }>) : raw;
  const rows = plan?.[0]?.Plan?.["Plan Rows"];
  return typeof rows === "number" && Number.isFinite(rows) ? Math.max(0, Math.round(rows)) : 0;
}
