import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { logger } from "~/logger.server";
import { contactRequestTexts } from "~/messages/contact-request";
import { ContactRequestSchema } from "~/schemas/contact-request";
import { consumeContactMessage, retryAfterMinutes } from "~/services/rate-limit.server";
import { requestContact } from "~/services/staff-notices.server";
import { readDraft, stepHref } from "./draft";
import type { BookingFlow } from "./flows";
import { CONTACT_SENT_PARAM } from "./nobody-available.server";
import { requirePlace, requireTimeStep } from "./steps.server";
import { now as clockNow } from "~/services/clock.server";

/**
 * The helper step's post: "Pyydä yhteydenottoa". Checked like the visit (the draft in the
 * address), then stored and sent to staff, and answered with a redirect to the step saying it
 * was sent; a form with errors comes back with them.
 */
export async function contactRequestAction(request: Request, flow: BookingFlow, clientIp: string | null | undefined) {
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const time = await requireTimeStep(db, flow, draft, clockNow());
  const place = requirePlace(flow, draft);
  const user = await getOptionalUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const sent = redirect(`${stepHref(flow, "caregiver", { ...draft, caregiver: null })}&${CONTACT_SENT_PARAM}=1#yhteydenotto`);
  if (submission.value.website) {
    logger.info("contact request: hidden field filled, dropped");
    return sent;
  }
  const limit = await consumeContactMessage(clientIp);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: [contactRequestTexts.tooMany(retryAfterMinutes(limit.retryAfterSeconds))] }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  await requestContact(db, {
    fullName: submission.value.fullName,
    phone: submission.value.phone,
    email: submission.value.email ?? null,
    message: submission.value.message ?? null,
    serviceCategoryId: time.service.id,
    serviceName: time.service.name,
    postalCode: place.postalCode,
    city: place.city,
    wantedStartsAt: time.interval.startsAt,
    wantedEndsAt: time.interval.endsAt,
    profileId: user?.id ?? null,
  });
  return sent;
}
