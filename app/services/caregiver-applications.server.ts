import type { Executor } from "../db.server";
import { getDb } from "../db.server";
import { logger } from "../logger.server";
import { findServiceCategoryIdsBySlug, insertCaregiver, insertCaregiverServices } from "../models/caregiver-registration.server";
import { recordConsent } from "../models/consents.server";
import { findCredentialsByEmail, insertProfile } from "../models/users.server";
import { currentConsentVersion } from "../messages/consent-wordings";
import { cityOf, transportationFlags, type Step2Values } from "../schemas/caregiver-registration";
import { queueAccountExistsNotice, queueEmailConfirmation } from "./auth.server";
import { now as clockNow } from "./clock.server";
import type { JobPayloads } from "./job-queue.server";
import { deletePhoto, photoUrl } from "./photo.server";
import { consumeMailRequest } from "./rate-limit.server";
import { registrationDrafts as drafts, type StoredStep1 } from "./registration-drafts.server";

// A helper's application once step 2 of /rekisteroidy-kaveriksi has queued it
// (app/caregiver-registration/registration.server.ts): run by the worker, so that the request does
// the same work whether or not the address has an account (issue 31; decision 0025).

/**
 * The worker's half of an application (job "caregivers.register"). The mail limit is counted for
 * every address, so that the count does not tell either; it limits only the notice to a taken
 * address's owner (a new applicant's confirmation e-mail is always sent). The photo of an
 * application that made no account is deleted.
 */
export async function completeCaregiverRegistration(payload: JobPayloads["caregivers.register"]): Promise<void> {
  const db = await getDb();
  const mail = await consumeMailRequest(payload.step1.email, payload.ip);
  const created = await createCaregiverAccount(db, { step1: payload.step1, step2: payload.step2, photoKey: payload.photoKey, notifyOwner: mail.allowed });
  if (!created) await deletePhoto(payload.photoKey).catch((error: unknown) => logger.warn({ err: error }, "could not delete the photo of a refused application"));
}

/**
 * Step 2's single transaction (spec 001 §4, §7): the account and its confirmation e-mail, the
 * helper row (pending), its services; the draft goes with it. Any failure leaves none of it.
 * An address that already has an account gets the "you already have an account" e-mail instead
 * (unless `notifyOwner` is false: its mail limit is used up), in a transaction of the same shape,
 * and null is returned; the applicant sees the same answer either way (decision 0025).
 */
export async function createCaregiverAccount(
  db: Executor,
  input: { draftId?: string; step1: StoredStep1; step2: Step2Values; photoKey: string; notifyOwner?: boolean },
): Promise<{ profileId: string; caregiverId: string } | null> {
  const { step1, step2 } = input;
  const fullName = `${step1.firstName} ${step1.lastName}`;
  return db.transaction().execute(async (trx) => {
    let profile: { id: string } | null;
    try {
      profile = await insertProfile(trx, {
        email: step1.email,
        fullName,
        phone: step1.phone,
        passwordHash: step1.passwordHash,
        userType: "caregiver",
      });
    } catch (error) {
      logger.error({ err: error }, "creating the helper's account failed");
      throw error;
    }
    if (!profile) {
      const owner = await findCredentialsByEmail(trx, step1.email);
      if (owner && input.notifyOwner !== false) await queueAccountExistsNotice(trx, { userId: owner.id, email: owner.email });
      if (input.draftId) await drafts.remove(trx, input.draftId);
      return null;
    }

    const caregiver = await insertCaregiver(trx, {
      profileId: profile.id,
      city: cityOf(step1),
      location: step1.address,
      postalCode: step1.postalCode,
      bio: step2.bio,
      languages: step2.languages,
      ...transportationFlags(step2.transportation),
      dateOfBirth: step1.dateOfBirth,
      profileImageUrl: photoUrl(input.photoKey),
    });

    const categoryIds = await findServiceCategoryIdsBySlug(trx, step2.services);
    const missing = step2.services.filter((slug) => !categoryIds.has(slug));
    if (missing.length > 0) throw new Error(`service categories missing for ${missing.join(", ")}`);
    await insertCaregiverServices(trx, caregiver.id, [...categoryIds.values()]);

    // The data-processing consent of step 1 (required there), logged with the account it belongs to.
    const consent = step1.dataProcessingConsent;
    await recordConsent(trx, {
      subject: { profileId: profile.id },
      purpose: "tietojenkäsittely",
      given: true,
      textVersion: consent?.textVersion ?? currentConsentVersion("tietojenkäsittely"),
      method: "rekisteröityminen",
      at: consent ? new Date(consent.at) : clockNow(),
    });

    await queueEmailConfirmation(trx, { userId: profile.id, email: step1.email, fullName }, "helper_application");
    if (input.draftId) await drafts.remove(trx, input.draftId);
    return { profileId: profile.id, caregiverId: caregiver.id };
  });
}

