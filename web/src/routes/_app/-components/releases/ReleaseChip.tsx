import type { Release } from "@folio/core"
import { UnstyledButton } from "@mantine/core"
import { createContext, type DragEvent, useContext, useState } from "react"
import classes from "./Calendar.module.css"
import { ReleaseMenu } from "./ReleaseMenu"
import { releaseState, shownTime, stateLabels } from "./releaseState"
import { formatTimeIn } from "./zone"

const dragType = "application/x-folio-release"

/** Rescheduling by drag: which release is in the air, and what dropping it on a day (and hour) does. */
export interface ReleaseDrag {
  readonly zone: string
  readonly dragging: Release | null
  readonly start: (release: Release) => void
  readonly end: () => void
  readonly drop: (day: string, hour?: number) => void
  readonly onError: (error: unknown) => void
}

export const ReleaseDragContext = createContext<ReleaseDrag | null>(null)

const useReleaseDrag = (): ReleaseDrag => {
  const drag = useContext(ReleaseDragContext)
  if (drag === null) throw new Error("ReleaseChip needs a ReleaseDragContext")
  return drag
}

/** A day cell (and hour) of a calendar that a release can be dropped on. */
export const useDropTarget = (day: string, hour?: number) => {
  const drag = useReleaseDrag()
  const [over, setOver] = useState(false)
  const accepts = (event: DragEvent) => drag.dragging !== null && event.dataTransfer.types.includes(dragType)
  return {
    "data-over": over || undefined,
    onDragOver: (event: DragEvent) => {
      if (!accepts(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = "move"
      if (!over) setOver(true)
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      setOver(false)
      if (!accepts(event)) return
      event.preventDefault()
      drag.drop(day, hour)
    },
  }
}

/** "Q3 results, 07:00, Held: Quiet period" — what a chip says to a screen reader. */
export const releaseDescription = (release: Release, zone: string): string => {
  const state = releaseState(release)
  const when = formatTimeIn(shownTime(release), zone)
  const why = release.heldReason === null ? "" : `: ${release.heldReason}`
  return `${release.title}, ${when}, ${stateLabels[state]}${why}`
}

/**
 * One release in a calendar cell: its time and title, coloured by state. A scheduled one can be
 * dragged to another day; as a button it opens the release's menu (Edit time is the keyboard's move).
 */
export const ReleaseChip = ({ release }: { readonly release: Release }) => {
  const drag = useReleaseDrag()
  const state = releaseState(release)
  const movable = release.status === "scheduled"
  return (
    <ReleaseMenu release={release} zone={drag.zone} onError={drag.onError}>
      <UnstyledButton
        className={classes.chip}
        data-state={state}
        data-dragging={drag.dragging?.reportId === release.reportId || undefined}
        draggable={movable}
        aria-label={releaseDescription(release, drag.zone)}
        title={release.heldReason === null ? release.title : `${release.title} — held: ${release.heldReason}`}
        onDragStart={(event: DragEvent<HTMLButtonElement>) => {
          if (!movable) return
          event.dataTransfer.setData(dragType, release.reportId)
          event.dataTransfer.effectAllowed = "move"
          drag.start(release)
        }}
        onDragEnd={drag.end}
      >
        <span className={classes.chipTime}>{formatTimeIn(shownTime(release), drag.zone)}</span>
        <span className={classes.chipTitle}>{release.title}</span>
      </UnstyledButton>
    </ReleaseMenu>
  )
}
