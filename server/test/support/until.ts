/**
 * Polls `check` until it gives a value, for work a test waits on (a job, a release): the deadline
 * is generous, since a loaded CI machine is slow, and no assertion depends on how fast it was.
 */
export const until = async <A>(
  what: string,
  check: () => Promise<A | undefined>,
  seconds = 45,
): Promise<A> => {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${seconds} s waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}
