import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "~/db.server";
import { logger } from "~/logger.server";
import type { BotCheckChallenge } from "~/schemas/bot-check";
import type { FieldConstraints } from "~/schemas/zod";
import {
  caregiverRegistrationMessages as messages,
  OTHER_CITY,
  PHOTO_FIELD,
  REGISTRATION_PATH,
  STEP_2_PATH,
  step1Schema,
  step2Schema,
} from "~/schemas/caregiver-registration";
import { UNKNOWN_FORM_MESSAGE } from "~/messages/caregiver-registration";
import { signUpRateLimitedMessage } from "~/messages/auth";
import { currentConsentVersion } from "~/messages/consent-wordings";
import { now as clockNow } from "~/services/clock.server";
import { enqueueJob } from "~/services/job-queue.server";
import { consumeSignUp, retryAfterMinutes } from "~/services/rate-limit.server";
import { createBotCheck, verifyBotCheck } from "~/services/bot-check.server";
import { hashPassword } from "~/services/password.server";
import {
  deletePhoto,
  MAX_PHOTO_BYTES,
  parseFormWithFile,
  photoUrl,
  processProfilePhoto,
  storePhoto,
  UploadTooLargeError,
} from "~/services/photo.server";
import {
  deleteExpiredRegistrationDrafts,
  registrationDrafts as drafts,
  type RegistrationDraftData,
  type StoredStep2,
} from "~/services/registration-drafts.server";

// Helper registration (/rekisteroidy-kaveriksi; spec 001 §2–§5, §7–§9). Step 1 is a multipart
// POST; what it validated (the password already hashed, the photo already re-encoded and stored)
// waits in a server-side draft behind a signed cookie, so the form works without JavaScript and
// never asks for the photo twice. Step 2 queues the application; the worker creates everything in
// one transaction (app/services/caregiver-applications.server.ts).

const THANK_YOU_PATH = `${REGISTRATION_PATH}/kiitos`;

// ------------------------------------------------------------------ what the page shows

export interface Step1Defaults {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  otherCity?: string;
  phone?: string;
  email?: string;
  termsAccepted?: boolean;
  dataProcessingAccepted?: boolean;
}

export interface Step1View {
  step: 1;
  defaults: Step1Defaults;
  /** The photo already accepted in this registration. */
  photoUrl: string | null;
  /** The password was given before: leaving the field empty keeps it. */
  passwordOnFile: boolean;
  /** Null once the bot check has been passed in this registration. */
  botCheck: BotCheckChallenge | null;
  constraint: FieldConstraints;
}

export interface Step2View {
  step: 2;
  defaults: StoredStep2;
  firstName: string;
  constraint: FieldConstraints;
}

function step1View(draft: RegistrationDraftData | null): Step1View {
  const step1 = draft?.step1;
  const defaults: Step1Defaults = step1
    ? {
        firstName: step1.firstName,
        lastName: step1.lastName,
        dateOfBirth: step1.dateOfBirth,
        address: step1.address,
        postalCode: step1.postalCode,
        city: step1.city,
        otherCity: step1.otherCity,
        phone: step1.phone,
        email: step1.email,
        // Both were accepted to get past step 1.
        termsAccepted: true,
        dataProcessingAccepted: true,
      }
    : {};
  return {
    step: 1,
    defaults,
    photoUrl: draft?.photoKey ? photoUrl(draft.photoKey) : null,
    passwordOnFile: Boolean(step1?.passwordHash),
    botCheck: draft?.humanVerified ? null : createBotCheck(),
    constraint: getZodConstraint(step1Schema({ passwordOnFile: Boolean(step1?.passwordHash) })),
  };
}

export type LoadOutcome =
  | { kind: "view"; view: Step1View | Step2View }
  /** Step 2 without a finished step 1 (or an expired draft): back to step 1. */
  | { kind: "redirect"; to: string; expired: boolean };

export async function loadRegistration(request: Request): Promise<LoadOutcome> {
  const db = await getDb();
  const draft = await drafts.read(db, request);
  const wantsStep2 = new URL(request.url).searchParams.get("vaihe") === "2";
  if (wantsStep2) {
    if (!draft?.data.step1) {
      return { kind: "redirect", to: REGISTRATION_PATH, expired: (await drafts.idFrom(request)) !== null };
    }
    const view: Step2View = {
      step: 2,
      defaults: draft.data.step2 ?? {},
      firstName: draft.data.step1.firstName,
      constraint: getZodConstraint(step2Schema),
    };
    return { kind: "view", view };
  }
  return { kind: "view", view: step1View(draft?.data ?? null) };
}

// ------------------------------------------------------------------ submissions

export type ActionOutcome =
  | { kind: "redirect"; to: string; setCookie: string | null; toast?: { type: "success" | "error"; title: string } }
  | {
      kind: "invalid";
      status: number;
      step: 1 | 2;
      result: SubmissionResult<string[]>;
      /** For step 1: what changed in the draft (photo kept, bot check passed). */
      view?: Step1View;
      setCookie: string | null;
      /** A refusal by the sign-up limits: the route answers it with a Retry-After header. */
      retryAfterSeconds?: number;
    };

/** Dispatches by the form's `intent`; step 1 is multipart, the others ordinary forms. */
export async function submitRegistration(request: Request, clientIp: string | null = null): Promise<ActionOutcome> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) return submitStep1(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "step2") return submitStep2(request, formData, clientIp);
  if (intent === "back") return goBackToStep1(request, formData);
  throw new Response(UNKNOWN_FORM_MESSAGE, { status: 400 });
}

function photoError(): Record<string, string[]> {
  return { [PHOTO_FIELD]: [messages.profileImage] };
}

async function submitStep1(request: Request): Promise<ActionOutcome> {
  const db = await getDb();
  await deleteExpiredRegistrationDrafts(db);
  const draft = await drafts.read(db, request);

  let parsed: Awaited<ReturnType<typeof parseFormWithFile>>;
  try {
    parsed = await parseFormWithFile(request, { fileField: PHOTO_FIELD, maxFileBytes: MAX_PHOTO_BYTES });
  } catch (error) {
    // Nothing of the form can be trusted once the body was cut off or arrived malformed (the
    // parser throws on a broken multipart body): ask again, with the reason.
    const tooLarge = error instanceof UploadTooLargeError;
    if (!tooLarge) logger.info({ err: error }, "helper registration: unreadable multipart body");
    const submission = parseWithZod(new FormData(), { schema: step1Schema() });
    return {
      kind: "invalid",
      status: tooLarge ? 413 : 400,
      step: 1,
      result: tooLarge ? submission.reply({ fieldErrors: photoError() }) : submission.reply({ formErrors: [messages.formUnreadable] }),
      view: step1View(draft?.data ?? null),
      setCookie: null,
    };
  }
  const { formData, file, fileTooLarge } = parsed;
  if (formData.get("intent") !== "step1") throw new Response(UNKNOWN_FORM_MESSAGE, { status: 400 });

  const previous: RegistrationDraftData = draft?.data ?? { humanVerified: false, photoKey: null, step1: null, step2: null };
  const passwordOnFile = Boolean(previous.step1?.passwordHash);
  const submission = parseWithZod(formData, { schema: step1Schema({ passwordOnFile }) });
  const fieldErrors: Record<string, string[]> = {};

  // The bot check counts once per registration: passed now, it is remembered in the draft, so
  // fixing a typo afterwards does not need a new one.
  let humanVerified = previous.humanVerified;
  if (!humanVerified) {
    const check = await verifyBotCheck(db, formData);
    if (check.ok) humanVerified = true;
    else fieldErrors.botCheck = [check.message];
  }

  // The photo: a new file replaces the one on file. Files are only processed and stored for a
  // visitor who has passed the bot check.
  let photoKey = previous.photoKey;
  let replacedPhotoKey: string | null = null;
  if (fileTooLarge) {
    Object.assign(fieldErrors, photoError());
  } else if (file) {
    const processed = humanVerified ? await processProfilePhoto(file.bytes) : null;
    if (!processed) {
      Object.assign(fieldErrors, photoError());
    } else {
      replacedPhotoKey = photoKey;
      photoKey = await storePhoto(processed);
    }
  } else if (!photoKey) {
    Object.assign(fieldErrors, photoError());
  }

  // The address is not checked against existing accounts here (spec 001 §4 did): that answer told
  // anyone which addresses have accounts (issue 31). Step 2 answers alike for every address and
  // tells a taken address's owner by e-mail (decision 0025).

  const valid = submission.status === "success" && Object.keys(fieldErrors).length === 0;
  let step1 = previous.step1;
  if (valid && submission.status === "success") {
    const { password, termsAccepted: _terms, dataProcessingAccepted: _consent, ...rest } = submission.value;
    const passwordHash = password ? await hashPassword(password) : previous.step1?.passwordHash;
    if (!passwordHash) throw new Error("step 1 passed without a password");
    step1 = {
      ...rest,
      otherCity: rest.city === OTHER_CITY ? rest.otherCity : undefined,
      passwordHash,
      dataProcessingConsent: { textVersion: currentConsentVersion("tietojenkäsittely"), at: clockNow().toISOString() },
    };
  }

  // Only a visitor who passed the bot check gets a draft (and so storage for a photo).
  let setCookie: string | null = null;
  const data: RegistrationDraftData = { ...previous, humanVerified, photoKey, step1 };
  if (humanVerified) {
    setCookie = await drafts.save(db, draft?.id ?? null, data);
    if (replacedPhotoKey && replacedPhotoKey !== photoKey) await deletePhoto(replacedPhotoKey);
  }

  if (valid) return { kind: "redirect", to: STEP_2_PATH, setCookie };
  return {
    kind: "invalid",
    status: 400,
    step: 1,
    result: submission.reply({ fieldErrors, hideFields: ["password"] }),
    view: step1View(humanVerified ? data : previous),
    setCookie,
  };
}

function step2Input(formData: FormData): StoredStep2 {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const list = (name: string) => formData.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    bio: text("bio"),
    services: list("services"),
    languages: list("languages"),
    transportation: text("transportation"),
  };
}

/** "Takaisin": keeps what was typed in step 2 and shows step 1 with everything filled in. */
async function goBackToStep1(request: Request, formData: FormData): Promise<ActionOutcome> {
  const db = await getDb();
  const draft = await drafts.read(db, request);
  if (!draft) return { kind: "redirect", to: REGISTRATION_PATH, setCookie: null };
  const setCookie = await drafts.save(db, draft.id, { ...draft.data, step2: step2Input(formData) });
  return { kind: "redirect", to: REGISTRATION_PATH, setCookie };
}

async function submitStep2(request: Request, formData: FormData, clientIp: string | null): Promise<ActionOutcome> {
  const db = await getDb();
  const draft = await drafts.read(db, request);
  const step1 = draft?.data.step1;
  const photoKey = draft?.data.photoKey;
  if (!draft || !step1 || !photoKey) {
    return {
      kind: "redirect",
      to: REGISTRATION_PATH,
      setCookie: await drafts.clearCookie(),
      toast: { type: "error", title: messages.draftExpired },
    };
  }

  const submission = parseWithZod(formData, { schema: step2Schema });
  if (submission.status !== "success") {
    return { kind: "invalid", status: 400, step: 2, result: submission.reply(), setCookie: null };
  }

  // Each application makes an account and mails the address typed: counted, like a sign-up at
  // /auth and with the same counters (SIGN_UPS_PER_IP, SIGN_UPS_PER_EMAIL), per client and per
  // address, whether or not the address has an account. The draft stays for a later try.
  const limit = await consumeSignUp(step1.email, clientIp);
  if (!limit.allowed) {
    logger.warn({ ip: clientIp }, "helper registration rate limited");
    return {
      kind: "invalid",
      status: 429,
      step: 2,
      result: submission.reply({ formErrors: [signUpRateLimitedMessage(retryAfterMinutes(limit.retryAfterSeconds))] }),
      setCookie: null,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  // What makes the account (or mails a taken address's owner) runs in the worker, so that this
  // request does the same work for every address and neither its answer nor its time tells
  // (issue 31; decision 0025). The job and the draft's removal are one transaction: if it fails
  // the draft stays and the same submission can be sent again.
  try {
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, "caregivers.register", { step1, step2: submission.value, photoKey, ip: clientIp });
      await drafts.remove(trx, draft.id);
    });
  } catch (error) {
    logger.error({ err: error }, "helper registration failed");
    return { kind: "invalid", status: 500, step: 2, result: submission.reply({ formErrors: [messages.registrationFailed] }), setCookie: null };
  }
  return {
    kind: "redirect",
    to: THANK_YOU_PATH,
    setCookie: await drafts.clearCookie(),
    toast: { type: "success", title: messages.registrationSucceeded },
  };
}
