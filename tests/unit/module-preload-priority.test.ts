import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/services/module-preload-priority.server";

/** The HTML as it comes out when `chunks` go in one after another. */
async function rewrite(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(out).toString("utf8");
}

const PAGE =
  '<html><head><link rel="stylesheet" href="/build/a.css"/></head><body><h1>Varaa käynti – äöå</h1>' +
  '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/_shared/chunk-1.js"/>' +
  '<script type="module" async="">import "/build/entry.js";</script><p>modulepreload</p></body></html>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("module preloads at low priority", () => {
  it("marks every module preload, and nothing else, in a page sent whole", async () => {
    const html = await rewrite([Buffer.from(PAGE)]);
    expect(html).toBe(EXPECTED);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("gives the same bytes wherever the stream is cut, inside a link or inside a letter", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
  });

  it("gives the same bytes when the page comes a few bytes at a time", async () => {
    const bytes = Buffer.from(PAGE);
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += 3) chunks.push(bytes.subarray(start, start + 3));
    expect(await rewrite(chunks)).toBe(EXPECTED);
  });

  it("keeps a page's end that only looks like the start of a link", async () => {
    expect(await rewrite([Buffer.from("<p>a</p><link rel="), Buffer.from("")])).toBe("<p>a</p><link rel=");
  });
});
