import { Chunk, Duration, Effect, Stream } from "effect"
import { type OfflineInput, runOffline } from "./offline.js"
import type { AiFailure, ProviderEvent } from "./openai.js"

/** The answer in the pieces a reader sees arrive: each line, long lines sentence by sentence. */
export const piecesOf = (text: string): ReadonlyArray<string> =>
  text.split(/(?<=\n)/).flatMap((line) => (line.length <= 160 ? [line] : line.split(/(?<=[.!?]\s)/)))

/** A pause between pieces, so the console shows the answer arriving as it does from a model. */
const pause = Duration.millis(12)

/**
 * The offline provider's answer as a stream: computed at once (deterministic, no network), then
 * sent piece by piece; its usage is its characters (no tokens, no cost).
 */
export const offlineStream = (input: OfflineInput): Stream.Stream<ProviderEvent, AiFailure> =>
  Stream.unwrap(
    Effect.sync(() => piecesOf(runOffline(input))).pipe(
      Effect.map((pieces) =>
        Stream.fromChunk(Chunk.fromIterable(pieces.map((text, index) => ({ text, index })))).pipe(
          Stream.mapEffect(({ text, index }) =>
            index === 0 ? Effect.succeed(text) : Effect.as(Effect.sleep(pause), text),
          ),
          Stream.map((text): ProviderEvent => ({ type: "delta", text })),
        ),
      ),
    ),
  )
