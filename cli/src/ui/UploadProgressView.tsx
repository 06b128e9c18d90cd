import { Spinner } from "@inkjs/ui"
import { Box, Text } from "ink"
import { Bar } from "./ImportProgressView.js"
import { formatBytes, formatDuration } from "./importProgress.js"
import { mountLiveView, useNow } from "./liveView.js"
import type { Output } from "./output.js"
import { visible } from "./terminalText.js"
import { type UploadState, uploadFigures } from "./uploadProgress.js"

export const UploadProgress = ({
  state,
  columns,
  now,
}: {
  readonly state: UploadState
  readonly columns: number
  /** Fixed in tests; the live view ticks. */
  readonly now?: number
}) => {
  const ticking = useNow()
  const at = now ?? ticking
  const { percent, bytesPerSecond, etaMs } = uploadFigures(state, at)
  const counts = `${String(percent).padStart(3)}%  ${formatBytes(state.sent)} of ${formatBytes(state.total)}`
  const width = Math.max(10, Math.min(40, columns - counts.length - 6))
  return (
    <Box flexDirection="column">
      <Spinner label={`Uploading ${visible(state.name)}`} />
      <Box>
        <Bar percent={percent} width={width} />
        <Text> {counts}</Text>
      </Box>
      <Text dimColor>
        {bytesPerSecond === null ? "- MB/s" : `${formatBytes(Math.round(bytesPerSecond))}/s`} ·{" "}
        {etaMs === null ? "ETA -" : `ETA ${formatDuration(etaMs)}`}
      </Text>
      {state.retry === null ? null : <Text color="yellow">{visible(state.retry)}</Text>}
    </Box>
  )
}

/** Mounts the live bar on stderr; `update` redraws it, `close` erases it. */
export const mountUploadProgress = (state: UploadState, out: Output) =>
  mountLiveView(UploadProgress, state, out)
