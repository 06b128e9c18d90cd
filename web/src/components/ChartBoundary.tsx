import { Button, Group, Stack, Text } from "@mantine/core"
import { Component, type ReactNode } from "react"
import { AlertIcon } from "./icons"

/**
 * Around a lazily loaded chart: a chart whose code did not load says so in the chart's own room
 * and offers to try again, while the rest of the screen (its table) keeps working.
 */
export class ChartBoundary extends Component<
  { readonly children: ReactNode; readonly height: number; readonly onRetry: () => void },
  { readonly failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Stack h={this.props.height} align="center" justify="center" gap="xs" role="alert">
        <Group gap={6}>
          <AlertIcon />
          <Text fz="sm">The chart could not load.</Text>
        </Group>
        <Button size="xs" variant="default" onClick={this.props.onRetry}>
          Try again
        </Button>
      </Stack>
    )
  }
}
