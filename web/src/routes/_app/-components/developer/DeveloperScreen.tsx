import { can, roleLabels } from "@folio/core"
import { Stack, Tabs, Text, ThemeIcon, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { lazy, Suspense } from "react"
import { meQueryOptions } from "../../../../api/session"
import { CenteredScreen } from "../../../../components/CenteredScreen"
import { AlertIcon, CodeIcon, KeyIcon, TerminalIcon } from "../../../../components/icons"
import { LoadingScreen } from "../../../../components/LoadingScreen"
import { CliSetup } from "./CliSetup"
import { type DeveloperTab, developerTabs } from "./search"
import { TokensPanel } from "./TokensPanel"

// Scalar's renderer is large: it loads only when someone opens the reference.
const ApiReference = lazy(() => import("./ApiReference"))

const NoAccess = ({ role }: { readonly role: string }) => (
  <CenteredScreen>
    <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
      <AlertIcon size={30} />
    </ThemeIcon>
    <Title order={1} fz="h2">
      The developer area is for developers and admins
    </Title>
    <Text c="dimmed">
      You are signed in as {role.toLowerCase()}. Ask your Folio administrator if you need API tokens.
    </Text>
  </CenteredScreen>
)

export const DeveloperScreen = ({
  tab,
  onTabChange,
}: {
  readonly tab: DeveloperTab
  readonly onTabChange: (tab: DeveloperTab) => void
}) => {
  useDocumentTitle("Developer · Folio")
  const { data: me } = useSuspenseQuery(meQueryOptions())
  if (!can(me.user.role, "developer.tokens")) return <NoAccess role={roleLabels[me.user.role]} />

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Developer</Title>
        <Text c="dimmed" mt={4}>
          API tokens for scripts and CI, the API reference, and the command line.
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(next) => {
          const found = developerTabs.find((candidate) => candidate === next)
          if (found !== undefined) onTabChange(found)
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
          <Tabs.Tab value="tokens" leftSection={<KeyIcon size={16} />}>
            API tokens
          </Tabs.Tab>
          <Tabs.Tab value="reference" leftSection={<CodeIcon size={16} />}>
            API reference
          </Tabs.Tab>
          <Tabs.Tab value="cli" leftSection={<TerminalIcon size={16} />}>
            Use the CLI
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tokens" pt="lg">
          <TokensPanel role={me.user.role} />
        </Tabs.Panel>
        <Tabs.Panel value="reference" pt="lg">
          <Suspense fallback={<LoadingScreen label="Loading the API reference…" />}>
            <ApiReference />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="cli" pt="lg">
          <CliSetup email={me.user.email} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
