import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatReferenceNumber,
  isValidReferenceNumber,
  referenceCheckDigit,
  referenceNumberFor,
} from "~/domain/reference-number";

// The rule: multiply the base's digits right to left by 7, 3, 1, 7, 3, 1 …, sum, and take the
// distance up to the next multiple of ten (0 when the sum is one).

describe("reference number check digit (7-3-1)", () => {
  it("gives 123456 → 1234561 (the Tax Administration's example)", () => {
    // 6×7 + 5×3 + 4×1 + 3×7 + 2×3 + 1×1 = 42 + 15 + 4 + 21 + 6 + 1 = 89 → 90 − 89 = 1.
    expect(referenceNumberFor(123456)).toBe("1234561");
    expect(referenceNumberFor("123456")).toBe("1234561");
  });

  it("gives hand-computed check digits for short bases", () => {
    // 1000: 0×7 + 0×3 + 0×1 + 1×7 = 7 → 3.
    expect(referenceNumberFor(1000)).toBe("10003");
    // 100: 0×7 + 0×3 + 1×1 = 1 → 9 (the shortest allowed, 3 + 1 digits).
    expect(referenceNumberFor(100)).toBe("1009");
    // 1111: 1×7 + 1×3 + 1×1 + 1×7 = 18 → 2.
    expect(referenceNumberFor(1111)).toBe("11112");
    // 505: 5×7 + 0×3 + 5×1 = 40, already a multiple of ten → 0.
    expect(referenceNumberFor(505)).toBe("5050");
  });

  it("validates the references of Finance Finland's bank barcode guide examples", () => {
    // 86851 62596 19897: base 86851625961989 right to left 9,8,9,1,6,9,5,2,6,1,5,8,6,8 ×
    // 7,3,1,… = 63+24+9+7+18+9+35+6+6+7+15+8+42+24 = 273 → 7.
    expect(referenceCheckDigit("86851625961989")).toBe(7);
    // 8 68624: base 86862 → 2×7 + 6×3 + 8×1 + 6×7 + 8×3 = 14+18+8+42+24 = 106 → 4.
    expect(referenceCheckDigit("86862")).toBe(4);
    for (const printed of ["86851 62596 19897", "55958 22432 94671", "69 87567 20834 35364", "78 77767 96566 28687", "8 68624"]) {
      expect(isValidReferenceNumber(printed), printed).toBe(true);
    }
  });

  it("refuses a wrong check digit, bad lengths, leading zeros and non-digits", () => {
    expect(isValidReferenceNumber("1234560")).toBe(false);
    expect(isValidReferenceNumber("1234562")).toBe(false);
    expect(isValidReferenceNumber("13")).toBe(false); // valid digit but only 2 digits
    expect(isValidReferenceNumber("123")).toBe(false);
    expect(isValidReferenceNumber("01234561")).toBe(false);
    expect(isValidReferenceNumber("12345-61")).toBe(false);
    expect(isValidReferenceNumber("")).toBe(false);
    expect(isValidReferenceNumber(referenceNumberFor("1".repeat(19)) + "0")).toBe(false); // 21 digits
  });

  it("makes references of 4–20 digits from bases of 3–19 digits", () => {
    expect(referenceNumberFor("1".repeat(19))).toHaveLength(20);
    expect(() => referenceNumberFor("1".repeat(20))).toThrow(RangeError);
    expect(() => referenceNumberFor(12)).toThrow(RangeError);
    expect(() => referenceNumberFor("0123")).toThrow(RangeError);
    expect(() => referenceNumberFor(-123)).toThrow(RangeError);
    expect(() => referenceNumberFor(12.5)).toThrow(RangeError);
    expect(() => referenceNumberFor("12a4")).toThrow(RangeError);
  });
});

describe("printing a reference number", () => {
  it("groups digits by five from the right", () => {
    expect(formatReferenceNumber("1234561")).toBe("12 34561");
    expect(formatReferenceNumber("11112")).toBe("11112");
    expect(formatReferenceNumber("1009")).toBe("1009");
    expect(formatReferenceNumber("868516259619897")).toBe("86851 62596 19897");
    expect(formatReferenceNumber("69875672083435364")).toBe("69 87567 20834 35364");
    expect(formatReferenceNumber("12 34561")).toBe("12 34561");
  });
});

describe("reference number properties", () => {
  const bases = fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 18 }))
    .map(([first, rest]) => String(first) + rest.join(""));

  it("every generated reference validates, also as printed", () => {
    fc.assert(
      fc.property(bases, (base) => {
        const reference = referenceNumberFor(base);
        expect(reference.startsWith(base)).toBe(true);
        expect(reference).toMatch(/^[1-9][0-9]{3,19}$/);
        expect(isValidReferenceNumber(reference)).toBe(true);
        expect(isValidReferenceNumber(formatReferenceNumber(reference))).toBe(true);
      }),
    );
  });

  it("catches every single mistyped digit", () => {
    fc.assert(
      fc.property(bases, fc.nat(), fc.integer({ min: 1, max: 9 }), (base, position, shift) => {
        const reference = referenceNumberFor(base);
        const i = position % reference.length;
        const typo = reference.slice(0, i) + String((Number(reference[i]) + shift) % 10) + reference.slice(i + 1);
        expect(isValidReferenceNumber(typo)).toBe(false);
      }),
    );
  });
});
