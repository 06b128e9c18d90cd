// Cold start of `folio --version` (and `--help`) against a bare `node -e 0`, measured in the same
// run and interleaved so that machine noise hits every subject alike. Prints median / p95 in ms
// and the ratio to the baseline. `npm run bench -w @folio/cli`; FOLIO_BENCH_RUNS overrides N.
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const runs = Number(process.env.FOLIO_BENCH_RUNS ?? 20)
const bin = fileURLToPath(new URL("../bin/folio.js", import.meta.url))

const subjects = [
  { name: "node -e 0", args: ["-e", "0"] },
  { name: "folio --version", args: [bin, "--version"] },
  { name: "folio --help", args: [bin, "--help"] },
]

const once = (args) => {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`)
  return ms
}

// Warm-up: builds cli/dist if it is missing and fills the OS file cache, so every measured run
// is a cold *process* start, not a cold disk.
for (const subject of subjects) once(subject.args)

const samples = new Map(subjects.map((subject) => [subject.name, []]))
for (let i = 0; i < runs; i++)
  for (const subject of subjects) samples.get(subject.name).push(once(subject.args))

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) }
}

const baseline = stats(samples.get("node -e 0"))
console.log(`cold start, ${runs} runs each (node ${process.version}, ${process.platform}/${process.arch})`)
console.log(`${"".padEnd(18)}${"median".padStart(10)}${"p95".padStart(10)}${"× node".padStart(10)}`)
for (const subject of subjects) {
  const { median, p95 } = stats(samples.get(subject.name))
  console.log(
    `${subject.name.padEnd(18)}${`${median.toFixed(1)} ms`.padStart(10)}${`${p95.toFixed(1)} ms`.padStart(10)}${(median / baseline.median).toFixed(2).padStart(10)}`,
  )
}
