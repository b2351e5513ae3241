import type { Executor } from "../db.server";
import { logger } from "../logger.server";
import type { Step1Values } from "../schemas/caregiver-registration";
import { draftStore } from "./form-draft.server";
import { deletePhoto } from "./photo.server";

// The server-side draft of a caregiver registration (/rekisteroidy-kaveriksi): step 1 as validated
// (password hashed, photo stored) waits here behind a signed cookie until step 2 creates the
// account. The route's server half is app/caregiver-registration/registration.server.ts; the
// housekeeping job removes expired drafts and their photos through this module.

/** The form_drafts kind of a registration; its drafts point to stored photos. */
export const REGISTRATION_DRAFT_KIND = "helper_registration";
const DRAFT_KIND = REGISTRATION_DRAFT_KIND;
/** Long enough for a coffee break between the steps; the photo is personal data, so not longer. */
export const DRAFT_TTL_MS = 2 * 60 * 60 * 1000;

/** Step 1 as validated, with the password hashed. Kept in the draft. */
export interface StoredStep1 extends Omit<Step1Values, "password" | "termsAccepted" | "dataProcessingAccepted"> {
  passwordHash: string;
  /**
   * The data-processing consent ticked in step 1: the wording's version and when (ISO 8601).
   * Logged in the consent log when the application is stored (decision 0033). Optional only for
   * drafts written before it was kept.
   */
  dataProcessingConsent?: { textVersion: string; at: string };
}

/** Step 2 as typed, kept when the visitor goes back to step 1 (not yet validated). */
export interface StoredStep2 {
  bio?: string;
  services?: string[];
  languages?: string[];
  transportation?: string;
}

export interface RegistrationDraftData {
  /** The bot check was passed in this registration; it is not asked again. */
  humanVerified: boolean;
  /** The re-encoded photo in storage, once one has been accepted. */
  photoKey: string | null;
  step1: StoredStep1 | null;
  step2: StoredStep2 | null;
}

export const registrationDrafts = draftStore<RegistrationDraftData>({ kind: DRAFT_KIND, cookieName: "__kaverihakemus", ttlMs: DRAFT_TTL_MS });

/**
 * Removes a batch of expired drafts and the photos that only they pointed to (run by the
 * housekeeping job). A photo that cannot be deleted is logged and left; its draft is gone anyway.
 */
export async function deleteExpiredRegistrationDrafts(executor: Executor): Promise<{ drafts: number; photos: number }> {
  const expired = await registrationDrafts.deleteExpired(executor);
  let photos = 0;
  for (const data of expired) {
    if (data.photoKey) {
      await deletePhoto(data.photoKey).then(
        () => (photos += 1),
        (error: unknown) => logger.warn({ err: error, key: data.photoKey }, "could not delete the photo of an expired registration draft"),
      );
    }
  }
  return { drafts: expired.length, photos };
}

