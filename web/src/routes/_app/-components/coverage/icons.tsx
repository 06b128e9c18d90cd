import { Icon, type IconProps } from "../../../../components/icons"

/** The coverage screen's own icons (the shared set is in every screen's first load). */

export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12" />
  </Icon>
)

/** A column that can be sorted but is not (up and down chevrons). */
export const SelectorIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 9l4-4 4 4M16 15l-4 4-4-4" />
  </Icon>
)

export const ChevronUpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 15l6-6 6 6" />
  </Icon>
)
