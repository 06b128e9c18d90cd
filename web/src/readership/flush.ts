/**
 * The tracker's queue, as sign-out sees it without loading the tracker: sign-out posts what the
 * old session still holds, then lets the rest go, so nothing is later counted for, or refused to,
 * whoever signs in next in this tab.
 */

let flushQueue: (() => Promise<void>) | undefined

/** Set by the tracker once it has a queue. */
export const setReadershipFlush = (flush: () => Promise<void>): void => {
  flushQueue = flush
}

/** Sends the queued events and empties the queue; gives up waiting after `timeoutMs`. Never rejects. */
export const flushReadership = async (timeoutMs = 3_000): Promise<void> => {
  if (flushQueue === undefined) return
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    flushQueue().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
    }),
  ])
  clearTimeout(timer)
}
