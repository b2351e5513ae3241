// Dates of birth typed into forms, and the adult rule of helper registration (spec 001 §5, §9:
// at least 18 "by year difference", i.e. born in the year 18 years ago or earlier).

export const MINIMUM_AGE_YEARS = 18;
/** Older than this is a typing mistake rather than an applicant. */
export const MAXIMUM_AGE_YEARS = 120;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Reads a date as a date field sends it ('1980-05-31') or as a Finn types it ('31.5.1980');
 * returns 'yyyy-MM-dd', or null when it is not a real calendar date.
 */
export function parseBirthDate(input: string): string | null {
  const text = input.trim();
  let year: number;
  let month: number;
  let day: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
    if (!match) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (!isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Age by year difference only: someone born on 31.12.2008 counts as 18 all of 2026. */
export function ageByYearDifference(isoBirthDate: string, currentYear: number): number {
  return currentYear - Number(isoBirthDate.slice(0, 4));
}

export function isAdultByYearDifference(isoBirthDate: string, currentYear: number): boolean {
  return ageByYearDifference(isoBirthDate, currentYear) >= MINIMUM_AGE_YEARS;
}
