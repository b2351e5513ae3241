import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { canReview } from "~/domain/order-reviews";
import { reviewPath } from "~/domain/portal-paths";
import { reviewTexts as t } from "~/messages/portal";
import { findOrderForReview, type ReviewableOrder } from "~/models/order-reviews.server";
import { OrderReviewSchema } from "~/schemas/order-review";
import { redirectWithToast } from "~/services/flash.server";
import { submitOrderReview } from "~/services/order-reviews.server";

// The server half of the review page (/portal/orders/:n/arvio, and /hallitse/:token/arvio for the
// holder of the order's manage link, app/manage/review-page.server.ts): the page itself imports no
// schema, so its browser bundle has no Zod (decisions 0013, 0017).

/** The form's attributes from its schema, sent with the page. */
const REVIEW_FORM_CONSTRAINT = getZodConstraint(OrderReviewSchema);

function notFound(): Response {
  return new Response("Tilausta ei löytynyt.", { status: 404 });
}

async function orderOf(request: Request, params: { orderNumber?: string }) {
  const user = await requireUser(request);
  const order = await findOrderForReview(await getDb(), user.id, params.orderNumber ?? "");
  if (!order) throw notFound();
  return { user, order };
}

function stateOf(order: ReviewableOrder) {
  if (order.review) return "given" as const;
  if (order.status === "cancelled") return "cancelled" as const;
  return canReview({ status: order.status, reviewed: false, hasCaregiver: order.caregiverId !== null }) ? ("open" as const) : ("not_yet" as const);
}

/** What the page shows of an order, whoever opened it. */
export function reviewPageView(order: ReviewableOrder) {
  return {
    orderNumber: order.orderNumber,
    serviceName: order.serviceName,
    when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
    caregiverName: order.caregiverName,
    state: stateOf(order),
    review: order.review ? { rating: order.review.rating, comment: order.review.comment } : null,
    constraint: REVIEW_FORM_CONSTRAINT,
  };
}

/**
 * The form's POST for the order's customer: the review, or the form's errors (400). `here` is the
 * page the answer returns to; `byManageLink` when the manage link found the customer.
 */
export async function submitReviewForm(
  request: Request,
  order: { profileId: string; orderNumber: string },
  { here, byManageLink = false, headers }: { here: string; byManageLink?: boolean; headers?: HeadersInit },
) {
  const submission = parseWithZod(await request.formData(), { schema: OrderReviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers });
  const outcome = await submitOrderReview(await getDb(), {
    profileId: order.profileId,
    orderNumber: order.orderNumber,
    rating: submission.value.rating,
    comment: submission.value.comment ?? null,
    byManageLink,
  });
  if (outcome.ok) return redirectWithToast(request, here, { type: "success", title: t.thanks, description: t.thanksDetail });
  switch (outcome.reason) {
    case "not_found":
      throw new Response("Tilausta ei löytynyt.", { status: 404, headers });
    case "already_reviewed":
      return redirectWithToast(request, here, { type: "error", title: t.alreadyGiven, description: t.alreadyGivenDetail });
    case "not_completed":
      return redirectWithToast(request, here, { type: "error", title: t.notYet, description: t.notYetDetail });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await orderOf(request, params);
  return reviewPageView(order);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await orderOf(request, params);
  return submitReviewForm(request, { profileId: user.id, orderNumber: order.orderNumber }, { here: reviewPath(order.orderNumber) });
}
