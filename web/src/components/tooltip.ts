// The module `HoverTip` loads after the first screen: Mantine's Tooltip alone, tree-shaken.
export { Tooltip } from "@mantine/core"
