import { Icon, type IconProps } from "../../../../components/icons"

/** The analytics screen's own icons (the shared set is in every screen's first load). */

export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12" />
  </Icon>
)

export const CalendarIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16" />
  </Icon>
)
