import { Effect, Schema } from "effect"
import { MediaStore } from "./storage.js"

const Payload = Schema.Struct({
  keys: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
  uploads: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
})

/**
 * `podcast_media_delete`: removes stored objects (`keys`) and tus uploads with their bookkeeping
 * (`uploads`). Queued in the transaction that stopped needing them; removing what is already
 * gone is no error, so a retried job finishes.
 */
export const podcastMediaDeleteTask = (payload: unknown) =>
  Effect.gen(function* () {
    const { keys, uploads } = yield* Schema.decodeUnknown(Payload)(payload)
    const store = yield* MediaStore
    yield* Effect.forEach(keys, (key) => store.remove(key), { concurrency: 4, discard: true })
    yield* Effect.forEach(uploads, (id) => store.removeUpload(id), { concurrency: 4, discard: true })
  })
