import { createFileRoute } from "@tanstack/react-router"
import { NotFoundScreen } from "../components/NotFoundScreen"

export const Route = createFileRoute("/404")({
  component: NotFoundScreen,
})
