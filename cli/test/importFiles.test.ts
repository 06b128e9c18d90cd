import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { fileReader, type InputFile } from "../src/services/importFiles.js"

const dir = mkdtempSync(join(tmpdir(), "folio-import-files-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const markdown = (name: string, text: string): InputFile => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return { name: path, path, format: "markdown" }
}

const readAll = async (files: ReadonlyArray<InputFile>) => {
  const reading = { bytesRead: 0 }
  const chunksOf = fileReader(files, reading)
  const texts: Array<string> = []
  for (const index of files.keys()) {
    let text = ""
    for await (const chunk of chunksOf(index)) text += chunk
    texts.push(text)
  }
  return { texts, bytesRead: reading.bytesRead }
}

describe("reading a Markdown folder", () => {
  it("gives each file's whole text, whatever its size, with the bytes counted", async () => {
    const texts = [
      "---\ntitle: small é\n---\nbody\n",
      `---\ntitle: bigger than the first buffer\n---\n${"ü".repeat(100_000)}\n`,
      "---\ntitle: after a big one\n---\nshort\n",
      `---\ntitle: over a megabyte\n---\n${"x".repeat(1_300_000)}\n`,
      "",
      "---\ntitle: last\n---\n",
    ]
    const files = texts.map((text, i) => markdown(`${i}.md`, text))
    const read = await readAll(files)
    expect(read.texts).toEqual(texts)
    expect(read.bytesRead).toBe(texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0))
  })

  it("names a file it cannot read", async () => {
    const missing = join(dir, "gone.md")
    const error = await readAll([{ name: missing, path: missing, format: "markdown" }]).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: "ReadError" })
    expect(String((error as { message: string }).message)).toContain(`Cannot read ${missing}`)
  })
})
