/** Plain-text and HTML bodies for every email Folio sends. Links are absolute. */
export interface Message {
  readonly subject: string
  readonly text: string
  readonly html: string
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const layout = (
  title: string,
  paragraphs: ReadonlyArray<string>,
  action: { label: string; url: string },
  footer: string,
) =>
  `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1b1e;max-width:520px;margin:24px auto;padding:0 16px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${p}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#868e96;font-size:13px;line-height:1.5">${escapeHtml(footer)}</p>
</body></html>`

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
