import { render } from "ink-testing-library"
import { describe, expect, it, vi } from "vitest"
import { PasswordPrompt } from "../src/ui/PasswordPrompt.js"

const prompt = (onSubmit: (password: string) => void) =>
  render(
    <PasswordPrompt label="Password:" emptyText="Enter your password" color={false} onSubmit={onSubmit} />,
  )

describe("the password prompt of folio login", () => {
  it("submits a pasted password whose Enter arrives in the same chunk, without the line break", async () => {
    const onSubmit = vi.fn()
    const { stdin, lastFrame } = prompt(onSubmit)
    await vi.waitFor(() => expect(lastFrame()).toContain("Password:"))
    stdin.write("secret\r")
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("secret"))
    expect(lastFrame()).not.toContain("secret")
  })

  it("submits typed keys on Enter, with backspace, and asks again on an empty Enter", async () => {
    const onSubmit = vi.fn()
    const { stdin, lastFrame } = prompt(onSubmit)
    await vi.waitFor(() => expect(lastFrame()).toContain("Password:"))
    stdin.write("\r")
    await vi.waitFor(() => expect(lastFrame()).toContain("Enter your password (Ctrl+C cancels)."))
    for (const key of ["a", "b", "x", "\u007f", "c"]) {
      stdin.write(key)
      await vi.waitFor(() => expect(lastFrame()).toMatch(/Password: \*+/))
    }
    await vi.waitFor(() => expect(lastFrame()).toContain("Password: ***"))
    stdin.write("\r")
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("abc"))
  })
})
