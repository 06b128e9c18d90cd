import { Unauthorized } from "@folio/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { signOut } from "../../api/session"
import { LoadingScreen } from "../../components/LoadingScreen"
import { flushReadership } from "../../readership/flush"

export const SignOutScreen = () => {
  useDocumentTitle("Signing out · Folio")
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)
  const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null)

  useEffect(() => {
    // Once per visit, even when StrictMode runs effects twice.
    if (started.current) return
    started.current = true
    // Readership events of this session go out while it is still signed in; the rest is let go.
    flushReadership()
      .then(signOut)
      .catch((error: unknown) => {
        // Already signed out (expired or revoked session): the goal is reached all the same.
        if (!(error instanceof Unauthorized)) throw error
      })
      .then(
        async () => {
          queryClient.clear()
          await navigate({ to: "/login", replace: true })
        },
        (error: unknown) => setFailure({ error }),
      )
  }, [navigate, queryClient])

  // The session may still be alive: say so through the error boundary rather than pretend.
  if (failure !== null) throw failure.error
  return <LoadingScreen label="Signing you out…" />
}
