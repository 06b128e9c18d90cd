import { Loader, Text } from "@mantine/core"
import { CenteredScreen } from "./CenteredScreen"

/** The full-screen loading state while the console boots; also the router's pending component. */
export const LoadingScreen = ({ label = "Loading Folio…" }: { readonly label?: string }) => (
  <CenteredScreen>
    <div role="status" aria-live="polite">
      <Loader size="lg" aria-hidden="true" mx="auto" mb="md" />
      <Text c="dimmed">{label}</Text>
    </div>
  </CenteredScreen>
)
