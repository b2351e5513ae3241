import { describe, expect, it } from "vitest";
import { finnishMobileE164, firstFittingText, fitsOneGsm7Message, formatFinnishMobile, isGsm7, smsLength } from "~/domain/sms";
import { smsRemindersWanted } from "~/domain/visit-reminders";

// Text messages as the network counts them, and the Finnish mobile numbers they go to
// (issue 28 item 2; docs/decisions/0031).

describe("GSM-7", () => {
  it("knows Finnish letters are in the alphabet and an en dash, curly quotes and emoji are not", () => {
    expect(isGsm7("Hyvää päivää! Åke, Öljy & Ä @ £ 50 %")).toBe(true);
    expect(isGsm7("klo 12.00–14.00")).toBe(false);
    expect(isGsm7("“lainaus”")).toBe(false);
    expect(isGsm7("kiitos 🙂")).toBe(false);
    expect(isGsm7("š")).toBe(false);
  });

  it("counts 160 septets as one message and 161 as two parts of 153", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    expect(smsLength("a".repeat(161))).toEqual({ encoding: "gsm7", units: 161, segments: 2 });
    expect(smsLength("a".repeat(306))).toEqual({ encoding: "gsm7", units: 306, segments: 2 });
    expect(smsLength("a".repeat(307))).toEqual({ encoding: "gsm7", units: 307, segments: 3 });
  });

  it("counts an extension character (€ [ ] { } ~ ^ \\ |) as two septets", () => {
    expect(smsLength("40 €")).toEqual({ encoding: "gsm7", units: 5, segments: 1 });
    expect(smsLength(`${"a".repeat(159)}€`)).toEqual({ encoding: "gsm7", units: 161, segments: 2 });
    expect(smsLength("[]{}~^\\|")).toMatchObject({ units: 16 });
  });

  it("turns the whole text into UCS-2 for one foreign character: 70 a message, then parts of 67", () => {
    expect(smsLength(`${"a".repeat(69)}–`)).toEqual({ encoding: "ucs2", units: 70, segments: 1 });
    expect(smsLength(`${"a".repeat(70)}–`)).toEqual({ encoding: "ucs2", units: 71, segments: 2 });
    expect(smsLength(`${"a".repeat(134)}–`)).toEqual({ encoding: "ucs2", units: 135, segments: 3 });
    expect(fitsOneGsm7Message("klo 12–14")).toBe(false);
    expect(fitsOneGsm7Message("klo 12-14")).toBe(true);
  });

  it("picks the first candidate that fits one message, or the one in the fewest parts", () => {
    const long = "x".repeat(170);
    expect(firstFittingText([long, "lyhyt", "toinen"])).toBe("lyhyt");
    expect(firstFittingText(["–".repeat(150), "y".repeat(200)])).toBe("y".repeat(200));
    expect(() => firstFittingText([])).toThrow();
  });
});

describe("Finnish mobile numbers", () => {
  it("normalises the ways a number is written to E.164", () => {
    for (const written of ["040 123 4567", "0401234567", "040-123 4567", "+358 40 123 4567", "+358401234567", "00358401234567", "+358 (0)40 123 4567"]) {
      expect(finnishMobileE164(written)).toBe("+358401234567");
    }
    expect(finnishMobileE164("050 765 4321")).toBe("+358507654321");
    expect(finnishMobileE164("045 12345")).toBe("+3584512345");
  });

  it("refuses landlines, foreign numbers, empty and nonsense", () => {
    for (const written of ["09 123 4567", "+46 70 123 4567", "", null, undefined, "0401", "040 123 4567 8901", "puhelin"]) {
      expect(finnishMobileE164(written)).toBeNull();
    }
  });

  it("shows a number as Finns write it", () => {
    expect(formatFinnishMobile("+358401234567")).toBe("040 123 4567");
  });
});

describe("smsRemindersWanted", () => {
  it("gives the number only when the box was ticked and a number kept", () => {
    expect(smsRemindersWanted({ smsReminder: true, smsPhone: "+358401234567" })).toBe("+358401234567");
    expect(smsRemindersWanted({ smsReminder: false, smsPhone: "+358401234567" })).toBeNull();
    expect(smsRemindersWanted({ smsReminder: true, smsPhone: null })).toBeNull();
  });
});
