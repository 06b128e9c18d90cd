import { createFileRoute } from "@tanstack/react-router"
import { profileQueryOptions, sessionsQueryOptions } from "../../api/profile"
import { ProfileScreen } from "./-components/profile/ProfileScreen"

export const Route = createFileRoute("/_app/profile")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(profileQueryOptions()),
      context.queryClient.ensureQueryData(sessionsQueryOptions()),
    ]),
  component: ProfileScreen,
})
