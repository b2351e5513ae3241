import { json } from "@remix-run/node";
import { createAltchaChallenge } from "~/services/bot-check.server";

// The ALTCHA widget fetches a fresh challenge here each time it starts verifying, so a form left
// open for a long time never holds a stale one. Never cached: every challenge is single-use.
export async function loader() {
  const challenge = await createAltchaChallenge();
  return json(challenge, { headers: { "Cache-Control": "no-store" } });
}
