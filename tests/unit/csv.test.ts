import { describe, expect, it } from "vitest";
import { csvAmount, toCsv } from "~/domain/csv";

describe("CSV for Finnish Excel", () => {
  it("starts with a BOM, separates with ';', quotes what needs it and ends lines with CRLF", () => {
    const csv = toCsv(["Nimi", "Summa"], [["Äijälä; Aino", csvAmount(160050)], ['Sanoi "hei"', csvAmount(5)]]);
    expect(csv).toBe('\uFEFFNimi;Summa\r\n"Äijälä; Aino";1600,50\r\n"Sanoi ""hei""";0,05\r\n');
  });

  it("does not let a cell run as a formula", () => {
    expect(toCsv(["a"], [["=HYPERLINK(1)"]])).toBe("\uFEFFa\r\n'=HYPERLINK(1)\r\n");
    expect(toCsv(["a"], [[-5]])).toBe("\uFEFFa\r\n-5\r\n");
  });

  it("writes amounts with a decimal comma and no grouping", () => {
    expect(csvAmount(0)).toBe("0,00");
    expect(csvAmount(123456789)).toBe("1234567,89");
    expect(csvAmount(-250)).toBe("-2,50");
    expect(() => csvAmount(1.5)).toThrow(RangeError);
  });
});
