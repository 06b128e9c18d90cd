/** How long the player waits between two reports of the position while it plays. */
export const reportEverySeconds = 10

/** The most heard time one report may carry (core's `PlaybackPosition.heardSeconds`). */
export const heardCapSeconds = 120

/**
 * Counts the time actually heard between two position reports: wall-clock time while playing,
 * times the playback rate of each stretch (90 s at 2× is 180 s of the episode heard). Seeking
 * adds nothing; pausing stops the clock.
 */
export class HeardClock {
  private heard = 0
  private since: number | null = null
  private rate = 1

  /** Playback started (or resumed) at `now` (ms). */
  play(now: number, rate: number): void {
    this.settle(now)
    this.rate = rate
    this.since = now
  }

  /** Playback stopped (pause, end, waiting for data) at `now`. */
  stop(now: number): void {
    this.settle(now)
    this.since = null
  }

  /** The speed changed at `now`: what was heard so far counts at the old one. */
  setRate(now: number, rate: number): void {
    this.settle(now)
    this.rate = rate
  }

  get playing(): boolean {
    return this.since !== null
  }

  /** The seconds heard since the last `take`, at most `heardCapSeconds`; starts counting afresh. */
  take(now: number): number {
    this.settle(now)
    const heard = Math.min(heardCapSeconds, this.heard)
    this.heard = 0
    return Math.round(heard * 1000) / 1000
  }

  private settle(now: number): void {
    if (this.since === null) return
    this.heard += (Math.max(0, now - this.since) / 1000) * this.rate
    this.since = now
  }
}

/**
 * Where to start an episode I heard part of: my saved place, unless I finished it or the place is
 * in its last few seconds (then from the start).
 */
export const resumeAt = (
  position: { readonly seconds: number; readonly completed: boolean } | null,
  durationSeconds: number | null,
): number => {
  if (position === null || position.completed || position.seconds < 1) return 0
  if (durationSeconds !== null && Number.isFinite(durationSeconds) && position.seconds >= durationSeconds - 5)
    return 0
  return position.seconds
}
