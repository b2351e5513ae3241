import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cappedCount, containsPattern, decodeCursor, encodeCursor, firstRows, keysetPage, normalizeSearch, pageNumberOf } from "~/domain/list-query";

// The pure half of the back-office lists: search terms, LIKE patterns, keyset cursors and pages.

describe("search terms", () => {
  it("trims, joins runs of spaces and treats empty as no search", () => {
    expect(normalizeSearch("  Aino   Virtanen ")).toBe("Aino Virtanen");
    expect(normalizeSearch("   ")).toBeNull();
    expect(normalizeSearch(null)).toBeNull();
    expect(normalizeSearch("x".repeat(500))).toHaveLength(100);
  });

  it("makes a contains-pattern in which the term's own wildcards match only themselves", () => {
    expect(containsPattern("ORD-1")).toBe("%ORD-1%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("cursors", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

  it("round-trip microseconds exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (micros) => {
        expect(decodeCursor(encodeCursor({ micros, id }))).toEqual({ micros, id });
      }),
    );
  });

  it("ignores anything that is not a cursor", () => {
    for (const value of [null, "", "abc", `12.${id}x`, "12.not-a-uuid", `${"9".repeat(17)}.${id}`, `-5.${id}`]) {
      expect(decodeCursor(value)).toBeNull();
    }
  });
});

describe("keyset pages", () => {
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ micros: from - i, id: `0f8fad5b-d9cb-469f-a165-70867728950${i % 10}` }));
  const cursorOf = (row: { micros: number; id: string }) => row;

  it("the first page has a next cursor when one row more came back, and no previous", () => {
    const page = keysetPage(rows(100, 4), 3, null, cursorOf);
    expect(page.rows.map((r) => r.micros)).toEqual([100, 99, 98]);
    expect(page.next).toBe(encodeCursor(page.rows[2]));
    expect(page.previous).toBeNull();
  });

  it("a later page going forward has previous; the last one has no next", () => {
    const page = keysetPage(rows(50, 2), 3, { after: { micros: 51, id: rows(51, 1)[0].id } }, cursorOf);
    expect(page.next).toBeNull();
    expect(page.previous).toBe(encodeCursor(page.rows[0]));
  });

  it("going back, rows come ascending and are shown descending; previous only if there are more", () => {
    const ascending = [...rows(10, 3)].reverse();
    const page = keysetPage(ascending, 3, { before: { micros: 7, id: rows(7, 1)[0].id } }, cursorOf);
    expect(page.rows.map((r) => r.micros)).toEqual([10, 9, 8]);
    expect(page.previous).toBeNull();
    expect(page.next).toBe(encodeCursor(page.rows[2]));
  });
});

describe("counts", () => {
  it("a count over its cap reads as 'at least'", () => {
    expect(cappedCount(5, 10)).toEqual({ value: 5, kind: "exact" });
    expect(cappedCount(10, 10)).toEqual({ value: 10, kind: "exact" });
    expect(cappedCount(11, 10)).toEqual({ value: 10, kind: "atLeast" });
  });
});

describe("offset-paged lists", () => {
  it("reads the page number from the address, 1 when it is missing or nonsense", () => {
    expect([null, "", "0", "-3", "abc", "2", "10001", "3.7"].map(pageNumberOf)).toEqual([1, 1, 1, 1, 1, 2, 10_000, 3]);
  });

  it("shows the first rows and knows whether more follow", () => {
    expect(firstRows([1, 2, 3], 2)).toEqual({ rows: [1, 2], hasMore: true });
    expect(firstRows([1, 2], 2)).toEqual({ rows: [1, 2], hasMore: false });
  });
});
