import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderReviewPage } from "~/components/order-review-page";
import { manageRouteHeaders } from "~/manage/manage-page.server";
import { managePageMeta } from "~/manage/meta";
import { manageReviewAction, manageReviewLoader } from "~/manage/review-page.server";
import { manageLinkTexts } from "~/messages/manage-links";
import { reviewTexts as t } from "~/messages/portal";

// "Arvioi käynti" under a "Hallitse varausta" link: the e-mail after a completed visit sends a
// guest here (issue 28 item 6). The trailing underscore keeps it out of the manage page's layout.

export function loader({ params, context }: LoaderFunctionArgs) {
  return manageReviewLoader(params.token, context?.clientIp);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return manageReviewAction(request, params.token, context?.clientIp);
}

export const headers = manageRouteHeaders;

export const meta: MetaFunction = () => managePageMeta(`${t.title} – Arkikaveri`);

export default function ManageOrderReviewPage() {
  const data = useLoaderData<typeof loader>();
  return <OrderReviewPage data={data} back={{ to: data.back, label: manageLinkTexts.backToVisit }} />;
}
