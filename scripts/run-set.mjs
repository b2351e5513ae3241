// The whole set on one machine against one PostgreSQL (README "Scaling out"): the migration once,
// then N web processes (ports PORT, PORT+1, …; put a load balancer in front) and M job workers,
// each started again when it exits. All are the compiled files (`npm run build`), plain node
// processes: no npm or tsx between this supervisor and them, so a signal reaches the real process.
// compose.yaml describes the same set for container hosts. The fault test (tests/fault/run.mjs)
// runs the set through this script.
//
//   DATABASE_URL=postgres://… node scripts/run-set.mjs [--web 2] [--workers 2] [--port 3000] [--separate-data-dirs]
//
// --separate-data-dirs gives each process a folder of its own under DATA_DIR (web-1, web-2, …,
// worker-1, …), as on separate machines: nothing the processes share may live in a folder.
//
// Each start is announced on stdout as `[set] started web 1 pid 1234 port 3000`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    web: { type: "string", default: "2" },
    workers: { type: "string", default: "2" },
    port: { type: "string", default: process.env.PORT ?? "3000" },
    "separate-data-dirs": { type: "boolean", default: false },
  },
});
const webCount = Number(values.web);
const workerCount = Number(values.workers);
const basePort = Number(values.port);
if (!process.env.DATABASE_URL) {
  console.error("[set] DATABASE_URL is required: the processes share one PostgreSQL");
  process.exit(2);
}

const NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=256"];
const RESTART_DELAY_MS = 1000;

const migration = spawnSync(process.execPath, ["build/migrate.js"], { stdio: "inherit" });
if (migration.status !== 0) {
  console.error(`[set] the migration failed (exit ${migration.status}); nothing started`);
  process.exit(1);
}

let stopping = false;
const running = new Map();

function start(name, file, env) {
  if (stopping) return;
  const child = spawn(process.execPath, [...NODE_FLAGS, file], { stdio: "inherit", env: { ...process.env, ...env } });
  running.set(name, child);
  console.log(`[set] started ${name} pid ${child.pid}${env.PORT ? ` port ${env.PORT}` : ""}`);
  child.on("exit", (code, signal) => {
    running.delete(name);
    if (stopping) return;
    console.log(`[set] ${name} exited (${signal ?? code}), starting it again`);
    setTimeout(() => start(name, file, env), RESTART_DELAY_MS);
  });
}

/** The process's own folder with --separate-data-dirs; otherwise DATA_DIR as given. */
function dataDirOf(name) {
  if (!values["separate-data-dirs"]) return {};
  const dir = path.resolve(process.env.DATA_DIR ?? "./data", name.replace(" ", "-"));
  fs.mkdirSync(dir, { recursive: true });
  return { DATA_DIR: dir };
}

for (let i = 0; i < webCount; i++) start(`web ${i + 1}`, "build/server.js", { PORT: String(basePort + i), WORKER: "off", ...dataDirOf(`web ${i + 1}`) });
for (let i = 0; i < workerCount; i++) start(`worker ${i + 1}`, "build/worker.js", dataDirOf(`worker ${i + 1}`));

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[set] ${signal}: stopping ${running.size} process(es)`);
  for (const child of running.values()) child.kill("SIGTERM");
  const deadline = setTimeout(() => {
    for (const child of running.values()) child.kill("SIGKILL");
  }, 10_000);
  const wait = setInterval(() => {
    if (running.size > 0) return;
    clearInterval(wait);
    clearTimeout(deadline);
    process.exit(0);
  }, 50);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
