import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import { configAvailabilityQueryOptions } from "../../../api/config"
import { AlertIcon, CheckIcon, CopyIcon, DatabaseIcon, ReloadIcon } from "../../../components/icons"
import { describeError } from "../../../errors/describeError"
import { GateLayout } from "./GateLayout"
import { recheckMs, useRecheck } from "./recheck"

/**
 * What every route shows while this server has no snapshot of its configuration store: the cause
 * and the exact command that mends it, both from the server's 503. The server recovers by itself
 * once a snapshot loads; this page asks again every few seconds and then goes back.
 */
export const MissingConfigScreen = ({ from }: { readonly from?: string | undefined }) => {
  useDocumentTitle("Configuration missing · Folio")
  const navigate = useNavigate()
  const availability = useQuery({ ...configAvailabilityQueryOptions(), refetchInterval: recheckMs })
  const { checking, recheck } = useRecheck(availability.refetch)
  const missing = availability.data?.missing
  const back = from ?? "/"
  const recovered = missing === null

  useEffect(() => {
    if (recovered) void navigate({ href: back, replace: true })
  }, [recovered, back, navigate])

  return (
    <GateLayout
      icon={<DatabaseIcon size={24} />}
      color="red"
      title={recovered ? "The configuration is back" : "Folio cannot load its configuration"}
    >
      {missing !== undefined && missing !== null && (
        <>
          <Stack gap={4}>
            <Text fw={600} fz="sm">
              Cause
            </Text>
            <Text data-testid="config-missing-reason" style={{ overflowWrap: "anywhere" }}>
              {missing.reason}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={600} fz="sm" id="config-missing-fix-label">
              How to fix it
            </Text>
            <Code
              block
              aria-labelledby="config-missing-fix-label"
              data-testid="config-missing-fix"
              style={{
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
                fontSize: "var(--mantine-font-size-sm)",
              }}
            >
              {missing.fix}
            </Code>
            <Group>
              <CopyButton value={missing.fix} timeout={3000}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? "light" : "default"}
                    color={copied ? "teal" : "gray"}
                    leftSection={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
                    onClick={copy}
                  >
                    {copied ? "Copied" : "Copy the fix"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </>
      )}
      {availability.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title="The server is not answering"
        >
          {describeError(availability.error, window.location.host).text}
        </Alert>
      )}
      <Text c="dimmed" fz="sm" role="status">
        {recovered
          ? "Taking you back…"
          : "The server recovers by itself once the configuration loads, without a restart. This page checks every few seconds and then takes you back."}
      </Text>
      <Group>
        <Button leftSection={<ReloadIcon size={16} />} loading={checking} onClick={recheck}>
          Try again
        </Button>
      </Group>
    </GateLayout>
  )
}
