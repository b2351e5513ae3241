// After `remix build`, before compress-build.mjs: marks the browser chunk that holds React,
// React DOM and Remix with V8's compile hint `//# allFunctionsCalledOnLoad`.
//
// Every page with JavaScript runs nearly all of that chunk while it starts and hydrates. Without
// the hint V8 parses each function twice, once quickly when the chunk loads and again when the
// function is first called, on the page's main thread. With the hint Chrome (136 and later)
// compiles the whole chunk as it downloads, off the main thread. With the CPU slowed down four
// times, the blocking time of `/varaa` after its first paint went from 160 to 29 ms (medians of
// six loads) and its longest task from 151 to 66 ms; the registration page's from 184 to 65 ms
// (docs/decisions/0016-compile-hint-for-the-framework.md). Other browsers ignore the comment.
//
// Only this chunk is marked: V8's guidance is to hint code that really runs at load, and the
// pages' own chunks are small and partly used later.
import { readFileSync, writeFileSync } from "node:fs";

const HINT = "//# allFunctionsCalledOnLoad\n";
/** A source file only the framework chunk holds. */
const FRAMEWORK_INPUT = "node_modules/react-dom/cjs/react-dom.production.min.js";

const { outputs } = JSON.parse(readFileSync("build/metafile.js.json", "utf8"));
const chunks = Object.keys(outputs).filter((file) => file.endsWith(".js") && outputs[file].inputs[FRAMEWORK_INPUT]);
if (chunks.length !== 1) throw new Error(`expected one browser chunk with React DOM, found ${chunks.length}`);
const [chunk] = chunks;
const code = readFileSync(chunk, "utf8");
// The hint must come before any code; a second build over the same files must not add it twice.
if (!code.startsWith(HINT)) writeFileSync(chunk, HINT + code);
console.log(`Compile hint on ${chunk}.`);
