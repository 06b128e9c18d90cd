import type { AiTemplateId } from "@folio/core"
import { Chunk, Duration, Effect, Stream } from "effect"
import type { AiFailure, ProviderEvent } from "./openai.js"

/** What the offline provider reads (server/src/ai/offline.ts). */
export interface OfflineInput {
  readonly template: AiTemplateId
  readonly title: string
  readonly summary: string
  readonly body: string
  readonly tickers: ReadonlyArray<string>
  readonly prompt: string
  readonly knownTickers: ReadonlyArray<string>
}

interface OfflineModule {
  readonly runOffline: (input: OfflineInput) => string
  readonly offlineModel: string
}

// TODO(issue 19): a static import of ./offline.js once it lands (another helper writes it).
const offlinePath = "./offline.js"
const offline = (): Promise<OfflineModule> => import(offlinePath) as Promise<OfflineModule>

/** The answer in the pieces a reader sees arrive: each line, long lines sentence by sentence. */
export const piecesOf = (text: string): ReadonlyArray<string> =>
  text.split(/(?<=\n)/).flatMap((line) => (line.length <= 160 ? [line] : line.split(/(?<=[.!?]\s)/)))

/** A pause between pieces, so the console shows the answer arriving as it does from a model. */
const pause = Duration.millis(12)

/**
 * The offline provider's answer as a stream: computed at once (deterministic, no network), then
 * sent piece by piece; usage is its characters (no tokens, no cost).
 */
export const offlineStream = (input: OfflineInput): Stream.Stream<ProviderEvent, AiFailure> =>
  Stream.unwrap(
    Effect.promise(offline).pipe(
      Effect.map(({ runOffline }) => {
        const pieces = piecesOf(runOffline(input))
        return Stream.fromChunk(Chunk.fromIterable(pieces.map((text, index) => ({ text, index })))).pipe(
          Stream.mapEffect(({ text, index }) =>
            index === 0 ? Effect.succeed(text) : Effect.as(Effect.sleep(pause), text),
          ),
          Stream.map((text): ProviderEvent => ({ type: "delta", text })),
        )
      }),
    ),
  )
