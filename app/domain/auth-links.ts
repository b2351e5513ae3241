// How long each e-mailed link works: one number per kind of link, read by the code that makes the
// link and by every text that tells its lifetime (the e-mail, the page of a dead link), so the
// e-mail and the page can no longer disagree (issue 31: "14 päivää" in the e-mail, "tunnin" on
// the page). Pure, no I/O.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const LINK_LIFETIME_MS = {
  /** The sign-up's e-mail confirmation. */
  confirm_email: 48 * HOUR_MS,
  /** 'Unohtuiko salasana?' */
  reset_password: HOUR_MS,
  /** Finishing the profile a guest booking made (DESIGN.md decision 8). */
  set_password: 14 * DAY_MS,
} as const;

export type LinkPurpose = keyof typeof LINK_LIFETIME_MS;

/** A lifetime in Finnish words, as it follows "voimassa": "tunnin", "48 tuntia", "14 päivää". */
export function lifetimeWords(ms: number): string {
  // Up to two days in hours ("48 tuntia"), as a person counts a deadline that close.
  if (ms > 2 * DAY_MS && ms % DAY_MS === 0) return `${ms / DAY_MS} päivää`;
  if (ms === DAY_MS) return "vuorokauden";
  if (ms === HOUR_MS) return "tunnin";
  if (ms % HOUR_MS === 0) return `${ms / HOUR_MS} tuntia`;
  return `${Math.round(ms / 60_000)} minuuttia`;
}
