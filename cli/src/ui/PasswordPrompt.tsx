import { Box, render, Text, useInput } from "ink"
import { useState } from "react"
import { CliError } from "../cliError.js"
import type { Output } from "./output.js"

/**
 * A masked input that submits on Enter — also when Enter arrives in the same chunk as the text,
 * as a pasted password does (`@inkjs/ui`'s PasswordInput took that "\r" as part of the value).
 */
export const PasswordPrompt = ({
  label,
  emptyText,
  color,
  onSubmit,
}: {
  readonly label: string
  readonly emptyText: string
  readonly color: boolean
  readonly onSubmit: (password: string) => void
}) => {
  const [value, setValue] = useState("")
  const [empty, setEmpty] = useState(false)
  const submit = (password: string) => {
    if (password.length === 0) setEmpty(true)
    else onSubmit(password)
  }
  useInput((input, key) => {
    if (key.return) return submit(value)
    if (key.backspace || key.delete) return setValue((current) => current.slice(0, -1))
    if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow) return
    if (key.leftArrow || key.rightArrow) return
    const enter = input.search(/[\r\n]/)
    setEmpty(false)
    if (enter === -1) return setValue((current) => current + input)
    const password = value + input.slice(0, enter)
    setValue(password)
    submit(password)
  })
  return (
    <Box flexDirection="column">
      <Box>
        <Text>{label} </Text>
        <Text>{"*".repeat(value.length)}</Text>
      </Box>
      {empty ? <Text {...(color ? { color: "red" } : {})}>{emptyText} (Ctrl+C cancels).</Text> : null}
    </Box>
  )
}

/** Draws the prompt on stderr so stdout keeps only results. Ctrl+C cancels with exit code 130. */
export const askPassword = (label: string, out: Output, emptyText = "Enter your password"): Promise<string> =>
  new Promise((resolve, reject) => {
    let password: string | undefined
    const instance = render(
      <PasswordPrompt
        label={label}
        emptyText={emptyText}
        color={out.colorStderr}
        onSubmit={(value) => {
          password = value
          instance.unmount()
        }}
      />,
      { stdout: process.stderr, patchConsole: false, exitOnCtrlC: true },
    )
    instance
      .waitUntilExit()
      .then(
        () =>
          password === undefined
            ? reject(new CliError({ code: "Cancelled", message: "Cancelled.", exitCode: 130 }))
            : resolve(password),
        reject,
      )
  })
