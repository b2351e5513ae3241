import type { LoaderFunctionArgs } from "@remix-run/node";
import { MANAGE_HEADERS } from "~/manage/manage-page.server";
import { managePath } from "~/services/manage-links.server";

// /h/:token, the short "Hallitse varausta" link of a text message (docs/decisions/0031): a
// redirect to /hallitse/:token, which does the look-up, the rate limit and the 404. It reads and
// writes nothing, so a scanner's GET changes nothing here either; the headers keep the token out of
// referrers and indexes on the way.

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN_SHAPE.test(token)) throw new Response(null, { status: 404, headers: MANAGE_HEADERS });
  return new Response(null, { status: 302, headers: { ...MANAGE_HEADERS, Location: managePath(token) } });
}
