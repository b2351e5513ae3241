import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { forbidden, requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatAmount } from "~/domain/format";
import { logger } from "~/logger.server";
import { authMessages } from "~/messages/auth";
import { caregiverRegistrationMessages } from "~/messages/caregiver-registration";
import { FORM_INCOMPLETE } from "~/messages/fields";
import { profileMessages as m } from "~/messages/profile";
import { findCaregiverProfile, findEditableProfile, updateProfileBasics } from "~/models/profile.server";
import { PasswordChangeSchema } from "~/schemas/auth";
import { CAREGIVER_PHOTO_FIELD, CaregiverProfileSchema, ProfileSchema } from "~/schemas/profile";
import { saveCaregiverProfile } from "~/services/caregiver-profile.server";
import { redirectWithToast } from "~/services/flash.server";
import { changePassword } from "~/services/password-change.server";
import { MAX_PHOTO_BYTES, parseFormWithFile, UploadTooLargeError } from "~/services/photo.server";
import { currentSessionIdHash } from "~/services/session.server";

// The server half of /portal/profile (spec 001 §5 "Profile", "Password change", "Caregiver
// profile"; §8 "Profile"): three forms on one page, told apart by their `intent`. The helper's
// form is multipart (the photo); the others are ordinary forms. Every answer either redirects
// with the §8 toast or returns that form's errors with what was typed (passwords excepted).

export const PROFILE_PATH = "/portal/profile";

export type ProfileIntent = "profile" | "password" | "caregiver";
export type ProfileActionData = { intent: ProfileIntent; result: SubmissionResult<string[]> };

/** The forms' attributes from their schemas, sent with the page (it imports no schema). */
const CONSTRAINTS = {
  profile: getZodConstraint(ProfileSchema),
  caregiver: getZodConstraint(CaregiverProfileSchema),
  password: getZodConstraint(PasswordChangeSchema),
};

export async function loadProfilePage(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const profile = await findEditableProfile(db, user.id);
  if (!profile) throw forbidden();
  const caregiver = user.userType === "caregiver" ? await findCaregiverProfile(db, user.id) : null;
  return {
    constraints: CONSTRAINTS,
    email: profile.email,
    profile: { fullName: profile.fullName, phone: profile.phone ?? "" },
    caregiver: caregiver
      ? {
          city: caregiver.city,
          photoUrl: caregiver.profileImageUrl,
          defaults: {
            bio: caregiver.bio,
            hourlyRate: caregiver.hourlyRateCents === null ? "" : formatAmount(caregiver.hourlyRateCents).replace(/\s/g, "").replace(/,00$/, ""),
            services: caregiver.services,
            languages: caregiver.languages,
            serviceCities: caregiver.serviceCities,
          },
        }
      : null,
  };
}

function invalid(intent: ProfileIntent, result: SubmissionResult<string[]>, status = 400) {
  return data<ProfileActionData>({ intent, result }, { status });
}

function badForm(): Response {
  return new Response(FORM_INCOMPLETE, { status: 400, statusText: "Bad Request" });
}

export async function submitProfilePage(request: Request, context: Partial<AppLoadContext> | undefined) {
  const user = await requireUser(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) return submitCaregiverSection(request, user);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "profile":
      return submitBasics(request, user, formData);
    case "password":
      return submitPassword(request, user, formData, context?.clientIp ?? null);
    default:
      throw badForm();
  }
}

async function submitBasics(request: Request, user: AuthUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return invalid("profile", submission.reply());
  try {
    const changed = await updateProfileBasics(await getDb(), user.id, {
      fullName: submission.value.fullName,
      phone: submission.value.phone ?? null,
    });
    return redirectWithToast(request, PROFILE_PATH, changed ? { type: "success", title: m.profileSaved } : { type: "info", title: m.noChanges });
  } catch (error) {
    logger.error({ err: error }, "profile update failed");
    return invalid("profile", submission.reply({ formErrors: [`${m.profileFailed}: ${authMessages.unexpected}`] }), 500);
  }
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

async function submitPassword(request: Request, user: AuthUser, formData: FormData, ip: string | null) {
  const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
  if (submission.status !== "success") return invalid("password", submission.reply({ hideFields: PASSWORD_FIELDS }));
  const keepSessionIdHash = await currentSessionIdHash(request);
  if (!keepSessionIdHash) throw badForm();
  const outcome = await changePassword({
    user,
    keepSessionIdHash,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    ip,
  });
  if (!outcome.ok) {
    if (outcome.reason === "wrong_current") {
      return invalid("password", submission.reply({ hideFields: PASSWORD_FIELDS, fieldErrors: { currentPassword: [authMessages.currentPasswordWrong] } }));
    }
    const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
    return data<ProfileActionData>(
      { intent: "password", result: submission.reply({ hideFields: PASSWORD_FIELDS, formErrors: [`${m.passwordFailed}: ${m.tooManyAttempts(minutes)}`] }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return redirectWithToast(request, PROFILE_PATH, { type: "success", title: m.passwordChanged, description: m.otherSessionsSignedOut });
}

async function submitCaregiverSection(request: Request, user: AuthUser) {
  if (user.userType !== "caregiver") throw forbidden();
  const db = await getDb();
  const caregiver = await findCaregiverProfile(db, user.id);
  if (!caregiver) throw forbidden();

  let parsed: Awaited<ReturnType<typeof parseFormWithFile>>;
  try {
    parsed = await parseFormWithFile(request, { fileField: CAREGIVER_PHOTO_FIELD, maxFileBytes: MAX_PHOTO_BYTES });
  } catch (error) {
    const tooLarge = error instanceof UploadTooLargeError;
    if (!tooLarge) logger.info({ err: error }, "profile: unreadable multipart body");
    const empty = parseWithZod(new FormData(), { schema: CaregiverProfileSchema });
    return invalid(
      "caregiver",
      tooLarge
        ? empty.reply({ fieldErrors: { [CAREGIVER_PHOTO_FIELD]: [caregiverRegistrationMessages.profileImage] } })
        : empty.reply({ formErrors: [caregiverRegistrationMessages.formUnreadable] }),
      tooLarge ? 413 : 400,
    );
  }
  const { formData, file, fileTooLarge } = parsed;
  if (formData.get("intent") !== "caregiver") throw badForm();
  const submission = parseWithZod(formData, { schema: CaregiverProfileSchema });
  const photoError = { [CAREGIVER_PHOTO_FIELD]: [caregiverRegistrationMessages.profileImage] };
  if (submission.status !== "success" || fileTooLarge) {
    return invalid("caregiver", submission.reply(fileTooLarge ? { fieldErrors: photoError } : undefined));
  }
  try {
    const outcome = await saveCaregiverProfile(
      db,
      { id: caregiver.id, profileImageUrl: caregiver.profileImageUrl },
      {
        bio: submission.value.bio,
        hourlyRateCents: submission.value.hourlyRate ?? null,
        services: submission.value.services,
        languages: submission.value.languages,
        serviceCities: submission.value.serviceCities.filter((city) => city !== caregiver.city),
      },
      file,
    );
    if (!outcome.ok) return invalid("caregiver", submission.reply({ fieldErrors: photoError }));
  } catch (error) {
    logger.error({ err: error }, "caregiver profile update failed");
    return invalid("caregiver", submission.reply({ formErrors: [`${m.caregiverFailed}: ${authMessages.unexpected}`] }), 500);
  }
  return redirectWithToast(request, PROFILE_PATH, { type: "success", title: m.caregiverSaved });
}
