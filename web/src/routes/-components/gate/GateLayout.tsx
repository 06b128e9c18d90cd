import { Box, Center, Group, Paper, Stack, ThemeIcon, Title } from "@mantine/core"
import type { ReactNode } from "react"
import { ColorSchemeToggle } from "../../../components/ColorSchemeToggle"
import { FolioLogo } from "../../../components/FolioLogo"

/**
 * The screens the console gives way to (maintenance, missing configuration): the wordmark over
 * one card, like the sign-in pages, a little wider for a command to fit on a line.
 */
export const GateLayout = ({
  icon,
  color,
  title,
  children,
}: {
  readonly icon: ReactNode
  readonly color: string
  readonly title: string
  readonly children: ReactNode
}) => (
  <Box mih="100dvh" bg="var(--mantine-color-body)" pos="relative">
    <Box pos="absolute" top={16} right={16}>
      <ColorSchemeToggle />
    </Box>
    <Center component="main" mih="100dvh" p="md">
      <Stack w="100%" maw={560} gap="lg" py="xl">
        <Group justify="center">
          <FolioLogo size={36} />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: "lg", xs: "xl" }} radius="lg">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="center">
              <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden="true">
                {icon}
              </ThemeIcon>
              <Title order={1} fz="h2">
                {title}
              </Title>
            </Group>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  </Box>
)
