import { Textarea, type TextareaProps } from "@mantine/core"

/** A JSON value as text: monospace, no spelling marks, growing with its content up to a point. */
export const JsonField = (props: Omit<TextareaProps, "autosize" | "ff">) => (
  <Textarea
    autosize
    minRows={2}
    maxRows={14}
    spellCheck={false}
    autoCapitalize="off"
    autoCorrect="off"
    styles={{
      input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-sm)" },
    }}
    {...props}
  />
)
