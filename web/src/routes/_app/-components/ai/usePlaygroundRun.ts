import type { AiProviderId, AiRunRequest } from "@folio/core"
import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useEffect, useRef, useState } from "react"
import { AiRunRefused, AiStreamCut, aiKeys, streamAiRun } from "../../../../api/ai"
import { actionErrorText } from "../directory/forms"
import { isLive, type Panel, panelAfter, panelFailed, panelStopped, startPanel } from "./runState"

export type RunInput = Omit<typeof AiRunRequest.Encoded, "provider">

const failureOf = (error: unknown): NonNullable<Panel["error"]> => {
  if (error instanceof AiRunRefused) return { kind: "refused", message: error.message }
  if (error instanceof AiStreamCut) return { kind: "cut", message: error.message }
  if (error instanceof TypeError) return { kind: "cut", message: "The server could not be reached." }
  return { kind: "refused", message: actionErrorText(error) }
}

/**
 * The runs on screen: one panel per provider, filled as their streams arrive. `stop` closes the
 * requests (the server cancels the runs and the providers' requests); what arrived stays.
 */
export const usePlaygroundRun = () => {
  const queryClient = useQueryClient()
  const [panels, setPanels] = useState<ReadonlyArray<Panel>>([])
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const run = useCallback(
    async (input: RunInput, providers: ReadonlyArray<AiProviderId>) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      const started = performance.now()
      setPanels(providers.map((provider) => startPanel(provider, started)))
      const update = (index: number, next: (panel: Panel) => Panel) => {
        // A run replaced by a newer one no longer writes to the screen.
        if (controller.current !== current) return
        setPanels((all) => all.map((panel, at) => (at === index ? next(panel) : panel)))
      }
      await Promise.all(
        providers.map((provider, index) =>
          streamAiRun(
            { ...input, provider },
            {
              signal: current.signal,
              onEvent: (event) => update(index, (panel) => panelAfter(panel, event, performance.now())),
            },
          ).catch((error: unknown) =>
            update(index, (panel) =>
              current.signal.aborted
                ? panelStopped(panel, performance.now())
                : panelFailed(panel, failureOf(error), performance.now()),
            ),
          ),
        ),
      )
      if (controller.current === current) controller.current = null
      void queryClient.invalidateQueries({ queryKey: aiKeys.runLists() })
    },
    [queryClient],
  )

  const stop = useCallback(() => controller.current?.abort(), [])

  return { panels, running: panels.some(isLive), run, stop }
}
