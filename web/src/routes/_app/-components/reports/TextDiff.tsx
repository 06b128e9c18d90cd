import { Box, Text } from "@mantine/core"
import { diffLines, diffWordsWithSpace } from "diff"
import { useMemo } from "react"
import classes from "./TextDiff.module.css"

/**
 * What changed from `before` to `after`: removed text struck through in red, added text in green.
 * Long text (a report body) is compared line by line, then word by word inside changed lines.
 */
export const TextDiff = ({
  before,
  after,
  mode = "words",
  label,
}: {
  readonly before: string
  readonly after: string
  readonly mode?: "words" | "lines"
  readonly label: string
}) => {
  const parts = useMemo(() => {
    const changes = mode === "lines" ? diffLines(before, after) : diffWordsWithSpace(before, after)
    // Each part is keyed by where it starts in the old and new text, which never repeats.
    let oldAt = 0
    let newAt = 0
    return changes.map((change) => {
      const key = `${oldAt}:${newAt}:${change.added ? "+" : change.removed ? "-" : "="}`
      if (!change.added) oldAt += change.value.length
      if (!change.removed) newAt += change.value.length
      return { ...change, key }
    })
  }, [before, after, mode])
  const unchanged = parts.every((part) => !part.added && !part.removed)
  if (unchanged) {
    return (
      <Text c="dimmed" fz="sm">
        No changes.
      </Text>
    )
  }
  return (
    <Box
      component="div"
      role="group"
      aria-label={label}
      className={mode === "lines" ? classes.lines : classes.words}
    >
      {parts.map((part) =>
        part.added ? (
          <ins key={part.key} className={classes.added}>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={part.key} className={classes.removed}>
            {part.value}
          </del>
        ) : (
          <span key={part.key} className={mode === "lines" ? classes.context : undefined}>
            {part.value}
          </span>
        ),
      )}
    </Box>
  )
}
