import { Box, Center, Group, Paper, Stack } from "@mantine/core"
import type { ReactNode } from "react"
import { ColorSchemeToggle } from "../../components/ColorSchemeToggle"
import { FolioLogo } from "../../components/FolioLogo"

/** The signed-out pages (sign-in, links, recovery): the wordmark over one card, centred. */
export const AuthLayout = ({
  children,
  footer,
}: {
  readonly children: ReactNode
  readonly footer?: ReactNode
}) => (
  <Box mih="100dvh" bg="var(--mantine-color-body)" pos="relative">
    <Box pos="absolute" top={16} right={16}>
      <ColorSchemeToggle />
    </Box>
    <Center component="main" mih="100dvh" p="md">
      <Stack w="100%" maw={420} gap="lg" py="xl">
        <Group justify="center">
          <FolioLogo size={36} />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: "lg", xs: "xl" }} radius="lg">
          {children}
        </Paper>
        {footer}
      </Stack>
    </Center>
  </Box>
)
