import type { IconProps } from "../../../../components/icons"

/** The report screens' glyphs, drawn like the console's icons module (Tabler's shapes). */
const Icon = ({ size = 18, children, ...props }: IconProps & { readonly children: React.ReactNode }) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
)

export const ReportIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2zM9 13h6M9 17h6M9 9h1" />
  </Icon>
)

export const StarIcon = ({ filled = false, ...props }: IconProps & { readonly filled?: boolean }) => (
  <Icon {...props} fill={filled ? "currentColor" : "none"}>
    <path d="M12 17.75l-6.17 3.24 1.18-6.87-5-4.86 6.9-1 3.09-6.26 3.09 6.26 6.9 1-5 4.86 1.18 6.87z" />
  </Icon>
)

export const EditIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />
  </Icon>
)

export const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 8v4l2 2" />
    <path d="M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5" />
  </Icon>
)

export const LinkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 15l6-6M11 6l.46-.54a5 5 0 0 1 7.07 7.08L18 13M13 18l-.4.53a5.07 5.07 0 0 1-7.12 0 5 5 0 0 1 0-7.07L6 11" />
  </Icon>
)
