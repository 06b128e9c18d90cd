import { ActionIcon, Code, CopyButton, Group, List, Paper, Stack, Text, Title, Tooltip } from "@mantine/core"
import type { ReactNode } from "react"
import { CheckIcon, CopyIcon } from "../../../../components/icons"

/** A shell command with a copy button: what to type, exactly. */
export const CommandBlock = ({ command, label }: { readonly command: string; readonly label: string }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <Code block style={{ flex: 1, minWidth: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
      {command}
    </Code>
    <CopyButton value={command} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? "Copied" : "Copy"} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={copy}
            aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
          >
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  </Group>
)

const Step = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
    <Title order={2} fz="h4" mb="xs">
      {title}
    </Title>
    <Stack gap="sm">{children}</Stack>
  </Paper>
)

/** The `folio` command line: sign in once on a workstation; tokens in the environment for CI. */
export const CliSetup = ({ email }: { readonly email: string }) => {
  const origin = window.location.origin
  return (
    <Stack gap="lg" maw={820}>
      <Step title="1. Sign in from your terminal">
        <Text fz="sm">
          The CLI asks for your password and stores a token for this server in your home folder. It needs
          Node.js 20 or later.
        </Text>
        <CommandBlock
          label="the login command"
          command={`npx folio login --url ${origin} --email ${email}`}
        />
      </Step>
      <Step title="2. In CI, use an API token">
        <Text fz="sm">
          Create a token in the <strong>API tokens</strong> tab and store it as a secret of your CI. With
          these two variables set, every <Code>folio</Code> command uses them and nothing is stored on disk.
        </Text>
        <CommandBlock
          label="the environment variables"
          command={`export FOLIO_URL=${origin}\nexport FOLIO_TOKEN=folio_pat_…`}
        />
        <List size="sm" spacing={4}>
          <List.Item>Give CI tokens only the scopes their job needs, and an expiry.</List.Item>
          <List.Item>
            <Code>FOLIO_TOKEN</Code> wins over a stored login, so unset it to use your own account.
          </List.Item>
        </List>
      </Step>
      <Step title="3. Check the set-up">
        <Text fz="sm">
          Shows the server, its version, who you are signed in as and which credential is used.
        </Text>
        <CommandBlock label="the doctor command" command="npx folio doctor" />
      </Step>
    </Stack>
  )
}
