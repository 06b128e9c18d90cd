import {
  type AiProvider,
  type AiRun,
  type AiRunId,
  type AiRunPage,
  type AiRunRequest,
  AiStreamEvent,
  aiRunPath,
} from "@folio/core"
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query"
import { Either, Schema } from "effect"
import { createParser } from "eventsource-parser"
import { noteServerDeployment } from "./deployment"
import { lazyApi } from "./lazy"
import { errorTextOf, folioHeaders } from "./requestHeaders"

export const aiKeys = {
  all: ["ai"] as const,
  providers: () => [...aiKeys.all, "providers"] as const,
  runLists: () => [...aiKeys.all, "runs"] as const,
  run: (id: AiRunId) => [...aiKeys.all, "run", id] as const,
}

export const aiRunPageSize = 20

/** The providers and whether each can be used (the OpenAI-compatible one once an admin configured it). */
export const aiProvidersQueryOptions = () =>
  queryOptions({
    queryKey: aiKeys.providers(),
    queryFn: (): Promise<ReadonlyArray<AiProvider>> => lazyApi((client) => client.ai.providers()),
    staleTime: 30_000,
  })

/** My saved runs, newest first, one keyset page after another ("Load more"). */
export const aiRunsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: aiKeys.runLists(),
    queryFn: ({ pageParam }): Promise<AiRunPage> =>
      lazyApi((client) =>
        client.ai.runs({
          urlParams: { limit: aiRunPageSize, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** One of my runs with its input, prompt and answer. */
export const aiRunQueryOptions = (id: AiRunId) =>
  queryOptions({
    queryKey: aiKeys.run(id),
    queryFn: (): Promise<AiRun> => lazyApi((client) => client.ai.run({ path: { runId: id } })),
  })

export const deleteAiRun = (id: AiRunId): Promise<void> =>
  lazyApi((client) => client.ai.deleteRun({ path: { runId: id } }))

/** The server refused to start a run (400, 403, 404…), in its own words. */
export class AiRunRefused extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = "AiRunRefused"
    this.status = status
  }
}

/** The stream ended without saying how the run ended (the connection dropped). */
export class AiStreamCut extends Error {
  constructor() {
    super("The connection closed before the answer was complete. What arrived is shown.")
    this.name = "AiStreamCut"
  }
}

const decodeEvent = Schema.decodeUnknownEither(Schema.parseJson(AiStreamEvent))

/**
 * Starts a run and calls `onEvent` for each event of its stream (`start`, `delta`…, then `done`
 * or `error`), settling once the stream ends. Aborting `signal` closes the request, which cancels
 * the run and the provider's request on the server; the promise then rejects with the abort.
 */
export const streamAiRun = async (
  request: typeof AiRunRequest.Encoded,
  { signal, onEvent }: { readonly signal: AbortSignal; readonly onEvent: (event: AiStreamEvent) => void },
): Promise<void> => {
  const response = await fetch(aiRunPath, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      ...folioHeaders(true),
      "content-type": "application/json",
      accept: "text/event-stream",
    },
    body: JSON.stringify(request),
    signal,
  })
  noteServerDeployment(response.headers)
  if (!response.ok || response.body === null) {
    throw new AiRunRefused(response.status, await errorTextOf(response))
  }
  let ended = false
  const parser = createParser({
    onEvent: (message) => {
      const decoded = decodeEvent(message.data)
      // An event this console does not know (a newer server) is skipped, not fatal.
      if (Either.isLeft(decoded)) return
      if (decoded.right.type === "done" || decoded.right.type === "error") ended = true
      onEvent(decoded.right)
    },
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(value)
    }
  } finally {
    reader.releaseLock()
  }
  if (!ended) throw new AiStreamCut()
}
