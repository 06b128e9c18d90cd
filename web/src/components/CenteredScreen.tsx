import { Center, Stack } from "@mantine/core"
import type { ReactNode } from "react"

/**
 * Centres a message in the space it is given: the whole window for full-screen states, or the
 * main area below the AppShell header (the offset variable only exists inside an AppShell).
 */
export const CenteredScreen = ({ children }: { readonly children: ReactNode }) => (
  <Center
    mih="calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))"
    p="md"
  >
    <Stack align="center" gap="md" maw={560} ta="center">
      {children}
    </Stack>
  </Center>
)
