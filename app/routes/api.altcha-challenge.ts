import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { altchaCostAfter, createAltchaChallenge } from "~/services/bot-check.server";
import { recentGuestBookings } from "~/services/rate-limit.server";

// The ALTCHA widget fetches a fresh challenge here each time it starts verifying, so a form left
// open for a long time never holds a stale one. Never cached: every challenge is single-use. A
// client that keeps placing orders gets harder challenges (issue 12, finding 7).
export async function loader({ context }: LoaderFunctionArgs) {
  const attempts = await recentGuestBookings(context.clientIp);
  const challenge = await createAltchaChallenge({ cost: altchaCostAfter(attempts) });
  return json(challenge, { headers: { "Cache-Control": "no-store" } });
}
