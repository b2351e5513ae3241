import { describe, expect, it } from "vitest";
import { ageByYearDifference, isAdultByYearDifference, parseBirthDate } from "~/domain/birth-date";

describe("parseBirthDate", () => {
  it("reads what a date field sends and what a Finn types", () => {
    expect(parseBirthDate("1980-05-31")).toBe("1980-05-31");
    expect(parseBirthDate("31.5.1980")).toBe("1980-05-31");
    expect(parseBirthDate(" 01.01.2000 ")).toBe("2000-01-01");
  });

  it("refuses dates that do not exist and other text", () => {
    for (const input of ["1980-02-30", "31.4.1980", "29.2.2023", "1980-13-01", "0.1.1980", "1980/05/31", "eilen", ""]) {
      expect(parseBirthDate(input), input).toBeNull();
    }
    expect(parseBirthDate("29.2.2024")).toBe("2024-02-29");
  });
});

describe("the adult rule (year difference, spec 001 §5)", () => {
  it("counts only the years", () => {
    expect(ageByYearDifference("2008-12-31", 2026)).toBe(18);
    expect(isAdultByYearDifference("2008-12-31", 2026)).toBe(true);
    expect(isAdultByYearDifference("2008-01-01", 2026)).toBe(true);
    expect(isAdultByYearDifference("2009-01-01", 2026)).toBe(false);
    expect(isAdultByYearDifference("1950-06-15", 2026)).toBe(true);
  });
});
