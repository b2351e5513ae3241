import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isUuid } from "~/domain/uuid";
import { access } from "~/auth/access";
import { getDb } from "~/db.server";
import { assignmentRefusal, caregiverUpdateFailed, orderChangeRefusal, orderTexts, statusUpdateFailed } from "~/messages/backoffice";
import { visitLifecycleTexts } from "~/messages/visit-lifecycle";
import { findOrderNumber } from "~/models/backoffice-orders.server";
import { OrderAssignmentSchema, OrderStatusChangeSchema } from "~/schemas/backoffice";
import { redirectWithToast } from "~/services/flash.server";
import { reissueManageLinkByStaff } from "~/services/manage-links.server";
import { assignCaregiver } from "~/services/order-assignment.server";
import { changeOrderStatus } from "~/services/order-status-change.server";
import { backofficeReturnPath, badForm, requireStaffActor } from "./staff.server";

// The changes staff make to an order from the list or from the order's page (spec 001 §2, §4,
// §8): the status and the helper, and the order's "Hallitse varausta" link sent anew. Plain POST forms; each answers with a redirect back to the page
// it came from (filters and page kept) and the §8 toast.

export async function handleOrderChange(request: Request, context: Partial<AppLoadContext> | undefined, fallback: string) {
  const { user, actor } = await requireStaffActor(request, context, access.orders);
  const formData = await request.formData();
  const db = await getDb();
  const back = backofficeReturnPath(formData.get("returnTo"), fallback);

  switch (formData.get("intent")) {
    case "status": {
      const submission = parseWithZod(formData, { schema: OrderStatusChangeSchema });
      if (submission.status !== "success") throw badForm();
      const { orderId, status } = submission.value;
      if (status === "cancelled") {
        // Cancelling has its own page and flow (refund or credit note, e-mails).
        const orderNumber = await findOrderNumber(db, orderId);
        if (!orderNumber) return redirectWithToast(request, back, { type: "error", title: statusUpdateFailed(orderChangeRefusal("order_not_found")) });
        if (!(access.cancelOrders as readonly string[]).includes(user.role)) {
          return redirectWithToast(request, back, { type: "error", title: statusUpdateFailed(orderChangeRefusal("admin_only")) });
        }
        return redirect(`/backoffice/orders/${encodeURIComponent(orderNumber)}/peruuta?${new URLSearchParams({ takaisin: back })}`);
      }
      const outcome = await changeOrderStatus(db, actor, { orderId, status, role: user.role });
      if (!outcome.ok) {
        const why =
          outcome.reason === "too_early"
            ? visitLifecycleTexts.staffTooEarly(outcome.opensAt)
            : outcome.reason === "too_late"
              ? visitLifecycleTexts.staffTooLate(outcome.closedAt)
              : outcome.reason === "not_allowed"
                ? visitLifecycleTexts.staffNotAllowed
                : orderChangeRefusal(outcome.reason);
        return redirectWithToast(request, back, { type: "error", title: statusUpdateFailed(why) });
      }
      return redirectWithToast(request, back, { type: "success", title: orderTexts.statusUpdated, description: outcome.orderNumber });
    }
    case "assign": {
      const submission = parseWithZod(formData, { schema: OrderAssignmentSchema });
      if (submission.status !== "success") throw badForm();
      const { orderId, caregiverId } = submission.value;
      const outcome = await assignCaregiver(db, actor, { orderId, caregiverId: caregiverId ?? null });
      if (!outcome.ok) {
        return redirectWithToast(request, back, { type: "error", title: caregiverUpdateFailed(assignmentRefusal(outcome.reason, outcome.caregiverName)) });
      }
      return redirectWithToast(request, back, {
        type: "success",
        title: orderTexts.caregiverUpdated,
        description: `${outcome.orderNumber}: ${outcome.caregiverName ?? orderTexts.noCaregiver}`,
      });
    }
    case "manage-link": {
      if (!(access.reissueManageLinks as readonly string[]).includes(user.role)) {
        return redirectWithToast(request, back, { type: "error", title: orderTexts.manageLinkNotAllowed });
      }
      const orderId = formData.get("orderId");
      const sent = isUuid(orderId) ? await reissueManageLinkByStaff(db, actor, orderId) : null;
      if (!sent) return redirectWithToast(request, back, { type: "error", title: orderChangeRefusal("order_not_found") });
      return redirectWithToast(request, back, { type: "success", title: orderTexts.manageLinkSent(sent.payerEmail), description: sent.orderNumber });
    }
    default:
      throw badForm();
  }
}
