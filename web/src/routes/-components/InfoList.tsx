import { Box, Text } from "@mantine/core"
import type { ReactNode } from "react"
import classes from "./InfoList.module.css"

export interface InfoRow {
  readonly label: string
  readonly value: ReactNode
}

/** A description list (`<dl>`): screen readers announce each label with its value. */
export const InfoList = ({ rows }: { readonly rows: ReadonlyArray<InfoRow> }) => (
  <Box component="dl" className={classes.list}>
    {rows.map((row) => (
      <div key={row.label} className={classes.row}>
        <Text component="dt" c="dimmed" fz="sm">
          {row.label}
        </Text>
        <Box component="dd" fz="sm" className={classes.value}>
          {row.value}
        </Box>
      </div>
    ))}
  </Box>
)
