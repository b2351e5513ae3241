// Which helpers the booking flows offer (spec 000 §7 "caregivers (/varaa step 2)"; DESIGN.md
// decisions 5 and 17): approved, average rating at least 4, best first, at most six, and free for
// the whole visit. The query that applies these rules is in app/models/caregivers.server.ts.

export const OFFERED_CAREGIVER_LIMIT = 6;
export const OFFERED_CAREGIVER_MIN_RATING = 4;

/** A helper as the booking flows show them. */
export interface OfferedCaregiver {
  id: string;
  fullName: string;
  averageRating: number;
  totalOrders: number;
  city: string;
  bio: string;
  /** A same-site path such as '/kuvat/…', or null for the placeholder. */
  photoUrl: string | null;
}

/** Only our own photo paths are shown; anything else (an old absolute URL) gets the placeholder. */
export function safePhotoUrl(value: string | null): string | null {
  return value && /^\/[A-Za-z0-9/_.-]+$/.test(value) && !value.startsWith("//") ? value : null;
}
