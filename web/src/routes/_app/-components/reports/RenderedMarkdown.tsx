import { Typography } from "@mantine/core"
import classes from "./RenderedMarkdown.module.css"

/**
 * HTML from core's `renderMarkdown`, which escapes raw HTML and refuses unsafe link schemes, so
 * setting it directly is safe. Never pass HTML from anywhere else.
 */
export const RenderedMarkdown = ({ html }: { readonly html: string }) => (
  // biome-ignore lint/security/noDangerouslySetInnerHtml: core's renderer has raw HTML off
  <Typography className={classes.prose} dangerouslySetInnerHTML={{ __html: html }} />
)
