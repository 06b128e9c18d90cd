import { Report } from "@folio/core"
import { render } from "ink-testing-library"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "../../server/test/support/directory.js"
import { startTestServer, type TestServer } from "../../server/test/support/server.js"
import { CliError } from "../src/cliError.js"
import type { Output } from "../src/ui/output.js"
import { renderDone, renderFailure, renderLines, renderText } from "../src/ui/render.js"
import { RecordView, TableView } from "../src/ui/TableView.js"
import { plainTable, toCells } from "../src/ui/table.js"
import { visible, visibleText } from "../src/ui/terminalText.js"
import { assertFreshBuild, runFolio, tempConfigDir } from "./support/folio.js"

/**
 * Issue 20: a title or a name holding terminal escapes was printed raw. Core now refuses them,
 * but rows stored before that rule (seeded here straight into the database) must still print
 * harmlessly: every control character the server sends is shown escaped.
 */
const windowTitle = "\u001b]0;pwned\u0007"
const hyperlink = "\u001b]8;;https://evil.example\u0007click me\u001b]8;;\u0007"
const title = `Q3 ${windowTitle}results ${hyperlink}\rAll clear`
const userName = `Mallory ${windowTitle}\r${hyperlink}`

/** Any C0 control but line feed, DEL or a C1 control: what must never reach the terminal raw. */
const rawControls = (text: string): ReadonlyArray<number> =>
  [...text]
    .map((char) => char.charCodeAt(0))
    .filter((code) => code !== 0x0a && (code <= 0x1f || (code >= 0x7f && code <= 0x9f)))

const plain: Output = {
  json: false,
  rich: false,
  interactive: false,
  colorStdout: false,
  colorStderr: false,
  columns: 120,
}

describe("visible", () => {
  it("names the common controls and hex-escapes the rest", () => {
    expect(visible(title)).toBe(
      "Q3 \\e]0;pwned\\aresults \\e]8;;https://evil.example\\aclick me\\e]8;;\\a\\rAll clear",
    )
    expect(visible("a\u0000b\u007fc\u009bd\u0085e\tf\ng")).toBe("a\\x00b\\x7fc\\x9bd\\x85e\\tf\\ng")
  })

  it("leaves ordinary text, accents and emoji alone, and changes nothing when applied twice", () => {
    expect(visible("Zürich 🚀 日本")).toBe("Zürich 🚀 日本")
    expect(visible(visible(title))).toBe(visible(title))
  })

  it("keeps line breaks and tabs in multi-line text, folds Windows line ends, escapes a lone CR", () => {
    expect(visibleText("# Head\r\n\n\tcode\rover")).toBe("# Head\n\n\tcode\\rover")
    expect(visibleText(`body ${windowTitle}`)).toBe("body \\e]0;pwned\\a")
  })
})

describe("terminal renderers escape what they print", () => {
  const capture = (stream: NodeJS.WriteStream, run: () => void): string => {
    let written = ""
    const spy = vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      written += String(chunk)
      return true
    })
    try {
      run()
    } finally {
      spy.mockRestore()
    }
    return written
  }

  it("in plain lines, done lines and multi-line blocks on stdout", () => {
    const out = capture(process.stdout, () => {
      renderLines([title])
      renderDone(`Created draft "${title}"`, plain)
      renderText([`Summary\n${title}`])
    })
    expect(rawControls(out)).toEqual([])
    expect(out).toContain("\\e]0;pwned\\a")
    expect(out).toContain("Summary\nQ3 ")
  })

  it("in the server's error message on stderr, while --json keeps it as JSON", () => {
    const error = new CliError({ code: "Conflict", message: `A team named ${title} already exists.` })
    const stderr = capture(process.stderr, () => {
      renderFailure(error, plain)
    })
    expect(rawControls(stderr)).toEqual([])
    expect(stderr).toContain("\\e]8;;https://evil.example\\a")
    const stdout = capture(process.stdout, () => {
      capture(process.stderr, () => renderFailure(error, { ...plain, json: true }))
    })
    expect(rawControls(stdout)).toEqual([])
    expect(JSON.parse(stdout).error.message).toBe(`A team named ${title} already exists.`)
  })

  it("in tables and records, drawn plain or with Ink", () => {
    const cells = toCells([{ header: "TITLE", value: (row: { title: string }) => row.title }], [{ title }])
    expect(rawControls(plainTable(cells).join("\n"))).toEqual([])
    const table = render(<TableView cells={cells} color={false} />).lastFrame() ?? ""
    expect(rawControls(table)).toEqual([])
    expect(table).toContain("\\e]0;pwned")
    const record = render(<RecordView rows={[["title", cells.rows[0]![0]!.text]]} />).lastFrame() ?? ""
    expect(rawControls(record)).toEqual([])
  })
})

describe("folio prints stored titles and names escaped", () => {
  let server: TestServer
  let db: ReturnType<typeof databaseOf>
  let config: Awaited<ReturnType<typeof tempConfigDir>>
  let reportId = ""

  beforeAll(async () => {
    await assertFreshBuild()
    server = await startTestServer()
    db = databaseOf(server)
    config = await tempConfigDir()
    const login = await runFolio(
      ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
      { configDir: config.path, stdin: server.adminPassword },
    )
    expect(login.code, login.stderr).toBe(0)
    const token = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const created = await apiCall(server, token, "POST", "/reports", {
      title: "A harmless title",
      sector: "Technology",
      summary: "One line.\nAnother line.",
    })
    expect(created.status, await created.clone().text()).toBe(201)
    reportId = (await decodeBody(Report, created)).id
    // Rows stored before core refused control characters: written straight to the database.
    const body = `# Heading\n\nText ${windowTitle}after.`
    await db.query((sql) => sql`update reports set title = ${title}, body = ${body} where id = ${reportId}`)
    await db.user({
      email: "mallory@folio.test",
      name: userName,
      companyId: await db.publisherId(),
      role: "reader",
    })
  })

  afterAll(async () => {
    await config?.remove()
    await db?.close()
    await server?.stop()
  })

  const folio = (args: ReadonlyArray<string>) => runFolio(args, { configDir: config.path })

  it("`reports get` shows the title's escapes and keeps the body's line breaks", async () => {
    const run = await folio(["reports", "get", reportId])
    expect(run.code, run.stderr).toBe(0)
    expect(rawControls(run.stdout)).toEqual([])
    expect(run.stdout).toContain("Q3 \\e]0;pwned\\aresults \\e]8;;https://evil.example\\aclick me")
    expect(run.stdout).toContain("\\rAll clear")
    expect(run.stdout).toContain("One line.\nAnother line.")
    expect(run.stdout).toContain("# Heading\n\nText \\e]0;pwned\\aafter.")
  })

  it("`reports list` shows the title's escapes in its table", async () => {
    const run = await folio(["reports", "list"])
    expect(run.code, run.stderr).toBe(0)
    expect(rawControls(run.stdout)).toEqual([])
    expect(run.stdout).toContain("\\e]8;;https://evil.example\\a")
  })

  it("`users list` shows the name's escapes", async () => {
    const run = await folio(["users", "list"])
    expect(run.code, run.stderr).toBe(0)
    expect(rawControls(run.stdout)).toEqual([])
    expect(run.stdout).toContain("Mallory \\e]0;pwned\\a\\r\\e]8;;https://evil.example\\a")
  })

  it("--json keeps the text exact, with the controls escaped by JSON itself", async () => {
    const report = await folio(["reports", "get", reportId, "--json"])
    expect(report.code, report.stderr).toBe(0)
    expect(rawControls(report.stdout)).toEqual([])
    expect(JSON.parse(report.stdout).report.title).toBe(title)
    const users = await folio(["users", "list", "--json"])
    expect(rawControls(users.stdout)).toEqual([])
    expect(JSON.parse(users.stdout).users.map((user: { name: string }) => user.name)).toContain(userName)
  })
})
