import type { DB } from "../db.server";
import { updateCaregiverProfile, type CaregiverProfileChange } from "../models/profile.server";
import { deletePhoto, photoUrl, processProfilePhoto, storePhoto, type UploadedFile } from "./photo.server";
import { isValidObjectKey } from "./storage.server";

// Saving a helper's own section of the profile page (spec 001 §5 "Caregiver profile"; issue 10:
// "really saved", unlike the old product's toast without a call). A new photo passes the
// registration's rules (JPEG, PNG or WebP by its bytes, at most 5 MB, re-encoded without its
// metadata, app/services/photo.server.ts); the old one is deleted only once the new one is saved.

export type CaregiverProfileOutcome = { ok: true } | { ok: false; reason: "photo_invalid" };

const PHOTO_URL = /^\/kuvat\/(.+)$/;

export async function saveCaregiverProfile(
  db: DB,
  caregiver: { id: string; profileImageUrl: string | null },
  change: Omit<CaregiverProfileChange, "profileImageUrl">,
  photo: UploadedFile | null,
): Promise<CaregiverProfileOutcome> {
  let newPhotoKey: string | null = null;
  if (photo) {
    const processed = await processProfilePhoto(photo.bytes);
    if (!processed) return { ok: false, reason: "photo_invalid" };
    newPhotoKey = await storePhoto(processed);
  }
  try {
    await db.transaction().execute((trx) =>
      updateCaregiverProfile(trx, caregiver.id, { ...change, profileImageUrl: newPhotoKey ? photoUrl(newPhotoKey) : undefined }),
    );
  } catch (error) {
    if (newPhotoKey) await deletePhoto(newPhotoKey);
    throw error;
  }
  // Only a photo of our own storage is deleted (demo data may name others).
  const oldKey = newPhotoKey ? PHOTO_URL.exec(caregiver.profileImageUrl ?? "")?.[1] : undefined;
  if (oldKey && oldKey !== newPhotoKey && isValidObjectKey(oldKey)) await deletePhoto(oldKey);
  return { ok: true };
}
