import { createFileRoute } from "@tanstack/react-router"
import { SignOutScreen } from "./-components/SignOutScreen"

/** Ends the session, then shows the sign-in page. The work happens on screen, never in a preload. */
export const Route = createFileRoute("/sign-out")({
  component: SignOutScreen,
})
