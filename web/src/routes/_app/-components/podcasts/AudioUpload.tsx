import { type Episode, type EpisodeAudio, formatDuration, podcastUploadPath } from "@folio/core"
import { Alert, Box, Button, Code, Group, Input, Progress, SimpleGrid, Stack, Text } from "@mantine/core"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useRef, useState } from "react"
import { DetailedError, Upload } from "tus-js-client"
import { episodeQueryOptions, podcastKeys } from "../../../../api/podcasts"
import { folioHeaders } from "../../../../api/requestHeaders"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { acceptedAudio, formatBitrate, formatBytes, formatLabels, formatRate } from "./format"
import { audioLimitLabel, audioTypeOf, percentOf, precheckAudio } from "./upload"

/** What the server answered, in its own words when it gave some (a refusal is plain text). */
const uploadErrorText = (error: Error): string => {
  if (error instanceof DetailedError && error.originalResponse !== null) {
    const status = error.originalResponse.getStatus()
    const body = error.originalResponse.getBody()?.trim() ?? ""
    if (body !== "") {
      try {
        const parsed = JSON.parse(body) as { message?: unknown }
        if (typeof parsed.message === "string") return parsed.message
      } catch {
        // plain text, as the upload endpoint answers
      }
      return body
    }
    return `The server refused the upload (${status}).`
  }
  return "The connection to the server dropped. Try again: the upload continues where it stopped."
}

/** Whether a failed request is worth repeating by itself (a dropped connection, a busy server). */
const worthRetrying = (error: DetailedError): boolean => {
  const status = error.originalResponse?.getStatus() ?? 0
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429
}

interface Progressing {
  readonly sent: number
  readonly total: number
  readonly rate: number | null
}

type UploadState =
  | { readonly kind: "idle" }
  | {
      readonly kind: "uploading"
      readonly file: File
      readonly progress: Progressing
      readonly resumedAt: number | null
    }
  | { readonly kind: "failed"; readonly file: File | null; readonly message: string }
  | { readonly kind: "stopped"; readonly file: File; readonly progress: Progressing }
  | { readonly kind: "done" }

/** Bytes a second over the last few seconds of progress. */
const rateMeter = () => {
  const samples: Array<readonly [number, number]> = []
  return (sent: number): number | null => {
    const now = performance.now()
    samples.push([now, sent])
    while (samples.length > 2 && now - (samples[0]?.[0] ?? now) > 4000) samples.shift()
    const first = samples[0]
    if (first === undefined || now - first[0] < 500) return null
    return Math.max(0, ((sent - first[1]) * 1000) / (now - first[0]))
  }
}

/** What the server read from the file itself. */
export const AudioDetails = ({ audio }: { readonly audio: EpisodeAudio }) => (
  <Stack gap="xs" aria-label="What the server read" role="group">
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
      <Detail label="Format" value={formatLabels[audio.format]} />
      <Detail label="Duration" value={formatDuration(audio.durationSeconds)} />
      <Detail label="Bitrate" value={audio.bitrate === null ? "—" : formatBitrate(audio.bitrate)} />
      <Detail label="Size" value={formatBytes(audio.sizeBytes)} />
    </SimpleGrid>
    <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
      {audio.originalName} · SHA-256 <Code fz="xs">{audio.sha256}</Code>
    </Text>
  </Stack>
)

const Detail = ({ label, value }: { readonly label: string; readonly value: string }) => {
  const id = useId()
  return (
    <Box role="group" aria-labelledby={id}>
      <Text fz="xs" c="dimmed" id={id}>
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {value}
      </Text>
    </Box>
  )
}

/**
 * The episode's audio, sent with the tus resumable-upload protocol: progress with bytes and rate,
 * cancel, and a reload or a dropped connection continues where the server got to (tus-js-client
 * keeps the upload's address in localStorage under the file's fingerprint).
 */
export const AudioUpload = ({ episode }: { readonly episode: Episode }) => {
  const queryClient = useQueryClient()
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const upload = useRef<Upload | null>(null)
  const [state, setState] = useState<UploadState>({ kind: "idle" })

  // Leaving the dialog stops sending; the next pick of the same file continues from there.
  useEffect(
    () => () => {
      void upload.current?.abort(false)
    },
    [],
  )

  const start = (file: File) => {
    const refused = precheckAudio(file)
    if (refused !== null) {
      setState({ kind: "failed", file: null, message: refused })
      return
    }
    const meter = rateMeter()
    let resumedAt: number | null = null
    const next = new Upload(file, {
      endpoint: podcastUploadPath,
      metadata: {
        episodeId: episode.id,
        filename: file.name,
        filetype: file.type || audioTypeOf(file.name),
      },
      headers: folioHeaders(true),
      // Chunks, so what reached the server stays there when the connection drops.
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      // One upload per episode and file: another episode's upload of the same file is its own.
      fingerprint: async (source) =>
        [
          "folio-podcast",
          episode.id,
          (source as File).name,
          (source as File).size,
          (source as File).lastModified,
        ].join("-"),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: worthRetrying,
      onAfterResponse: (request, response) => {
        // Resuming asks the server how far it got (HEAD): say so before the bytes flow again.
        if (request.getMethod() !== "HEAD") return
        const offset = Number.parseInt(response.getHeader("Upload-Offset") ?? "", 10)
        if (Number.isFinite(offset) && offset > 0) {
          resumedAt = offset
          setState({
            kind: "uploading",
            file,
            progress: { sent: offset, total: file.size, rate: null },
            resumedAt: offset,
          })
        }
      },
      onProgress: (sent, total) =>
        setState({ kind: "uploading", file, progress: { sent, total, rate: meter(sent) }, resumedAt }),
      onError: (error) => {
        upload.current = null
        setState({ kind: "failed", file, message: uploadErrorText(error) })
      },
      onSuccess: async () => {
        upload.current = null
        // The server read the file when the last byte arrived: show what it found.
        await queryClient.fetchQuery({ ...episodeQueryOptions(episode.id), staleTime: 0 })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: podcastKeys.episodeLists() }),
          queryClient.invalidateQueries({ queryKey: podcastKeys.shows() }),
        ])
        setState({ kind: "done" })
      },
    })
    upload.current = next
    setState({
      kind: "uploading",
      file,
      progress: { sent: 0, total: file.size, rate: null },
      resumedAt: null,
    })
    void next.findPreviousUploads().then((previous) => {
      const last = previous[0]
      if (last !== undefined) next.resumeFromPreviousUpload(last)
      next.start()
    })
  }

  const cancel = () => {
    const current = upload.current
    if (current === null || state.kind !== "uploading") return
    upload.current = null
    void current.abort(false)
    setState({ kind: "stopped", file: state.file, progress: state.progress })
  }

  const busy = state.kind === "uploading"
  return (
    <Stack gap="md">
      {episode.audio !== null && state.kind !== "uploading" && (
        <Stack gap={6}>
          <Group gap={6}>
            <CheckIcon size={16} />
            <Text fz="sm" fw={500}>
              {state.kind === "done" ? "Uploaded. The server read:" : "Current audio"}
            </Text>
          </Group>
          <AudioDetails audio={episode.audio} />
        </Stack>
      )}
      <Input.Wrapper
        label={episode.audio === null ? "Audio file" : "Replace the audio file"}
        description={`MP3, M4A or WAV, up to ${audioLimitLabel}. An upload cut off continues where it stopped when you pick the same file again.`}
        id={`${inputId}-wrapper`}
        labelProps={{ htmlFor: inputId }}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptedAudio}
          disabled={busy}
          style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (file !== undefined) start(file)
            event.currentTarget.value = ""
          }}
        />
      </Input.Wrapper>
      {state.kind === "uploading" && (
        <Stack gap={6}>
          {state.resumedAt !== null && (
            <Text fz="sm" c="indigo" fw={500}>
              Resuming at {percentOf({ sent: state.resumedAt, total: state.progress.total })}%
            </Text>
          )}
          <Progress
            value={percentOf(state.progress)}
            size="lg"
            radius="xl"
            animated
            aria-label={`Uploading ${state.file.name}`}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="sm" aria-live="polite">
              {percentOf(state.progress)}% · {formatBytes(state.progress.sent)} of{" "}
              {formatBytes(state.progress.total)}
              {state.progress.rate !== null && ` · ${formatRate(state.progress.rate)}`}
            </Text>
            <Button size="xs" variant="default" onClick={cancel}>
              Cancel upload
            </Button>
          </Group>
        </Stack>
      )}
      {state.kind === "stopped" && (
        <Alert color="gray" variant="light" icon={<AlertIcon />} title="Upload stopped">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              Stopped at {percentOf(state.progress)}% of {state.file.name}. Continue now, or pick the same
              file later.
            </Text>
            <Button size="xs" variant="default" onClick={() => start(state.file)}>
              Continue the upload
            </Button>
          </Stack>
        </Alert>
      )}
      {state.kind === "failed" && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title="The audio was not uploaded"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {state.message}
            </Text>
            {state.file !== null && (
              <Button size="xs" variant="default" onClick={() => state.file && start(state.file)}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
