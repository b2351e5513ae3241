import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

// Remix's <Scripts> preloads every module a page uses with <link rel="modulepreload">, and Chrome
// fetches those at high priority, side by side with the style sheet. On a slow line they share it,
// so the page's first paint waits for about 100 KB of scripts that only enhance it: every page
// works as plain HTML. With fetchpriority="low" the style sheet goes first and the page paints
// as soon as it has arrived; the scripts still load at once, in parallel, without a waterfall.
// Lighthouse's simulated phone counts the high-priority preloads as blocking the first paint,
// which cost the pages with JavaScript 3–7 points (decision 0014).
// Remix has no option for these links' attributes, so the HTML is rewritten as it streams out.

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The end of `text` that could be the start of a preload link cut off by the chunk's end. */
function partialPreloadAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/** A stream that passes HTML through with every module preload marked low priority. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = (held + (typeof chunk === "string" ? chunk : decoder.write(chunk))).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const hold = partialPreloadAtEnd(text);
      held = text.slice(text.length - hold);
      done(null, text.slice(0, text.length - hold));
    },
    flush(done) {
      done(null, (held + decoder.end()).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    },
  });
}
