import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"

// server/scripts/start-build.mjs (what `npm start` runs first) in a stand-in repository whose build command
// only counts that it ran, so the test checks when it builds, not how long building takes.
const script = new URL("../scripts/start-build.mjs", import.meta.url).pathname
const repo = mkdtempSync(join(tmpdir(), "folio-start-build-"))
afterAll(() => rmSync(repo, { recursive: true, force: true }))

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(repo, path)), { recursive: true })
  writeFileSync(join(repo, path), text)
}
const builds = () => readFileSync(join(repo, "builds.log"), "utf8").length
const run = (...args: Array<string>) => {
  const result = spawnSync(process.execPath, [join(repo, "server/scripts/start-build.mjs"), ...args], {
    cwd: repo,
    encoding: "utf8",
  })
  return { code: result.status, out: `${result.stdout}${result.stderr}` }
}

write("server/scripts/start-build.mjs", readFileSync(script, "utf8"))
write("builds.log", "")
write(
  "package.json",
  JSON.stringify({
    name: "stand-in",
    private: true,
    scripts: {
      // The stand-in build: note the run, and write the outputs a real build makes.
      "build:packages":
        "node -e \"const f=require('fs');f.appendFileSync('builds.log','x');for(const p of ['web/dist','server/dist','cli/dist'])f.mkdirSync(p,{recursive:true});f.writeFileSync('web/dist/index.html','');f.writeFileSync('server/dist/main.js','');f.writeFileSync('cli/dist/main.js','')\"",
    },
  }),
)
write("package-lock.json", "{}")
write("tsconfig.json", "{}")
for (const name of ["core", "server", "web", "cli"])
  write(`${name}/src/index.ts`, `export const name = "${name}"\n`)
write("web/src/routeTree.gen.ts", "// generated\n")
write("server/test/some.test.ts", "// a test\n")

describe("npm start's build step", () => {
  it("builds the first time, then reuses the build until a source changes", () => {
    expect(run("--check")).toMatchObject({ code: 1 })
    const first = run()
    expect(first.code).toBe(0)
    expect(builds()).toBe(1)

    const second = run()
    expect(second).toMatchObject({ code: 0 })
    expect(second.out).toContain("The build is current")
    expect(builds()).toBe(1)
    expect(run("--check")).toMatchObject({ code: 0 })

    // Tests and generated files are not build inputs.
    write("server/test/some.test.ts", "// a changed test\n")
    write("web/src/routeTree.gen.ts", "// generated again\n")
    expect(run("--check")).toMatchObject({ code: 0 })

    write("core/src/index.ts", 'export const name = "core, changed"\n')
    expect(run("--check").out).toContain("the sources changed since the last build")
    expect(run().code).toBe(0)
    expect(builds()).toBe(2)

    write("package-lock.json", '{"lockfileVersion":3}')
    expect(run("--check")).toMatchObject({ code: 1 })
    run()
    expect(builds()).toBe(3)
  })

  it("builds again when an output is missing, and always with --always", () => {
    rmSync(join(repo, "server/dist/main.js"))
    expect(run("--check").out).toContain("server/dist/main.js is missing")
    run()
    const before = builds()
    expect(run("--always").code).toBe(0)
    expect(builds()).toBe(before + 1)
    expect(run("--frobnicate")).toMatchObject({ code: 2 })
  })
})
