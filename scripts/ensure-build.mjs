// `npm start` on a fresh clone: build once if there is no build, or if the sources are newer. The
// server itself (server.ts) is compiled too: it runs as plain JavaScript, without a TypeScript
// loader (less memory, faster start).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const outputs = ["build/index.js", "build/server.js", "build/worker.js", "build/migrate.js"];

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const newestSource = Math.max(
  newestSourceTime("app"),
  ...["server.ts", "scripts/worker.ts", "scripts/migrate.ts", "remix.config.js", "tailwind.config.ts"].map((file) => fs.statSync(file).mtimeMs),
);
const stale = outputs.some((output) => !fs.existsSync(output) || newestSource > fs.statSync(output).mtimeMs);

if (stale) {
  console.log("Building the app (npm run build)...");
  execSync("npm run -s build", { stdio: ["ignore", "inherit", "inherit"] });
}
