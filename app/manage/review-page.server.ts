import { data } from "@remix-run/node";
import { getDb } from "~/db.server";
import { findOrderForReview } from "~/models/order-reviews.server";
import { reviewPageView, submitReviewForm } from "~/portal/review-page.server";
import { managePath } from "~/services/manage-links.server";
import { MANAGE_HEADERS, requireManagedOrder } from "./manage-page.server";

// "Arvioi käynti" from a "Hallitse varausta" link (/hallitse/:token/arvio; issue 28 item 6): the
// e-mail after a completed visit asks a guest, who has no portal page, to rate it here. The link is
// the permission, as on the rest of the manage page (docs/decisions/0030, 0036); the portal's own
// review page, form and rules.

async function reviewableOrder(token: string | undefined, clientIp: string | null | undefined) {
  const managed = await requireManagedOrder(token, clientIp);
  const order = await findOrderForReview(await getDb(), managed.customerProfileId, managed.orderNumber, { byManageLink: true });
  if (!order) throw new Response("Sivua ei löytynyt.", { status: 404, headers: MANAGE_HEADERS });
  return { managed, order };
}

export async function manageReviewLoader(token: string | undefined, clientIp: string | null | undefined) {
  const { order } = await reviewableOrder(token, clientIp);
  return data({ ...reviewPageView(order), back: managePath(token!) }, { headers: MANAGE_HEADERS });
}

export async function manageReviewAction(request: Request, token: string | undefined, clientIp: string | null | undefined) {
  const { managed } = await reviewableOrder(token, clientIp);
  return submitReviewForm(
    request,
    { profileId: managed.customerProfileId, orderNumber: managed.orderNumber },
    { here: `${managePath(token!)}/arvio`, byManageLink: true, headers: MANAGE_HEADERS },
  );
}
