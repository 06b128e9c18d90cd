import { useDocumentTitle } from "@mantine/hooks"
import { createFileRoute } from "@tanstack/react-router"
import { LoadingScreen } from "../components/LoadingScreen"

export const Route = createFileRoute("/loading")({
  component: LoadingRoute,
})

function LoadingRoute() {
  useDocumentTitle("Loading · Folio")
  return <LoadingScreen />
}
