import { can, UserId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { userActivityInfiniteQueryOptions } from "../../api/audit"
import { meQueryOptions } from "../../api/session"
import { userQueryOptions, userSessionsQueryOptions } from "../../api/users"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"
import { UserScreen } from "./-components/users/UserScreen"

export const Route = createFileRoute("/_app/users/$userId")({
  loader: async ({ context: { queryClient }, params }) => {
    const userId = idOrNotFound(UserId, params.userId)
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // Sessions and activity load alongside the profile (admins only), each section showing its own state.
    if (can(me.user.role, "users.manage")) void queryClient.prefetchQuery(userSessionsQueryOptions(userId))
    if (can(me.user.role, "audit.read")) {
      void queryClient.prefetchInfiniteQuery(userActivityInfiniteQueryOptions(userId))
    }
    await orNotFound(queryClient.ensureQueryData(userQueryOptions(userId)))
    return { userId }
  },
  pendingComponent: () => <ListPending title="User" label="Loading the profile…" />,
  component: UserRoute,
})

function UserRoute() {
  const { userId } = Route.useLoaderData()
  return <UserScreen userId={userId} />
}
