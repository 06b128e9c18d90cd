import type { Episode } from "@folio/core"
import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useRef, useState } from "react"
import { episodeAudioUrl, podcastKeys, savePosition } from "../../../../api/podcasts"
import { playbackRates, rateLabel } from "./format"
import { HeardClock, reportEverySeconds, resumeAt } from "./playback"

/** Only one episode plays at a time: starting one pauses the others on the page. */
const pauseOthers = (playing: HTMLAudioElement) => {
  for (const audio of document.querySelectorAll("audio")) {
    if (audio !== playing && !audio.paused) audio.pause()
  }
}

/**
 * The episode's player: the browser's own `<audio>` controls (keyboard and screen-reader ready,
 * seeking with range requests), a speed choice, skips, resuming at my saved place, and the
 * position reported while it plays (every ~10 s, and on pause and end) so the next visit resumes.
 */
export const Player = ({ episode }: { readonly episode: Episode }) => {
  const ref = useRef<HTMLAudioElement>(null)
  const clock = useRef(new HeardClock())
  const [rate, setRate] = useState(1)
  const [resumedFrom, setResumedFrom] = useState<number | null>(null)
  const queryClient = useQueryClient()
  const speedId = useId()
  // Read once, when the audio loads: a later answer (after a position report) must not move the playhead.
  const saved = useRef({ position: episode.position, duration: episode.audio?.durationSeconds ?? null })

  useEffect(() => {
    const audio = ref.current
    if (audio === null) return
    const watch = clock.current
    let timer: ReturnType<typeof setInterval> | undefined
    let sentCompleted = false

    const report = (completed = false) => {
      const heardSeconds = watch.take(Date.now())
      const seconds = Math.min(
        86_400,
        Math.max(0, completed ? audio.duration || audio.currentTime : audio.currentTime),
      )
      if (!Number.isFinite(seconds)) return
      if (completed) sentCompleted = true
      // A lost report is not worth an error on screen: the next one carries the position again.
      void savePosition(episode.id, { seconds, heardSeconds, completed })
        .then(() => {
          if (completed) void queryClient.invalidateQueries({ queryKey: podcastKeys.episodeLists() })
        })
        .catch(() => undefined)
    }
    const stopTimer = () => {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
    }
    const onPlaying = () => {
      pauseOthers(audio)
      watch.play(Date.now(), audio.playbackRate)
      sentCompleted = false
      if (timer === undefined) timer = setInterval(() => report(), reportEverySeconds * 1000)
    }
    const onPause = () => {
      watch.stop(Date.now())
      stopTimer()
      if (!audio.ended) report()
    }
    const onWaiting = () => watch.stop(Date.now())
    const onEnded = () => {
      watch.stop(Date.now())
      stopTimer()
      if (!sentCompleted) report(true)
    }
    const onRate = () => {
      watch.setRate(Date.now(), audio.playbackRate)
      setRate(audio.playbackRate)
    }
    const onMetadata = () => {
      const { position, duration } = saved.current
      const start = resumeAt(position, Number.isFinite(audio.duration) ? audio.duration : duration)
      if (start > 0 && audio.currentTime < 1) {
        audio.currentTime = start
        setResumedFrom(start)
      }
    }
    audio.addEventListener("playing", onPlaying)
    audio.addEventListener("pause", onPause)
    audio.addEventListener("waiting", onWaiting)
    audio.addEventListener("ended", onEnded)
    audio.addEventListener("ratechange", onRate)
    audio.addEventListener("loadedmetadata", onMetadata)
    if (audio.readyState >= 1) onMetadata()
    return () => {
      audio.removeEventListener("playing", onPlaying)
      audio.removeEventListener("pause", onPause)
      audio.removeEventListener("waiting", onWaiting)
      audio.removeEventListener("ended", onEnded)
      audio.removeEventListener("ratechange", onRate)
      audio.removeEventListener("loadedmetadata", onMetadata)
      stopTimer()
      // Leaving the page while it plays: say where I stopped.
      if (watch.playing) report()
    }
  }, [episode.id, queryClient])

  const skip = (seconds: number) => {
    const audio = ref.current
    if (audio === null) return
    const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY
    audio.currentTime = Math.min(end, Math.max(0, audio.currentTime + seconds))
  }

  return (
    <Stack gap="xs">
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript, when there is one, is in the feed; episodes are speech without a caption track */}
      <audio
        ref={ref}
        src={episodeAudioUrl(episode.id)}
        preload="metadata"
        controls
        aria-label={`Play ${episode.title}`}
        style={{ width: "100%", display: "block" }}
        onPlay={(event) => {
          // The speed chosen before playing holds for this episode.
          event.currentTarget.playbackRate = rate
        }}
      />
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="wrap">
          <Button size="compact-sm" variant="default" onClick={() => skip(-15)} aria-label="Back 15 seconds">
            −15 s
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => skip(30)}
            aria-label="Forward 30 seconds"
          >
            +30 s
          </Button>
          <Group gap={6} wrap="nowrap">
            <Text component="label" htmlFor={speedId} fz="sm" c="dimmed">
              Speed
            </Text>
            <NativeSelect
              id={speedId}
              size="xs"
              w={84}
              value={String(rate)}
              data={playbackRates.map((option) => ({ value: String(option), label: rateLabel(option) }))}
              onChange={(event) => {
                const next = Number(event.currentTarget.value)
                setRate(next)
                const audio = ref.current
                if (audio !== null) {
                  audio.defaultPlaybackRate = next
                  audio.playbackRate = next
                }
              }}
            />
          </Group>
        </Group>
        {resumedFrom !== null && (
          <Text fz="xs" c="dimmed" aria-live="polite">
            Resumed where you left off
          </Text>
        )}
      </Group>
    </Stack>
  )
}
