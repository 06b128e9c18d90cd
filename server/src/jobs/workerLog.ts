import { Logger } from "graphile-worker"

type Write = (level: "error" | "warning" | "info" | "debug", message: string, meta?: unknown) => void

/**
 * graphile-worker's log, narrowed to what an operator needs: warnings and errors go to `write`
 * (the server's log when running; stderr during migrations), the chatter of every job is dropped.
 */
export const workerLogger = (
  write: Write = (level, message) => {
    if (level === "error" || level === "warning") console.error(`graphile-worker ${level}: ${message}`)
  },
) =>
  new Logger(() => (level, message, meta) => {
    if (level === "error" || level === "warning") write(level, message, meta)
  })
