import { json } from "@remix-run/node";
import { pingDatabase } from "~/db.server";

// Asked over the process's own side connection, not the pool: a pool taken up by slow requests
// must not make the check wait (issue 30), and a load balancer needs its answer within a second.
export async function loader() {
  const reachable = await pingDatabase(1000);
  return json(
    { status: reachable ? "ok" : "unavailable", database: reachable ? "reachable" : "unreachable" },
    { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
