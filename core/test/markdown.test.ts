import { describe, expect, it } from "vitest"
import { transitionProblem, transitionsFrom } from "../src/domain/reportLifecycle.js"
import { markdownToText, renderMarkdown } from "../src/markdown.js"

describe("Markdown", () => {
  it("escapes raw HTML and refuses javascript: links", () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="y">')
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("<img")
    expect(html).not.toContain('href="javascript')
  })

  it("opens outside links in a new tab without an opener", () => {
    expect(renderMarkdown("[Site](https://example.com)")).toContain('rel="noopener noreferrer"')
  })

  it("gives plain text for snippets", () => {
    expect(markdownToText("# Title\n\n**Bold** & <b>")).toBe("Title Bold & <b>")
  })
})

describe("report lifecycle", () => {
  it("offers the transitions of each status", () => {
    expect(transitionsFrom("draft")).toEqual(["submit"])
    expect(transitionsFrom("in_review")).toEqual(["return", "approve"])
    expect(transitionsFrom("approved")).toEqual(["publish"])
    expect(transitionsFrom("published")).toEqual(["archive"])
    expect(transitionsFrom("archived")).toEqual(["restore"])
  })

  it("explains a transition that does not apply", () => {
    expect(transitionProblem("publish", "draft")).toContain("it must be approved")
    expect(transitionProblem("publish", "approved")).toBeUndefined()
  })
})
