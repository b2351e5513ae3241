// `npm start` on a fresh clone: build once if there is no build, or if the sources are newer.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const output = "build/index.js";

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const stale =
  !fs.existsSync(output) ||
  Math.max(newestSourceTime("app"), fs.statSync("remix.config.js").mtimeMs, fs.statSync("tailwind.config.ts").mtimeMs) >
    fs.statSync(output).mtimeMs;

if (stale) {
  console.log("Building the app (remix build)...");
  execSync("npx remix build", { stdio: ["ignore", "inherit", "inherit"] });
}
