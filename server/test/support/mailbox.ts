import { once } from "node:events"
import type { AddressInfo } from "node:net"
import PostalMime from "postal-mime"
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests to read. `refuse(n)`
 * makes it answer the next n messages with a temporary failure (451), as a busy relay does;
 * `refuse(n, 550)` with a permanent one, as for an address that does not exist.
 */
export const startMailbox = async () => {
  let refusing = 0
  let refusal: 451 | 550 = 451
  const received: Array<ReceivedMail> = []
  const waiters: Array<() => void> = []
  const listeners: Array<(mail: ReceivedMail) => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        if (refusing > 0) {
          refusing--
          return callback(
            refusal === 451
              ? Object.assign(new Error("Try again later"), { responseCode: 451 })
              : Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }),
          )
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((r) => r.address).join(", "),
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
            }
            received.push(mail)
            for (const listener of listeners) listener(mail)
            for (const wake of waiters.splice(0)) wake()
            callback()
          })
          .catch(callback)
      })
    },
  })
  server.listen(0, "127.0.0.1")
  await once(server.server, "listening")
  const { port } = server.server.address() as AddressInfo

  /** The next message to `to` after `after` messages (waits up to 10 s). */
  const next = async (to: string, after = 0): Promise<ReceivedMail> => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const found = received.filter((m) => m.to === to)[after]
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail for ${to} within 10 s`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 200)
      })
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next,
    count: (to: string) => received.filter((m) => m.to === to).length,
    onMail: (listener: (mail: ReceivedMail) => void) => listeners.push(listener),
    refuse: (messages: number, code: 451 | 550 = 451) => {
      refusing = messages
      refusal = code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const linkIn = (mail: ReceivedMail, path: string): URL => {
  const match = new RegExp(`https?://[^\\s]+${path.replace("/", "\\/")}\\?token=[A-Za-z0-9_%-]+`).exec(
    mail.text,
  )
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`)
  return new URL(match[0])
}

export const codeIn = (mail: ReceivedMail): string => {
  const match = /code on the sign-in page: (\d{6})/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`)
  return match[1]
}
