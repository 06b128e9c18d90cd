import { once } from "node:events"
import type { AddressInfo } from "node:net"
import PostalMime from "postal-mime"
import { SMTPServer } from "smtp-server"

export interface HeaderMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Header fields by lower-case name (the last one of a name). */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * A real SMTP server on loopback that keeps what it receives with its header fields, for tests
 * of mail headers (List-Unsubscribe). `refuse(address, n)` makes it answer the next n messages
 * to that address with a temporary failure (451), as a busy relay does.
 */
export const startHeaderMailbox = async () => {
  const refusals = new Map<string, number>()
  const received: Array<HeaderMail> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(", ")
        const refusing = refusals.get(to) ?? 0
        if (refusing > 0) {
          refusals.set(to, refusing - 1)
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }))
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({
              to,
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
              headers: Object.fromEntries(email.headers.map((h) => [h.key.toLowerCase(), h.value])),
            })
            callback()
          })
          .catch(callback)
      })
    },
  })
  server.listen(0, "127.0.0.1")
  await once(server.server, "listening")
  const { port } = server.server.address() as AddressInfo

  const matching = (to: string, subject?: string) =>
    received.filter((m) => m.to === to && (subject === undefined || m.subject === subject))

  /** The first message to `to` (with `subject`, when given); waits up to 60 s. */
  const next = async (to: string, subject?: string): Promise<HeaderMail> => {
    const deadline = Date.now() + 60_000
    for (;;) {
      const found = matching(to, subject)[0]
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail "${subject ?? "*"}" for ${to} within 60 s`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next,
    count: (to: string, subject?: string) => matching(to, subject).length,
    refuse: (address: string, messages: number) => refusals.set(address, messages),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
