import { Effect, Schema } from "effect"
import { Links, linkLifetimeMinutes } from "../auth/links.js"
import { inviteMessage, type Message, magicLinkMessage, resetMessage } from "./templates.js"

/**
 * What the outbox keeps of a message: which template, for whom, and the names it shows. Never
 * its link or code: those are issued when the message is rendered to be sent (a retry issues
 * new ones, which retires the ones of the failed attempt), so no secret is ever at rest in the
 * outbox, sent or not.
 */
const forUser = { userId: Schema.String, name: Schema.String }

export const Letter = Schema.Union(
  Schema.Struct({ template: Schema.Literal("magic_link"), ...forUser }),
  Schema.Struct({ template: Schema.Literal("reset"), ...forUser }),
  Schema.Struct({
    template: Schema.Literal("invite"),
    ...forUser,
    inviter: Schema.String,
    company: Schema.String,
  }),
)
export type Letter = typeof Letter.Type
export type Template = Letter["template"]

/** The outbox row's `template` and `params` (everything else) back into a letter. */
export const decodeLetter = (template: string, params: unknown) =>
  Schema.decodeUnknown(Letter)({ ...(typeof params === "object" && params !== null ? params : {}), template })

/** The letter without its template: the outbox row's `params`. */
export const paramsOf = (letter: Letter): Record<string, string> => {
  const { template: _, ...params } = letter
  return params
}

const linkPaths: Record<Template, string> = {
  magic_link: "/magic-link",
  reset: "/forgot-password/reset",
  invite: "/set-password",
}

/** Issues the letter's link (and code) and renders the message; only ever held in memory. */
export const renderLetter = (letter: Letter, origin: string) =>
  Effect.gen(function* () {
    const links = yield* Links
    const { token, code } = yield* links.issue(letter.template, letter.userId)
    const url = `${origin}${linkPaths[letter.template]}?token=${encodeURIComponent(token)}`
    const minutes = linkLifetimeMinutes[letter.template]
    const message: Message =
      letter.template === "magic_link"
        ? magicLinkMessage({ name: letter.name, url, code: code ?? "", minutes })
        : letter.template === "reset"
          ? resetMessage({ name: letter.name, url, minutes })
          : inviteMessage({
              name: letter.name,
              inviter: letter.inviter,
              company: letter.company,
              url,
              days: minutes / 1440,
            })
    return message
  })

/** How the log names a message without its subject (a sign-in link's subject holds its code). */
export const templateLabels: Record<Template, string> = {
  magic_link: "sign-in link",
  reset: "password reset link",
  invite: "invitation",
}
