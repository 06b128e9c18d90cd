import type { SnippetRun } from "@folio/core"
import { Fragment } from "react"
import classes from "./Highlight.module.css"

/**
 * Text runs from the server with the matched ones marked. Each run is plain text given to React,
 * so nothing in a report can ever become markup here.
 */
export const Highlight = ({ runs }: { readonly runs: ReadonlyArray<SnippetRun> }) => (
  <>
    {runs.map((run, index) =>
      run.hit ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence; order is identity
        <mark key={index} className={classes.mark}>
          {run.text}
        </mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence; order is identity
        <Fragment key={index}>{run.text}</Fragment>
      ),
    )}
  </>
)

/** The runs as plain text (for titles and labels that cannot hold markup). */
export const runsText = (runs: ReadonlyArray<SnippetRun>): string => runs.map((run) => run.text).join("")
