import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { AuditActor } from "~/models/audit-log.server";
import { getDb } from "~/db.server";
import { seriesTexts as t } from "~/messages/series-manage";
import type { SeriesOverview } from "~/models/series-manage.server";
import { SeriesCancelSchema, SeriesChangeSchema, StaffSeriesCancelSchema } from "~/schemas/series-manage";
import { now } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { cancelSeriesFromVisit, changeSeriesCaregiver } from "~/services/series-management.server";
import { seriesNotFound } from "./series-page.server";

// The posts of the series pages (issue 27 item 5), the portal's and the back office's: the form
// read and checked, the service called, the outcome told as a toast on the series page (or on the
// form again when it can be put right there). POST → redirect → GET, so it works without JavaScript.

interface Who {
  actor: AuditActor;
  /** Set in the portal: the customer's own series, the customer's cancelling rules. */
  customerProfileId?: string;
}

/** "Peru tämä ja kaikki tulevat" posted from `here`; the series page is `back`. */
export async function postSeriesCancel(request: Request, who: Who, series: SeriesOverview, paths: { here: string; back: string }) {
  const formData = await request.formData();
  const staff = who.customerProfileId === undefined;
  let terms: { fromOrderId: string; reason?: string; waiveFee?: boolean; shownFeeCents?: number };
  if (staff) {
    const submission = parseWithZod(formData, { schema: StaffSeriesCancelSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    terms = { fromOrderId: submission.value.from, reason: submission.value.reason, waiveFee: submission.value.waiveFee === "on" };
  } else {
    const submission = parseWithZod(formData, { schema: SeriesCancelSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const shownFee = Number(submission.value.shownFee);
    // The customer is never charged a fee the page did not show (a deadline passed meanwhile).
    terms = { fromOrderId: submission.value.from, shownFeeCents: Number.isInteger(shownFee) ? shownFee : 0 };
  }
  const { fromOrderId, ...money } = terms;
  const outcome = await cancelSeriesFromVisit(await getDb(), { ...who, ...money }, { seriesId: series.id, fromOrderId }, now());
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw seriesNotFound();
    if (outcome.reason === "fee_changed") return redirectWithToast(request, paths.here, { type: "error", title: t.cancelFailed, description: t.feeChanged });
    return redirectWithToast(request, paths.back, { type: "error", title: t.cancelFailed, description: t.nothingToCancel });
  }
  if (outcome.refundFailed) return redirectWithToast(request, paths.back, { type: "info", title: t.cancelledToast, description: t.refundFailed });
  return redirectWithToast(request, paths.back, { type: "success", title: t.cancelledToast, description: t.cancelledDetail(outcome.cancelled, outcome.feeCents) });
}

/** "Vaihda kaveria tästä eteenpäin"; a refusal is answered on the form, which keeps the choice. */
export async function postSeriesChange(request: Request, who: Who, series: SeriesOverview, paths: { back: string }) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SeriesChangeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await changeSeriesCaregiver(await getDb(), who, { seriesId: series.id, fromOrderId: submission.value.from, caregiverId: submission.value.caregiverId }, now());
  if (!outcome.ok) {
    if (outcome.reason === "series_not_found") throw seriesNotFound();
    return data({ result: submission.reply({ fieldErrors: { caregiverId: [t.changeRefusals[outcome.reason]] } }) }, { status: 409 });
  }
  return redirectWithToast(request, paths.back, { type: "success", title: t.changedToast, description: t.changedDetail(outcome.caregiverName, outcome.changed) });
}
