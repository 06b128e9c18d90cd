import { renderMarkdown } from "@folio/core"

/** Plain-text and HTML bodies for every email Folio sends. Links are absolute. */
export interface Message {
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Extra header fields, e.g. the one-click unsubscribe pair of RFC 8058. */
  readonly headers?: Readonly<Record<string, string>>
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const button = (action: { label: string; url: string }) =>
  `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`

/** The document around a message's blocks of HTML. */
const page = (title: string, blocks: ReadonlyArray<string>) =>
  `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1b1e;max-width:520px;margin:24px auto;padding:0 16px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${blocks.join("\n")}
</body></html>`

const small = (html: string) => `<p style="color:#868e96;font-size:13px;line-height:1.5">${html}</p>`

const layout = (
  title: string,
  paragraphs: ReadonlyArray<string>,
  action: { label: string; url: string },
  footer: string,
) =>
  page(title, [
    ...paragraphs.map((p) => `<p style="line-height:1.5">${p}</p>`),
    button(action),
    small(escapeHtml(footer)),
  ])

export const magicLinkMessage = (input: {
  name: string
  url: string
  code: string
  minutes: number
}): Message => ({
  subject: `Your Folio sign-in link (code ${input.code})`,
  text: `Hello ${input.name},

Open this link to sign in to Folio:
${input.url}

Or enter this code on the sign-in page: ${input.code}

The link and the code work once and expire in ${input.minutes} minutes.
If you did not ask to sign in, ignore this email.`,
  html: layout(
    "Sign in to Folio",
    [
      `Hello ${escapeHtml(input.name)},`,
      "Use the button below to sign in. Opening the link does not sign you in by itself: you will be asked to continue.",
      `Or enter this code on the sign-in page: <strong style="font-size:18px;letter-spacing:3px">${escapeHtml(input.code)}</strong>`,
    ],
    { label: "Sign in to Folio", url: input.url },
    `The link and the code work once and expire in ${input.minutes} minutes. If you did not ask to sign in, ignore this email.`,
  ),
})

export const resetMessage = (input: { name: string; url: string; minutes: number }): Message => ({
  subject: "Reset your Folio password",
  text: `Hello ${input.name},

Open this link to choose a new Folio password:
${input.url}

The link works once and expires in ${input.minutes} minutes. Setting a new password signs you out everywhere.
If you did not ask for this, ignore this email: your password stays as it is.`,
  html: layout(
    "Reset your password",
    [
      `Hello ${escapeHtml(input.name)},`,
      "Use the button below to choose a new password. It signs you out everywhere.",
    ],
    { label: "Choose a new password", url: input.url },
    `The link works once and expires in ${input.minutes} minutes. If you did not ask for this, ignore this email.`,
  ),
})

export const inviteMessage = (input: {
  name: string
  inviter: string
  company: string
  url: string
  days: number
}): Message => ({
  subject: `${input.inviter} invited you to Folio`,
  text: `Hello ${input.name},

${input.inviter} invited you to Folio as a member of ${input.company}.
Open this link to set your password and sign in:
${input.url}

The invitation expires in ${input.days} days.`,
  html: layout(
    "You are invited to Folio",
    [
      `Hello ${escapeHtml(input.name)},`,
      `${escapeHtml(input.inviter)} invited you to Folio as a member of ${escapeHtml(input.company)}.`,
    ],
    { label: "Set your password", url: input.url },
    `The invitation expires in ${input.days} days.`,
  ),
})

/**
 * The header pair of a one-click unsubscribe (RFC 8058): a mail client that shows an
 * "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` to the URL, with no cookie.
 */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
})

/** Markdown as the console shows it: core's renderer, raw HTML escaped. */
const markdownBlock = (source: string) =>
  source.trim() === "" ? "" : `<div style="line-height:1.5">${renderMarkdown(source)}</div>`

export const reportMessage = (input: {
  name: string
  title: string
  /** Markdown. */
  summary: string
  url: string
  corrected: boolean
  changeNote: string | null
  unsubscribeUrl: string
  profileUrl: string
  /** A 1×1 image whose fetch counts the email as opened (readership/emailOpen.ts). */
  openImageUrl: string
}): Message => {
  const note = input.corrected
    ? `This report was corrected${input.changeNote ? `: ${input.changeNote}` : "."}`
    : undefined
  return {
    subject: input.corrected ? `Corrected: ${input.title}` : input.title,
    text: `Hello ${input.name},

${input.corrected ? "A report you received was corrected" : "A new report is published"} in Folio: ${input.title}
${note ? `\n${note}\n` : ""}
${input.summary.trim() === "" ? "" : `${input.summary.trim()}\n\n`}Read it in Folio:
${input.url}

You get this email because report emails are on in your Folio profile.
Unsubscribe from report emails: ${input.unsubscribeUrl}
Your notification preferences: ${input.profileUrl}`,
    html: page(input.title, [
      `<p style="line-height:1.5">Hello ${escapeHtml(input.name)},</p>`,
      ...(note ? [`<p style="line-height:1.5"><strong>${escapeHtml(note)}</strong></p>`] : []),
      markdownBlock(input.summary),
      button({ label: "Read the report", url: input.url }),
      small(
        `You get this email because report emails are on in your Folio profile. ` +
          `<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from report emails</a> or ` +
          `<a href="${escapeHtml(input.profileUrl)}">change your notification preferences</a>.`,
      ),
      `<img src="${escapeHtml(input.openImageUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`,
    ]),
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  }
}

export const digestMessage = (input: {
  name: string
  /** The first day of the week it covers, e.g. "6 January 2025". */
  weekOf: string
  reports: ReadonlyArray<{ title: string; summary: string; url: string; published: string }>
  /** How many more the week had than are listed. */
  more: number
  reportsUrl: string
  unsubscribeUrl: string
  profileUrl: string
}): Message => {
  const count = input.reports.length + input.more
  const plural = count === 1 ? "report" : "reports"
  return {
    subject: `Your Folio digest: ${count} new ${plural}`,
    text: `Hello ${input.name},

${count} new ${plural} in Folio in the week from ${input.weekOf}:

${input.reports.map((r) => `${r.title} (${r.published})\n${r.url}`).join("\n\n")}
${input.more > 0 ? `\nand ${input.more} more: ${input.reportsUrl}\n` : ""}
You get this digest because the weekly digest is on in your Folio profile.
Unsubscribe from the digest: ${input.unsubscribeUrl}
Your notification preferences: ${input.profileUrl}`,
    html: page("Your weekly Folio digest", [
      `<p style="line-height:1.5">Hello ${escapeHtml(input.name)},</p>`,
      `<p style="line-height:1.5">${count} new ${plural} in the week from ${escapeHtml(input.weekOf)}:</p>`,
      ...input.reports.map(
        (r) =>
          `<h2 style="font-size:16px;margin-bottom:4px"><a href="${escapeHtml(r.url)}">${escapeHtml(r.title)}</a></h2>` +
          `<p style="color:#868e96;font-size:13px;margin-top:0">${escapeHtml(r.published)}</p>${markdownBlock(r.summary)}`,
      ),
      ...(input.more > 0
        ? [
            `<p style="line-height:1.5">and ${input.more} more in <a href="${escapeHtml(input.reportsUrl)}">Folio</a>.</p>`,
          ]
        : []),
      small(
        `You get this digest because the weekly digest is on in your Folio profile. ` +
          `<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from the digest</a> or ` +
          `<a href="${escapeHtml(input.profileUrl)}">change your notification preferences</a>.`,
      ),
    ]),
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  }
}

export const signInNoticeMessage = (input: {
  name: string
  /** When, in the person's time zone, with the zone named. */
  at: string
  address: string
  userAgent: string
  client: "browser" | "cli"
  profileUrl: string
}): Message => {
  const how = input.client === "cli" ? "the command line (an API session)" : "a browser"
  return {
    subject: "New sign-in to your Folio account",
    text: `Hello ${input.name},

Your Folio account was signed in to from a device it had not been used from before.

Time: ${input.at}
Address: ${input.address}
Device: ${input.userAgent}
From: ${how}

If this was you, there is nothing to do. If it was not, change your password and sign out the
sessions you do not know in your profile:
${input.profileUrl}

You can turn these notices off in the same place.`,
    html: layout(
      "New sign-in to your account",
      [
        `Hello ${escapeHtml(input.name)},`,
        "Your Folio account was signed in to from a device it had not been used from before.",
        `<strong>Time:</strong> ${escapeHtml(input.at)}<br><strong>Address:</strong> ${escapeHtml(input.address)}<br>` +
          `<strong>Device:</strong> ${escapeHtml(input.userAgent)}<br><strong>From:</strong> ${escapeHtml(how)}`,
        "If this was you, there is nothing to do. If it was not, change your password and sign out the sessions you do not know.",
      ],
      { label: "Review your sessions", url: input.profileUrl },
      "You get this notice because new sign-in notices are on in your Folio profile; you can turn them off there.",
    ),
  }
}
