import { expect } from "@playwright/test"
import { completeJsonLines } from "./jsonLines"

/** A message the e2e server's SMTP server received (one JSON line in E2E_MAILBOX). */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

const mailboxFile = (): string => {
  const file = process.env.E2E_MAILBOX
  if (!file) throw new Error("E2E_MAILBOX is not set: run the specs through playwright.config.ts")
  return file
}

/** Every message to `to` so far, oldest first. */
export const mailTo = (to: string): ReadonlyArray<Mail> => {
  return completeJsonLines<Mail>(mailboxFile()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
}

/**
 * The next message to `to` whose subject matches, after the `seen` ones already there. Mail
 * leaves the server in the background, so this polls (up to 10 s) instead of sleeping.
 */
export const nextMail = async (to: string, subject: RegExp, seen = 0): Promise<Mail> => {
  let found: Mail | undefined
  await expect
    .poll(
      () => {
        found = mailTo(to)
          .slice(seen)
          .find((mail) => subject.test(mail.subject))
        return found !== undefined
      },
      // Mail usually lands within a few hundred milliseconds: look often rather than back off to 1 s.
      { message: `a mail to ${to} with subject ${subject}`, timeout: 10_000, intervals: [50, 100, 200] },
    )
    .toBe(true)
  return found!
}

/** The absolute link to `path` (with its token) in a message's text. */
export const linkIn = (mail: Mail, path: string): string => {
  const match = new RegExp(`https?://\\S+${path.replaceAll("/", "\\/")}\\?token=[A-Za-z0-9_%-]+`).exec(
    mail.text,
  )
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`)
  return match[0]
}

/** The same link, as a path on the server under test (what a person's browser would open). */
export const pathOf = (link: string): string => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

export const codeIn = (mail: Mail): string => {
  const match = /code on the sign-in page: (\d{6})/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`)
  return match[1]
}
