import { PasswordInput } from "@inkjs/ui"
import { Box, render, Text } from "ink"
import { useState } from "react"
import { CliError } from "../cliError.js"
import type { Output } from "./output.js"

const PasswordPrompt = ({
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
  const [empty, setEmpty] = useState(false)
  return (
    <Box flexDirection="column">
      <Box>
        <Text>{label} </Text>
        <PasswordInput
          onChange={() => setEmpty(false)}
          onSubmit={(value) => {
            if (value.length === 0) setEmpty(true)
            else onSubmit(value)
          }}
        />
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
