import { Effect, Schema } from "effect"
import { Links } from "../auth/links.js"
import { renderNotice } from "./notices.js"
import { inviteMessage, type Message, magicLinkMessage, resetMessage } from "./templates.js"

/**
 * What the outbox keeps of a message: which template, for whom, and the names it shows. Never
 * its link or code: those are issued when the message is rendered to be sent (a retry issues
 * new ones, which retires the ones of the failed attempt), so no secret is ever at rest in the
 * outbox, sent or not.
 */
const forUser = { userId: Schema.String, name: Schema.String }

/** Letters that carry a sign-in, reset or invitation link, issued when they are rendered. */
export const LinkLetter = Schema.Union(
  Schema.Struct({ template: Schema.Literal("magic_link"), ...forUser }),
  Schema.Struct({ template: Schema.Literal("reset"), ...forUser }),
  Schema.Struct({
    template: Schema.Literal("invite"),
    ...forUser,
    inviter: Schema.String,
    company: Schema.String,
  }),
)
export type LinkLetter = typeof LinkLetter.Type
/** The templates of letters with a link. */
export type Template = LinkLetter["template"]

/**
 * Notices (mail/notices.ts): a report to its readers, the weekly digest, a new sign-in. They
 * keep references (the report, the reports of the week) and are rendered from them when sent.
 */
export const NoticeLetter = Schema.Union(
  Schema.Struct({
    template: Schema.Literal("report"),
    ...forUser,
    reportId: Schema.String,
    event: Schema.Literal("report.published", "report.corrected"),
    changeNote: Schema.NullOr(Schema.String),
  }),
  Schema.Struct({
    template: Schema.Literal("digest"),
    ...forUser,
    /** The week's first day, YYYY-MM-DD. */
    weekOf: Schema.String,
    reportIds: Schema.Array(Schema.String),
    /** How many reports the week had beyond `reportIds`. */
    more: Schema.Number,
  }),
  Schema.Struct({
    template: Schema.Literal("sign_in_notice"),
    ...forUser,
    at: Schema.String,
    ip: Schema.NullOr(Schema.String),
    userAgent: Schema.NullOr(Schema.String),
    client: Schema.Literal("browser", "cli"),
    timezone: Schema.String,
  }),
)
export type NoticeLetter = typeof NoticeLetter.Type

export const Letter = Schema.Union(LinkLetter, NoticeLetter)
export type Letter = typeof Letter.Type
export type LetterTemplate = Letter["template"]

/** The outbox row's `template` and `params` (everything else) back into a letter. */
export const decodeLetter = (template: string, params: unknown) =>
  Schema.decodeUnknown(Letter)({ ...(typeof params === "object" && params !== null ? params : {}), template })

/** The letter without its template: the outbox row's `params`. */
export const paramsOf = (letter: Letter): Record<string, unknown> => {
  const { template: _, ...params } = letter
  return params
}

const linkPaths: Record<Template, string> = {
  magic_link: "/magic-link",
  reset: "/forgot-password/reset",
  invite: "/set-password",
}

const isLinkLetter = (letter: Letter): letter is LinkLetter => Object.hasOwn(linkPaths, letter.template)

/**
 * Renders the message; only ever held in memory. A link letter's link (and code) is issued now;
 * a notice reads what it shows from the database now.
 */
export const renderLetter = (letter: Letter, origin: string) =>
  Effect.gen(function* () {
    return isLinkLetter(letter)
      ? yield* renderLinkLetter(letter, origin)
      : yield* renderNotice(letter, origin)
  })

const renderLinkLetter = (letter: LinkLetter, origin: string) =>
  Effect.gen(function* () {
    const links = yield* Links
    const { token, code, minutes } = yield* links.issue(letter.template, letter.userId)
    const url = `${origin}${linkPaths[letter.template]}?token=${encodeURIComponent(token)}`
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
export const templateLabels: Record<LetterTemplate, string> = {
  magic_link: "sign-in link",
  reset: "password reset link",
  invite: "invitation",
  report: "report email",
  digest: "weekly digest",
  sign_in_notice: "new sign-in notice",
}

/**
 * Templates where a newer letter to the same address retires an older unsent one: only the
 * latest link works. Every report, digest and notice is a message of its own.
 */
export const supersedingTemplates: ReadonlyArray<Template> = ["magic_link", "reset", "invite"]
