import { Paper, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"

/** One titled card of the profile page; a landmark named by its title. */
export const Section = ({
  title,
  description,
  children,
}: {
  readonly title: string
  readonly description?: ReactNode
  readonly children: ReactNode
}) => (
  <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-label={title}>
    <Title order={2} fz="h4">
      {title}
    </Title>
    {description !== undefined && (
      <Text c="dimmed" fz="sm" mt={4}>
        {description}
      </Text>
    )}
    <div style={{ marginTop: "var(--mantine-spacing-md)" }}>{children}</div>
  </Paper>
)
