import { json } from "@remix-run/node";
import { getDb, isDatabaseReachable } from "~/db.server";

export async function loader() {
  const reachable = await isDatabaseReachable(await getDb());
  return json(
    { status: reachable ? "ok" : "unavailable", database: reachable ? "reachable" : "unreachable" },
    { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
