import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderReviewPage } from "~/components/order-review-page";
import { CUSTOMER_ORDERS_PATH } from "~/domain/portal-paths";
import { reviewTexts as t } from "~/messages/portal";
import { action, loader } from "~/portal/review-page.server";

export { action, loader };

// The customer rates a completed visit, once (issue 10 "Reviews"): one to five stars and an
// optional comment. Only the order's own customer finds the page (anyone else gets 404, so an
// order number reveals nothing); before completion it says when rating opens, after rating it
// shows the rating given. The helper's average and count change with the review (the service).
// The trailing underscore of the file name keeps this page out of the order page's layout.

export const meta: MetaFunction = () => [{ title: `${t.title} – Oma sivu – Arkikaveri` }];

export default function PortalOrderReviewPage() {
  return <OrderReviewPage data={useLoaderData<typeof loader>()} back={{ to: CUSTOMER_ORDERS_PATH, label: t.backToOrders }} />;
}
