import { createHash } from "node:crypto"
import type { ExceptionValue, StackFrame } from "@folio/core"

/**
 * How events group into issues: the exception type, its message with the parts that vary between
 * occurrences replaced (quoted strings, UUIDs, hex ids, numbers), and the top in-app frame. Two
 * deployments of the same code group together: hashed asset names lose their hash.
 */
export const normaliseMessage = (message: string): string =>
  message
    .replace(/"[^"\n]*"|'[^'\n]*'|`[^`\n]*`/g, "<str>")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>")
    .replace(/\b(?:0x)?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<hex>")
    .replace(/\d+(?:\.\d+)?/g, "<n>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500)

/** `https://host/assets/reports-DhXk3_9a.js?v=1` → `/assets/reports.js`. */
export const normaliseFilename = (filename: string): string => {
  const path = filename.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "")
  // Vite's content hash: 8 base64url characters before the extension.
  return path.replace(/[-.][A-Za-z0-9_-]{8}(?=\.(?:m?js|css)$)/, "")
}

/** The throwing exception is the last of the chain (Sentry lists linked causes first). */
export const primaryException = (exceptions: ReadonlyArray<ExceptionValue>): ExceptionValue | undefined =>
  exceptions.at(-1)

/** The frame closest to the throw that is our code (frames run outermost first). */
export const topInAppFrame = (exception: ExceptionValue | undefined): StackFrame | undefined =>
  exception?.frames.findLast((frame) => frame.inApp)

/** `function (file:line)`, the issue's culprit as shown in the inbox. */
export const culpritOf = (frame: StackFrame | undefined): string | null => {
  if (frame === undefined) return null
  const where =
    frame.filename === null ? "" : `${frame.filename}${frame.lineno === null ? "" : `:${frame.lineno}`}`
  const name = frame.function ?? "<anonymous>"
  return where === "" ? name : `${name} (${where})`
}

export const fingerprintOf = (type: string, message: string, frame: StackFrame | undefined): string =>
  createHash("sha256")
    .update(
      [
        type,
        normaliseMessage(message),
        frame?.function ?? "",
        frame?.filename ? normaliseFilename(frame.filename) : "",
      ].join("\n"),
    )
    .digest("hex")
    .slice(0, 32)
