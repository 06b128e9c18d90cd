import { Button, type ButtonProps } from "@mantine/core"
import { createLink, type LinkComponent } from "@tanstack/react-router"
import type { AnchorHTMLAttributes, Ref } from "react"

type MantineButtonAnchorProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color" | "style"> & { readonly ref?: Ref<HTMLAnchorElement> }

const MantineButtonAnchor = ({ ref, ...props }: MantineButtonAnchorProps) => (
  <Button component="a" ref={ref} {...props} />
)

const CreatedButtonLink = createLink(MantineButtonAnchor)

/** Mantine's Button as a router link: typed `to`/`params`, preloading on intent, a real `<a>`. */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
)
