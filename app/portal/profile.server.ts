import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { forbidden, requireUser, type AuthUser } from "~/auth/guards.server";
import { listSavedRecipients } from "~/models/saved-recipients.server";
import { getDb } from "~/db.server";
import { logger } from "~/logger.server";
import { authMessages } from "~/messages/auth";
import { caregiverRegistrationMessages } from "~/messages/caregiver-registration";
import { FORM_INCOMPLETE } from "~/messages/fields";
import { dataExportMessages } from "~/messages/data-export";
import { profileMessages as m } from "~/messages/profile";
import { findCaregiverProfile, findEditableProfile, updateProfileBasics } from "~/models/profile.server";
import { PasswordChangeSchema } from "~/schemas/auth";
import { AccountDeletionSchema, CAREGIVER_PHOTO_FIELD, CaregiverProfileSchema, DataExportRequestSchema, ProfileSchema } from "~/schemas/profile";
import { cancelAllFutureVisits, deletionBlockerLines, findDeletionBlockers, requestAccountDeletion } from "~/services/account-deletion.server";
import { signOut } from "~/services/auth.server";
import { accountDeletionMessages as adm } from "~/messages/account-deletion";
import { accountDeletionNotices as adn } from "~/messages/account-deletion-notices";
import { formatDate } from "~/domain/format";
import { saveCaregiverProfile } from "~/services/caregiver-profile.server";
import { redirectWithToast } from "~/services/flash.server";
import { requestOwnDataExport } from "~/services/data-export.server";
import { changePassword, verifyCurrentPassword } from "~/services/password-change.server";
import { MAX_PHOTO_BYTES, parseFormWithFile, UploadTooLargeError } from "~/services/photo.server";
import { currentSessionIdHash } from "~/services/session.server";
import { now as clockNow } from "~/services/clock.server";
import { isSelfServicePurpose, SELF_SERVICE_PURPOSES, type ConsentPurpose } from "~/domain/consents";
import { consentWording, currentConsentVersion } from "~/messages/consent-wordings";
import { consentMethodNames, consentStateMessages as consentMessages } from "~/messages/consents";
import { currentConsent, listConsentsOf, recordConsent, type ConsentRow } from "~/models/consents.server";

// The server half of /portal/profile (spec 001 §5 "Profile", "Password change", "Caregiver
// profile"; §8 "Profile"): three forms on one page, told apart by their `intent`. The helper's
// form is multipart (the photo); the others are ordinary forms. Every answer either redirects
// with the §8 toast or returns that form's errors with what was typed (passwords excepted).

export const PROFILE_PATH = "/portal/profile";

export type ProfileIntent = "profile" | "password" | "caregiver" | "export" | "consent" | "delete";
export type ProfileActionData = { intent: ProfileIntent; result: SubmissionResult<string[]> };

/** The forms' attributes from their schemas, sent with the page (it imports no schema). */
const CONSTRAINTS = {
  profile: getZodConstraint(ProfileSchema),
  caregiver: getZodConstraint(CaregiverProfileSchema),
  password: getZodConstraint(PasswordChangeSchema),
  export: getZodConstraint(DataExportRequestSchema),
  delete: getZodConstraint(AccountDeletionSchema),
};

export async function loadProfilePage(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const profile = await findEditableProfile(db, user.id);
  if (!profile) throw forbidden();
  const caregiver = user.userType === "caregiver" ? await findCaregiverProfile(db, user.id) : null;
  // "Aiemmat saajat" (issue 26 item 1): a customer's own, edited or removed on their own page.
  const savedRecipients = user.userType === "customer" && !user.role ? await listSavedRecipients(db, user.id) : [];
  // "Poista tili" (decision 0034): staff accounts are not erased from here.
  const deletion = user.role ? null : deletionBlockerLines(await findDeletionBlockers(db, user.id));
  return {
    deletion,
    savedRecipients,
    consents: consentsView(user, await listConsentsOf(db, user.id), Boolean(profile.phone)),
    constraints: CONSTRAINTS,
    email: profile.email,
    profile: { fullName: profile.fullName, phone: profile.phone ?? "" },
    caregiver: caregiver
      ? {
          city: caregiver.city,
          photoUrl: caregiver.profileImageUrl,
          defaults: {
            bio: caregiver.bio,
            services: caregiver.services,
            languages: caregiver.languages,
            serviceCities: caregiver.serviceCities,
          },
        }
      : null,
  };
}

export interface ConsentView {
  purpose: ConsentPurpose;
  title: string;
  text: string;
  /** The state as a sentence ("Olet antanut luvan 1.12.2026 omalla sivulla."). */
  state: string;
  given: boolean;
  /** Given and withdrawn here with one button; false for the helper's registration consent. */
  selfService: boolean;
  note: string | null;
}

/**
 * "Suostumukset" (issue 29 item 4): marketing and text reminders for customers and helpers, and a
 * helper's data-processing consent from the registration (shown, not withdrawn here).
 */
function consentsView(user: AuthUser, rows: ConsentRow[], hasPhone: boolean): ConsentView[] {
  if (user.role || (user.userType !== "customer" && user.userType !== "caregiver")) return [];
  const purposes: ConsentPurpose[] = [...SELF_SERVICE_PURPOSES];
  if (user.userType === "caregiver") purposes.push("tietojenkäsittely");
  return purposes.map((purpose) => {
    // Rows come newest first: the first of a purpose is its state.
    const latest = rows.find((row) => row.purpose === purpose) ?? null;
    const wording = consentWording(purpose, latest?.given ? latest.textVersion : currentConsentVersion(purpose));
    const how = latest ? consentMethodNames[latest.method] : "";
    const state = !latest
      ? consentMessages.notGiven
      : latest.given
        ? consentMessages.given(formatDate(latest.createdAt), how)
        : consentMessages.withdrawn(formatDate(latest.createdAt), how);
    return { purpose, ...wording, state, given: latest?.given ?? false, selfService: isSelfServicePurpose(purpose), note: consentNote(purpose, user, hasPhone) };
  });
}

/** What the person may need to know beside a consent: a missing phone number, where else to choose. */
function consentNote(purpose: ConsentPurpose, user: AuthUser, hasPhone: boolean): string | null {
  if (purpose === "tietojenkäsittely") return consentMessages.helperConsentNote;
  if (purpose !== "tekstiviestimuistutukset") return null;
  if (!hasPhone) return consentMessages.noPhone;
  // Only customers book, so only they choose on the booking form.
  return user.userType === "customer" ? consentMessages.smsChoice : null;
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
    case "export":
      return submitDataExport(request, user, formData, context?.clientIp ?? null);
    case "consent":
      return submitConsent(request, user, formData);
    case "delete":
      return submitAccountDeletion(request, user, formData, context?.clientIp ?? null);
    case "cancel-visits":
      return submitCancelAllVisits(request, user, context?.clientIp ?? null);
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

/**
 * "Lataa tietoni" (issue 29 item 2; decision 0032): the password again, under the sign-in limits
 * like the password change; then a job builds the ZIP and e-mails the link.
 */
async function submitDataExport(request: Request, user: AuthUser, formData: FormData, ip: string | null) {
  const hide = { hideFields: ["exportPassword"] };
  const submission = parseWithZod(formData, { schema: DataExportRequestSchema });
  if (submission.status !== "success") return invalid("export", submission.reply(hide));
  const check = await verifyCurrentPassword(user, submission.value.exportPassword, ip);
  if (!check.ok) {
    if (check.reason === "wrong_current") {
      return invalid("export", submission.reply({ ...hide, fieldErrors: { exportPassword: [authMessages.currentPasswordWrong] } }));
    }
    const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
    return data<ProfileActionData>(
      { intent: "export", result: submission.reply({ ...hide, formErrors: [`${dataExportMessages.failed}: ${m.tooManyAttempts(minutes)}`] }) },
      { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } },
    );
  }
  const outcome = await requestOwnDataExport(user.id);
  if (!outcome.ok) {
    const message = outcome.reason === "pending" ? dataExportMessages.alreadyPending : dataExportMessages.tooMany;
    return invalid("export", submission.reply({ ...hide, formErrors: [`${dataExportMessages.failed}: ${message}`] }), 429);
  }
  return redirectWithToast(request, PROFILE_PATH, { type: "success", title: dataExportMessages.queued, description: dataExportMessages.queuedDetail });
}

/**
 * One consent given or withdrawn (issue 29 item 4): a button each way, one POST. The subject is
 * always the signed-in person: the form names only the purpose and the choice. Pressing the same
 * choice twice (a double submit) logs nothing the second time.
 */
async function submitConsent(request: Request, user: AuthUser, formData: FormData) {
  if (user.role || (user.userType !== "customer" && user.userType !== "caregiver")) throw forbidden();
  const purpose = formData.get("purpose");
  const choice = formData.get("given");
  if (!isSelfServicePurpose(purpose) || (choice !== "true" && choice !== "false")) throw badForm();
  const given = choice === "true";
  const db = await getDb();
  const changed = await db.transaction().execute(async (trx) => {
    const current = await currentConsent(trx, { profileId: user.id }, purpose);
    // A withdrawal with nothing logged before is still logged: a text reminder chosen on a
    // booking form may be waiting, and this is how it is stopped.
    if (current && current.given === given) return false;
    await recordConsent(trx, { subject: { profileId: user.id }, purpose, given, textVersion: currentConsentVersion(purpose), method: "profiili", at: clockNow() });
    return true;
  });
  const title = consentWording(purpose, currentConsentVersion(purpose)).title;
  const toast = !changed
    ? { type: "info" as const, title: consentMessages.unchangedToast }
    : given
      ? { type: "success" as const, title: consentMessages.givenToast, description: consentMessages.givenToastDetail(title) }
      : { type: "success" as const, title: consentMessages.withdrawnToast, description: consentMessages.withdrawnToastDetail(title) };
  return redirectWithToast(request, PROFILE_PATH, toast);
}

/**
 * "Poista tili" (issue 29 item 3; decision 0034): the password again (under the sign-in limits)
 * and the word POISTA; refused while visits are ahead or invoices open. On success the person is
 * signed out everywhere and sent to the front page.
 */
async function submitAccountDeletion(request: Request, user: AuthUser, formData: FormData, ip: string | null) {
  const hide = { hideFields: ["deletePassword"] };
  if (user.role) return invalid("delete", parseWithZod(formData, { schema: AccountDeletionSchema }).reply({ ...hide, formErrors: [`${adm.failed}: ${adn.staffAccount}`] }), 403);
  const submission = parseWithZod(formData, { schema: AccountDeletionSchema });
  if (submission.status !== "success") return invalid("delete", submission.reply(hide));
  const check = await verifyCurrentPassword(user, submission.value.deletePassword, ip);
  if (!check.ok) {
    if (check.reason === "wrong_current") {
      return invalid("delete", submission.reply({ ...hide, fieldErrors: { deletePassword: [authMessages.currentPasswordWrong] } }));
    }
    const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
    return data<ProfileActionData>(
      { intent: "delete", result: submission.reply({ ...hide, formErrors: [`${adm.failed}: ${m.tooManyAttempts(minutes)}`] }) },
      { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } },
    );
  }
  const outcome = await requestAccountDeletion(user);
  if (!outcome.ok) {
    const message = outcome.reason === "blocked" ? adm.blockedIntro : adn.alreadyPending;
    return invalid("delete", submission.reply({ ...hide, formErrors: [`${adm.failed}: ${message}`] }), 409);
  }
  // The session rows went with the request; this clears the cookie too.
  const cookie = await signOut(request);
  return redirectWithToast(
    request,
    "/",
    { type: "success", title: adn.requested, description: adn.requestedDetail(formatDate(outcome.deleteAfter)) },
    { headers: { "Set-Cookie": cookie } },
  );
}

/** "Peru kaikki tulevat käynnit": the customer's own visits, by the portal's cancellation rule. */
async function submitCancelAllVisits(request: Request, user: AuthUser, ip: string | null) {
  if (user.userType !== "customer" || user.role) throw forbidden();
  const { cancelled, left } = await cancelAllFutureVisits(user, ip);
  const toast =
    left === 0
      ? { type: "success" as const, title: adn.cancelledAll(cancelled) }
      : cancelled > 0
        ? { type: "info" as const, title: adn.cancelledSome(cancelled, left) }
        : { type: "error" as const, title: adn.noneCancelled };
  return redirectWithToast(request, `${PROFILE_PATH}#poista-tili`, toast);
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
