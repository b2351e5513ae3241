// Which helpers the booking flows offer (spec 000 §7 "caregivers (/varaa step 2)"; DESIGN.md
// decisions 5 and 17): approved, average rating at least 4 (a helper not rated yet is offered as
// 'Uusi kaveri'), offering the visit's service, serving its city, free for the whole visit, best first, at most six. The query that applies these rules is in app/models/caregivers.server.ts, on the one matching rule of app/models/matching.server.ts.

export const OFFERED_CAREGIVER_LIMIT = 6;
export const OFFERED_CAREGIVER_MIN_RATING = 4;

/** A helper as the booking flows show them. */
export interface OfferedCaregiver {
  id: string;
  fullName: string;
  /** Null while no customer has rated them: offered as 'Uusi kaveri'. */
  averageRating: number | null;
  /** Their rated orders, the count behind the average. */
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

/** Whether a named helper may be booked for a visit, and if not, why. */
export type CaregiverAvailability =
  | { status: "available"; caregiver: OfferedCaregiver }
  /** They do not offer the visit's service (caregiver_services). */
  | { status: "no_service"; caregiver: OfferedCaregiver }
  /** The visit's city is not their own nor one they serve. */
  | { status: "outside_area"; caregiver: OfferedCaregiver }
  /** The visit is outside their availability plan (weekly hours, away, extra hours). */
  | { status: "off_hours"; caregiver: OfferedCaregiver }
  /** A live order of theirs overlaps the visit or is closer than the travel time. */
  | { status: "busy"; caregiver: OfferedCaregiver }
  /** Not approved (pending, rejected, suspended), rated under 4, or unknown. */
  | { status: "not_bookable" };
