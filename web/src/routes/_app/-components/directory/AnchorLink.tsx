import { Anchor, type AnchorProps } from "@mantine/core"
import { createLink, type LinkComponent } from "@tanstack/react-router"
import type { AnchorHTMLAttributes, Ref } from "react"

type MantineAnchorProps = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color" | "style"> & { readonly ref?: Ref<HTMLAnchorElement> }

const MantineAnchor = ({ ref, ...props }: MantineAnchorProps) => <Anchor component="a" ref={ref} {...props} />

const CreatedAnchorLink = createLink(MantineAnchor)

/** Mantine's Anchor driven by the router: typed `to`/`params`/`search`, preloading on intent. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
)
