import { describe, expect, it } from "vitest";
import { checkPlace } from "~/booking/place";
import { normalisePhone, normalisePostalCode, phoneAsWritten, phoneField, postalCodeField } from "~/schemas/fields";

describe("postal codes written with spaces", () => {
  it("accepts '00 530' and the like as 00530", () => {
    const field = postalCodeField();
    for (const typed of ["00 530", " 00530 ", "00\u00a0530", "0 0 5 3 0", "00530"]) {
      expect(field.parse(typed)).toBe("00530");
    }
  });

  it("still refuses what is not five digits once the spaces are gone", () => {
    const field = postalCodeField({ invalid: "Tarkista postinumero" });
    for (const typed of ["00 53", "00 5300", "00-530", "0o530"]) {
      const result = field.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Tarkista postinumero");
    }
  });

  it("lets the booking draft's place carry a spaced postal code too", () => {
    const draft = { date: null, time: null, duration: null, service: null, postalCode: "00 530", city: "Helsinki", caregiver: null };
    expect(checkPlace(draft)).toEqual({ ok: true, value: { postalCode: "00530", city: "Helsinki" } });
  });

  it("normalisePostalCode removes every kind of space", () => {
    expect(normalisePostalCode("00\u202f530")).toBe("00530");
    expect(normalisePostalCode("00  530")).toBe("00530");
  });
});

describe("phone numbers written with spaces and hyphens", () => {
  it("accepts the ways a number is written on paper", () => {
    const field = phoneField();
    for (const typed of ["040 123 4567", "040-123 4567", "040\u00a0123\u00a04567", "+358 40 123 4567", " 0401234567 "]) {
      expect(field.parse(typed)).toMatch(/^(\+358|0)\d+$/);
    }
    expect(field.parse("040 - 123 45 67")).toBe("0401234567");
  });

  it("refuses a number that is too short or has letters, however it is spaced", () => {
    const field = phoneField({ invalid: "Tarkista puhelinnumero" });
    for (const typed of ["040 12", "040 123 abc", "12 345 678"]) {
      expect(field.safeParse(typed).success).toBe(false);
    }
  });

  it("keeps a number as written where that is wanted, valid by the same rule", () => {
    expect(phoneAsWritten().parse("09 123\u00a04567")).toBe("09 123\u00a04567");
    expect(phoneAsWritten().safeParse("09 12").success).toBe(false);
  });

  it("normalisePhone removes spaces and hyphens only", () => {
    expect(normalisePhone("+358 (40) 123-4567")).toBe("+358(40)1234567");
  });
});
