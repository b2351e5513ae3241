import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceNumberFor } from "~/domain/reference-number";
import { VirtualBarcodeInputError, virtualBarcode } from "~/domain/virtual-barcode";

describe("virtual barcode, version 4", () => {
  it("builds the worked example of Finance Finland's bank barcode guide, field by field", () => {
    // IBAN FI79 4405 2020 0360 82, 4 883,15 €, reference 86851 62596 19897, due 12.6.2010:
    //   '4'                              version
    //   '7944052020036082'               IBAN without 'FI' (16 digits)
    //   '004883' '15'                    euros (6) and cents (2)
    //   '000'                            reserved
    //   '00000868516259619897'           reference zero-padded to 20 digits
    //   '100612'                         due date YYMMDD
    const expected = "4" + "7944052020036082" + "004883" + "15" + "000" + "00000868516259619897" + "100612";
    expect(expected).toBe("479440520200360820048831500000000868516259619897100612");
    expect(
      virtualBarcode({
        iban: "FI79 4405 2020 0360 82",
        amountCents: 488_315,
        referenceNumber: "86851 62596 19897",
        dueDate: "2010-06-12",
      }),
    ).toBe(expected);
  });

  it("matches the guide's other version 4 examples", () => {
    const examples = [
      ["FI58 1017 1000 0001 22", 48_299, "55958 22432 94671", "2012-01-31", "458101710000001220004829900000000559582243294671120131"],
      ["FI02 5000 4640 0013 02", 69_380, "69 87567 20834 35364", "2011-07-24", "402500046400013020006938000000069875672083435364110724"],
      // No due date: '000000'.
      ["FI16 8000 1400 0502 67", 93_585, "78 77767 96566 28687", null, "416800014000502670009358500000078777679656628687000000"],
      // No amount (0,00 €): the payer types it.
      ["FI73 3131 3001 0000 58", 0, "8 68624", "2013-08-09", "473313130010000580000000000000000000000000868624130809"],
    ] as const;
    for (const [iban, amountCents, referenceNumber, dueDate, expected] of examples) {
      expect(virtualBarcode({ iban, amountCents, referenceNumber, dueDate }), iban).toBe(expected);
    }
  });

  it("writes an amount above 999 999,99 € as zeros, and 999 999,99 € itself in full", () => {
    const base = { iban: "FI79 4405 2020 0360 82", referenceNumber: "1234561", dueDate: "2026-05-26" };
    expect(virtualBarcode({ ...base, amountCents: 99_999_999 }).slice(17, 25)).toBe("99999999");
    expect(virtualBarcode({ ...base, amountCents: 100_000_000 }).slice(17, 25)).toBe("00000000");
  });

  it("refuses invalid input, naming the field", () => {
    const valid = { iban: "FI79 4405 2020 0360 82", amountCents: 8000, referenceNumber: "1234561", dueDate: "2026-05-26" };
    const fieldOf = (input: typeof valid | Record<string, unknown>) => {
      try {
        virtualBarcode(input as typeof valid);
        return null;
      } catch (error) {
        return error instanceof VirtualBarcodeInputError ? error.field : "other";
      }
    };
    expect(fieldOf(valid)).toBeNull();
    expect(fieldOf({ ...valid, iban: "FI79 4405 2020 0360 83" })).toBe("iban"); // wrong check digits
    expect(fieldOf({ ...valid, iban: "SE45 5000 0000 0583 9825 7466" })).toBe("iban");
    expect(fieldOf({ ...valid, amountCents: -1 })).toBe("amountCents");
    expect(fieldOf({ ...valid, amountCents: 10.5 })).toBe("amountCents");
    expect(fieldOf({ ...valid, referenceNumber: "1234562" })).toBe("referenceNumber");
    expect(fieldOf({ ...valid, referenceNumber: "RF18539007547034" })).toBe("referenceNumber");
    expect(fieldOf({ ...valid, dueDate: "2026-02-30" })).toBe("dueDate");
    expect(fieldOf({ ...valid, dueDate: "26.5.2026" })).toBe("dueDate");
    expect(fieldOf({ ...valid, dueDate: "2100-01-01" })).toBe("dueDate");
  });

  it("is always 54 digits with every field in its place", () => {
    const bases = fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 18 }))
      .map(([first, rest]) => String(first) + rest.join(""));
    const dates = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true });
    fc.assert(
      fc.property(bases, fc.integer({ min: 0, max: 99_999_999 }), dates, (base, amountCents, date) => {
        const reference = referenceNumberFor(base);
        const dueDate = date.toISOString().slice(0, 10);
        const code = virtualBarcode({ iban: "FI2112345600000785", amountCents, referenceNumber: reference, dueDate });
        expect(code).toMatch(/^4[0-9]{53}$/);
        expect(code.slice(1, 17)).toBe("2112345600000785");
        expect(Number(code.slice(17, 23)) * 100 + Number(code.slice(23, 25))).toBe(amountCents);
        expect(code.slice(25, 28)).toBe("000");
        expect(code.slice(28, 48).replace(/^0+/, "")).toBe(reference);
        expect(code.slice(48)).toBe(dueDate.slice(2, 4) + dueDate.slice(5, 7) + dueDate.slice(8, 10));
      }),
    );
  });
});
