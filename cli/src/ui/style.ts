import { styleText } from "node:util"

type Style = "red" | "yellow" | "green" | "dim" | "bold"

/** ANSI styling for plain-text lines, only when the stream may show colour. */
export const paint = (enabled: boolean, style: Style, text: string): string =>
  enabled ? styleText(style, text) : text
