import type { ActionFunctionArgs } from "@remix-run/node";
import { handleStripeWebhook } from "~/services/payments/stripe-webhook.server";

// Stripe's webhook endpoint (issue 5): a resource route with no page. POST only; the service
// verifies the signature on the raw body and applies the event idempotently.

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleStripeWebhook(request);
}

// Browsers and crawlers that open the address get a plain 405 instead of an error page.
export function loader() {
  return methodNotAllowed();
}

function methodNotAllowed() {
  return new Response(JSON.stringify({ error: "Method not allowed" }), {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
