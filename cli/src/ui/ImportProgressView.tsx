import { plural } from "@folio/core"
import { Spinner } from "@inkjs/ui"
import { Box, Text } from "ink"
import { type ProgressState, progressDetails, rates } from "./importProgress.js"
import { mountLiveView, useNow } from "./liveView.js"
import type { Output } from "./output.js"

const n = (value: number): string => value.toLocaleString("en-US")

export const Bar = ({ percent, width }: { readonly percent: number; readonly width: number }) => {
  const filled = Math.max(0, Math.min(width, Math.round((percent / 100) * width)))
  return (
    <Text>
      <Text color="green">{"█".repeat(filled)}</Text>
      <Text dimColor>{"░".repeat(width - filled)}</Text>
    </Text>
  )
}

export const ImportProgress = ({
  state,
  columns,
  now,
}: {
  readonly state: ProgressState
  readonly columns: number
  /** Fixed in tests; the live view ticks. */
  readonly now?: number
}) => {
  const ticking = useNow()
  const at = now ?? ticking
  const { percent } = rates(state, at)
  const counts = `${plural(state.sent, "row")}${percent === null ? "" : `  ${String(percent).padStart(3)}% read`}`
  const width = Math.max(10, Math.min(40, columns - counts.length - 6))
  const label =
    state.phase === "stopping"
      ? "Stopping after the batches in flight… (Ctrl-C again to quit at once)"
      : `${state.dryRun ? "Checking" : "Importing"} batch ${n(state.batchesDone + 1)} (${n(state.read)} rows read)`
  const [rate, eta, errors] = progressDetails(state, at)
  return (
    <Box flexDirection="column">
      <Spinner label={label} />
      <Box>
        {percent === null ? null : <Bar percent={percent} width={width} />}
        <Text> {counts}</Text>
      </Box>
      <Text>
        <Text dimColor>{rate}</Text>
        <Text dimColor> · </Text>
        <Text dimColor>{eta}</Text>
        <Text dimColor> · </Text>
        <Text color={state.errors > 0 ? "red" : "green"}>{errors}</Text>
      </Text>
      {state.retry === null ? null : <Text color="yellow">{state.retry}</Text>}
    </Box>
  )
}

/** Mounts the live bar on stderr; `update` redraws it, `close` erases it. */
export const mountImportProgress = (state: ProgressState, out: Output) =>
  mountLiveView(ImportProgress, state, out)
