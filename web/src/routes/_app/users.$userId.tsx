import { UserId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { userQueryOptions } from "../../api/users"
import { ListPending } from "./-components/directory/layout"
import { idOrNotFound, orNotFound } from "./-components/directory/routing"
import { UserScreen } from "./-components/users/UserScreen"

export const Route = createFileRoute("/_app/users/$userId")({
  loader: async ({ context: { queryClient }, params }) => {
    const userId = idOrNotFound(UserId, params.userId)
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
