import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { canReview } from "~/domain/order-reviews";
import { reviewPath } from "~/domain/portal-paths";
import { reviewTexts as t } from "~/messages/portal";
import { findOrderForReview } from "~/models/order-reviews.server";
import { OrderReviewSchema } from "~/schemas/order-review";
import { redirectWithToast } from "~/services/flash.server";
import { submitOrderReview } from "~/services/order-reviews.server";

// The server half of the review page (/portal/orders/:n/arvio): the page itself imports no schema,
// so its browser bundle has no Zod (decisions 0013, 0017).

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

function stateOf(order: NonNullable<Awaited<ReturnType<typeof findOrderForReview>>>) {
  if (order.review) return "given" as const;
  if (order.status === "cancelled") return "cancelled" as const;
  return canReview({ status: order.status, reviewed: false, hasCaregiver: order.caregiverId !== null }) ? ("open" as const) : ("not_yet" as const);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await orderOf(request, params);
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

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await orderOf(request, params);
  const submission = parseWithZod(await request.formData(), { schema: OrderReviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await submitOrderReview(await getDb(), {
    profileId: user.id,
    orderNumber: order.orderNumber,
    rating: submission.value.rating,
    comment: submission.value.comment ?? null,
  });
  const here = reviewPath(order.orderNumber);
  if (outcome.ok) return redirectWithToast(request, here, { type: "success", title: t.thanks, description: t.thanksDetail });
  switch (outcome.reason) {
    case "not_found":
      throw notFound();
    case "already_reviewed":
      return redirectWithToast(request, here, { type: "error", title: t.alreadyGiven, description: t.alreadyGivenDetail });
    case "not_completed":
      return redirectWithToast(request, here, { type: "error", title: t.notYet, description: t.notYetDetail });
  }
}
