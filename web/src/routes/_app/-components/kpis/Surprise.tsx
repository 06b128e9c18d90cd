import { Text, VisuallyHidden } from "@mantine/core"
import { formatSurprise, surpriseTone } from "./format"
import classes from "./Surprise.module.css"

/**
 * A period's surprise, (actual − estimate) / |estimate|: teal above, red below, and always a sign
 * in the text ("+2.4%", "−3.1%") so the colour is never the only carrier; a screen reader hears
 * "2.4% above the estimate". A dash when the period lacks the actual or the estimate.
 */
export const Surprise = ({ surprise }: { readonly surprise: number | null }) => {
  if (surprise === null) {
    return (
      <Text component="span" c="dimmed" fz="sm" title="Needs both an actual and an estimate">
        —<VisuallyHidden>no surprise: needs both an actual and an estimate</VisuallyHidden>
      </Text>
    )
  }
  const { text, words } = formatSurprise(surprise)
  return (
    <Text
      component="span"
      fz="sm"
      fw={600}
      className={classes.surprise}
      data-tone={surpriseTone(surprise)}
      title={words}
    >
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden>{words}</VisuallyHidden>
    </Text>
  )
}
