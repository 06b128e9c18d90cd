import { Box, type BoxProps, type ElementProps } from "@mantine/core"
import classes from "./PlainTable.module.css"

/**
 * A table that looks like Mantine's (`Table`, `verticalSpacing="sm"`, row borders) without its
 * weight: for the tables of a first screen (see PlainTable.module.css for why). `minWidth` keeps
 * the columns readable on a phone, where the table scrolls inside its own box.
 */
const Root = ({
  minWidth,
  highlightOnHover = false,
  ...props
}: BoxProps & ElementProps<"table"> & { readonly minWidth: number; readonly highlightOnHover?: boolean }) => (
  <div className={classes.scroll}>
    <Box
      component="table"
      className={classes.table}
      miw={minWidth}
      {...(highlightOnHover ? { "data-hover": true } : {})}
      {...props}
    />
  </div>
)

const Thead = (props: BoxProps & ElementProps<"thead">) => <Box component="thead" {...props} />
const Tbody = (props: BoxProps & ElementProps<"tbody">) => <Box component="tbody" {...props} />
const Tr = (props: BoxProps & ElementProps<"tr">) => <Box component="tr" className={classes.row} {...props} />
const Th = (props: BoxProps & ElementProps<"th">) => <Box component="th" className={classes.th} {...props} />
const Td = (props: BoxProps & ElementProps<"td">) => <Box component="td" className={classes.td} {...props} />

export const PlainTable = Object.assign(Root, { Thead, Tbody, Tr, Th, Td })
