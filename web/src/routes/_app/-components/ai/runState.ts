import type { AiProviderId, AiRun, AiRunId, AiStreamEvent } from "@folio/core"
import type { PanelErrorKind } from "./format"

export type PanelStatus = "waiting" | "streaming" | "done" | "failed" | "stopped"

/** One provider's answer on screen, while it streams and after. */
export interface Panel {
  readonly provider: AiProviderId
  readonly model: string | null
  readonly runId: AiRunId | null
  readonly text: string
  readonly status: PanelStatus
  /** The finished run (latency and usage as the server measured them). */
  readonly run: AiRun | null
  readonly error: { readonly kind: PanelErrorKind; readonly message: string } | null
  readonly startedAt: number
  readonly endedAt: number | null
}

export const startPanel = (provider: AiProviderId, now: number): Panel => ({
  provider,
  model: null,
  runId: null,
  text: "",
  status: "waiting",
  run: null,
  error: null,
  startedAt: now,
  endedAt: null,
})

export const isLive = (panel: Panel): boolean => panel.status === "waiting" || panel.status === "streaming"

/** The panel after one event of its stream. Events after the end are ignored. */
export const panelAfter = (panel: Panel, event: AiStreamEvent, now: number): Panel => {
  if (!isLive(panel)) return panel
  switch (event.type) {
    case "start":
      return { ...panel, runId: event.runId, model: event.model, status: "streaming" }
    case "delta":
      return { ...panel, text: panel.text + event.text, status: "streaming" }
    case "done":
      return {
        ...panel,
        runId: event.run.id,
        model: event.run.model,
        // The saved answer is the whole of it (the same text, unless a delta was lost on the way).
        text: event.run.output === "" ? panel.text : event.run.output,
        run: event.run,
        status: "done",
        endedAt: now,
      }
    case "error":
      return {
        ...panel,
        status: "failed",
        error: { kind: event.kind, message: event.message },
        endedAt: now,
      }
  }
}

/** Stopped from the console: what arrived is kept. */
export const panelStopped = (panel: Panel, now: number): Panel =>
  isLive(panel) ? { ...panel, status: "stopped", endedAt: now } : panel

export const panelFailed = (
  panel: Panel,
  error: { readonly kind: PanelErrorKind; readonly message: string },
  now: number,
): Panel => (isLive(panel) ? { ...panel, status: "failed", error, endedAt: now } : panel)

/** How long the run took: the server's measure once done, else the console's own. */
export const panelLatency = (panel: Panel): number | null =>
  panel.run?.latencyMs ?? (panel.endedAt === null ? null : panel.endedAt - panel.startedAt)
