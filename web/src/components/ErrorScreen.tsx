import { Button, Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { Navigate, useRouterState } from "@tanstack/react-router"
import { useEffect } from "react"
import { describeError } from "../errors/describeError"
import { reportError } from "../monitoring/monitor"
import { type GatePath, gatePathOf } from "../routing/siteGate"
import { CenteredScreen } from "./CenteredScreen"
import { AlertIcon, ReloadIcon } from "./icons"

const headings = {
  server: "Something went wrong on the server",
  unexpectedResponse: "Something went wrong",
  unrecognizedAction: "This console is out of date",
  answered: "This page could not be loaded",
  client: "Something went wrong",
} as const

/** The root error boundary: the error catalogue's exact words, and a way out. */
export const ErrorScreen = ({ error }: { readonly error: unknown }) => {
  // Maintenance or missing configuration is not this screen's fault: show the screen that explains.
  const gate = gatePathOf(error)
  return gate === undefined ? <ErrorDetails error={error} /> : <ToGate to={gate} />
}

const ToGate = ({ to }: { readonly to: GatePath }) => {
  const href = useRouterState({ select: (state) => state.location.href })
  return <Navigate to={to} search={{ from: href }} replace />
}

const ErrorDetails = ({ error }: { readonly error: unknown }) => {
  useDocumentTitle("Error · Folio")
  const { kind, text, digest } = describeError(error, window.location.host)
  useEffect(() => {
    // "See the browser console for more information" — so put it there.
    console.error(error)
    // A refusal the server explained (403, 404, 409…) is an answer, not a fault to report.
    if (kind !== "answered") reportError(error, digest)
  }, [error, kind, digest])
  return (
    <CenteredScreen>
      <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
        <AlertIcon size={30} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        {headings[kind]}
      </Title>
      <Text role="alert">{text}</Text>
      <Button leftSection={<ReloadIcon />} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </CenteredScreen>
  )
}
