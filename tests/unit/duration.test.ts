import fc from "fast-check";
import { DURATION_MESSAGES } from "~/messages/booking";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DURATION,
  DURATION_CHOICES,
  parseDurationHours,
  resolveDuration,
} from "~/domain/duration";

describe("duration choices", () => {
  it("offers the quick buttons 1, 2, 3, 4, 5, 6 and 8 hours with 2 as the default", () => {
    expect(DURATION_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(DEFAULT_DURATION).toBe(2);
  });
});

describe("resolving the chosen duration", () => {
  it("uses the default 2 hours when nothing is chosen", () => {
    expect(resolveDuration({})).toEqual({ ok: true, hours: 2, source: "default" });
    expect(resolveDuration({ button: "", manual: "   " })).toEqual({ ok: true, hours: 2, source: "default" });
  });

  it("uses a pressed button", () => {
    for (const choice of DURATION_CHOICES) {
      expect(resolveDuration({ button: String(choice) })).toEqual({ ok: true, hours: choice, source: "button" });
    }
  });

  it("lets a valid typed value win over a pressed button", () => {
    expect(resolveDuration({ button: "3", manual: "5" })).toEqual({ ok: true, hours: 5, source: "manual" });
    expect(resolveDuration({ button: "8", manual: " 24 " })).toEqual({ ok: true, hours: 24, source: "manual" });
    expect(resolveDuration({ manual: "7" })).toEqual({ ok: true, hours: 7, source: "manual" });
  });

  it("reports an invalid typed value instead of falling back to the button", () => {
    expect(resolveDuration({ button: "3", manual: "0" })).toEqual({ ok: false, error: "too_short", field: "manual" });
    expect(resolveDuration({ button: "3", manual: "25" })).toEqual({ ok: false, error: "too_long", field: "manual" });
    expect(resolveDuration({ button: "3", manual: "2,5" })).toEqual({ ok: false, error: "not_integer", field: "manual" });
    expect(resolveDuration({ button: "3", manual: "kaksi" })).toEqual({ ok: false, error: "not_integer", field: "manual" });
    expect(resolveDuration({ manual: "-1" })).toEqual({ ok: false, error: "too_short", field: "manual" });
  });

  it("refuses a button value that is not one of the quick choices", () => {
    for (const bad of ["7", "0", "24", "abc", "2.5"]) {
      expect(resolveDuration({ button: bad })).toEqual({ ok: false, error: "invalid_choice", field: "button" });
    }
  });

  it("has a Finnish message for every error", () => {
    expect(DURATION_MESSAGES.too_short).toBe("Kesto vähintään 1 tunti");
    expect(DURATION_MESSAGES.too_long).toBe("Kesto enintään 24 tuntia");
    expect(Object.keys(DURATION_MESSAGES).sort()).toEqual(["invalid_choice", "not_integer", "too_long", "too_short"]);
  });
});

describe("parsing typed hours", () => {
  it("accepts whole numbers 1–24 with the keyboard's variations", () => {
    expect(parseDurationHours("05")).toEqual({ ok: true, hours: 5 });
    expect(parseDurationHours("5,0")).toEqual({ ok: true, hours: 5 });
    expect(parseDurationHours("5.0")).toEqual({ ok: true, hours: 5 });
    expect(parseDurationHours(12)).toEqual({ ok: true, hours: 12 });
  });

  it("refuses everything else", () => {
    expect(parseDurationHours("5 h")).toMatchObject({ ok: false, error: "not_integer" });
    expect(parseDurationHours("1e1")).toMatchObject({ ok: false, error: "not_integer" });
    expect(parseDurationHours(Number.NaN)).toMatchObject({ ok: false, error: "not_integer" });
    expect(parseDurationHours(null)).toMatchObject({ ok: false, error: "not_integer" });
  });
});

describe("resolveDuration properties", () => {
  it("a valid typed value always wins, whatever the button says", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.option(fc.string()), (typed, button) => {
        expect(resolveDuration({ button, manual: String(typed) })).toEqual({ ok: true, hours: typed, source: "manual" });
      }),
    );
  });

  it("never resolves to a duration outside 1–24 hours, for any input", () => {
    const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(undefined), fc.constant(null));
    fc.assert(
      fc.property(anything, anything, (button, manual) => {
        const result = resolveDuration({ button, manual });
        if (result.ok) {
          expect(Number.isInteger(result.hours)).toBe(true);
          expect(result.hours).toBeGreaterThanOrEqual(1);
          expect(result.hours).toBeLessThanOrEqual(24);
        } else {
          expect(DURATION_MESSAGES[result.error]).toBeTruthy();
        }
      }),
    );
  });
});
