import MarkdownIt from "markdown-it"

/**
 * The one Markdown renderer: console preview, the report page, email and RSS all show the same
 * HTML. Raw HTML in the source is escaped, never passed through, and links cannot use
 * `javascript:` or other unsafe schemes (markdown-it's validateLink).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false })

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]
  const href = String(token?.attrGet("href") ?? "")
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet("rel", "noopener noreferrer")
    token.attrSet("target", "_blank")
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export const renderMarkdown = (source: string): string => md.render(source)

/** Plain text for snippets and mail previews: the Markdown's words without its marks. */
export const markdownToText = (source: string): string =>
  renderMarkdown(source)
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim()
