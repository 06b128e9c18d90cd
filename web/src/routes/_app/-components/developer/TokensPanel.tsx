import type { ApiToken, Role } from "@folio/core"
import {
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { useState } from "react"
import { tokensQueryOptions } from "../../../../api/tokens"
import { KeyIcon, PlusIcon } from "../../../../components/icons"
import { formatDate, formatDateTime, formatRelative } from "../directory/format"
import { CreateTokenDialog } from "./CreateTokenDialog"
import { RevokeTokenDialog } from "./RevokeTokenDialog"

const scopeColors = { read: "gray", write: "blue", admin: "red" } as const

const isExpired = (token: ApiToken, now: number): boolean =>
  token.expiresAt !== null && token.expiresAt.getTime() <= now

const Expiry = ({ token, now }: { readonly token: ApiToken; readonly now: number }) => {
  if (token.expiresAt === null) return <Text fz="sm">Never</Text>
  if (isExpired(token, now)) {
    return (
      <Tooltip label={`Expired ${formatDateTime(token.expiresAt)}`} withArrow>
        <Badge color="red" variant="light" radius="sm">
          Expired
        </Badge>
      </Tooltip>
    )
  }
  return (
    <Text fz="sm" title={formatDateTime(token.expiresAt)}>
      {formatDate(token.expiresAt)}
    </Text>
  )
}

const Scopes = ({ token }: { readonly token: ApiToken }) => (
  <Group gap={4} wrap="nowrap">
    {token.scopes.map((scope) => (
      <Badge key={scope} color={scopeColors[scope]} variant="light" radius="sm" tt="none">
        {scope}
      </Badge>
    ))}
  </Group>
)

const LastUsed = ({ token, now }: { readonly token: ApiToken; readonly now: number }) =>
  token.lastUsedAt === null ? (
    <Text fz="sm" c="dimmed">
      Never
    </Text>
  ) : (
    <Text fz="sm" title={formatDateTime(token.lastUsedAt)}>
      {formatRelative(token.lastUsedAt, new Date(now))}
    </Text>
  )

/** Under `sm` a table would scroll sideways: one card per token instead. */
const TokenCard = ({
  token,
  now,
  onRevoke,
}: {
  readonly token: ApiToken
  readonly now: number
  readonly onRevoke: () => void
}) => (
  <Paper withBorder radius="lg" p="md" component="article" aria-label={token.name}>
    <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {token.name}
      </Text>
      <Scopes token={token} />
    </Group>
    <Code>{token.hint}…</Code>
    <SimpleGrid cols={3} spacing="xs" mt="sm">
      {[
        { label: "Created", value: <Text fz="sm">{formatDate(token.createdAt)}</Text> },
        { label: "Expires", value: <Expiry token={token} now={now} /> },
        { label: "Last used", value: <LastUsed token={token} now={now} /> },
      ].map((item) => (
        <div key={item.label}>
          <Text fz="xs" c="dimmed">
            {item.label}
          </Text>
          {item.value}
        </div>
      ))}
    </SimpleGrid>
    <Button
      variant="light"
      color="red"
      size="xs"
      mt="sm"
      fullWidth
      onClick={onRevoke}
      aria-label={`Revoke ${token.name}`}
    >
      Revoke
    </Button>
  </Paper>
)

const EmptyState = ({ onCreate }: { readonly onCreate: () => void }) => (
  <Paper withBorder radius="lg" p="xl">
    <Stack align="center" gap="sm" ta="center" py="lg">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        <KeyIcon size={26} />
      </ThemeIcon>
      <Title order={3} fz="h4">
        No API tokens yet
      </Title>
      <Text c="dimmed" fz="sm" maw={420}>
        A token lets scripts, CI jobs and the <Code>folio</Code> CLI call the API as you, with the scopes you
        choose.
      </Text>
      <Button leftSection={<PlusIcon size={16} />} onClick={onCreate} mt="xs">
        Create a token
      </Button>
    </Stack>
  </Paper>
)

/** My API tokens: what they may do, when they stop working, when they were last used. */
export const TokensPanel = ({ role }: { readonly role: Role }) => {
  const { data: tokens } = useSuspenseQuery(tokensQueryOptions())
  const [createOpened, create] = useDisclosure(false)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const now = Date.now()

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="h3">
            API tokens
          </Title>
          <Text c="dimmed" fz="sm" mt={2}>
            Send one as <Code>Authorization: Bearer …</Code>. A token never exceeds what your role may do.
          </Text>
        </div>
        {tokens.length > 0 && (
          <Button leftSection={<PlusIcon size={16} />} onClick={create.open}>
            Create token
          </Button>
        )}
      </Group>

      {tokens.length === 0 ? (
        <EmptyState onCreate={create.open} />
      ) : (
        <>
          <Stack gap="sm" hiddenFrom="sm">
            {tokens.map((token) => (
              <TokenCard key={token.id} token={token} now={now} onRevoke={() => setRevoking(token)} />
            ))}
          </Stack>
          <Paper withBorder radius="lg" visibleFrom="sm">
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Scopes</Table.Th>
                    <Table.Th scope="col">Token</Table.Th>
                    <Table.Th scope="col">Created</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">Last used</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tokens.map((token) => (
                    <Table.Tr key={token.id} opacity={isExpired(token, now) ? 0.65 : 1}>
                      <Table.Th scope="row" fw={600} maw={240} style={{ overflowWrap: "anywhere" }}>
                        {token.name}
                      </Table.Th>
                      <Table.Td>
                        <Scopes token={token} />
                      </Table.Td>
                      <Table.Td>
                        <Code>{token.hint}…</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm" title={formatDateTime(token.createdAt)}>
                          {formatDate(token.createdAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Expiry token={token} now={now} />
                      </Table.Td>
                      <Table.Td>
                        <LastUsed token={token} now={now} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => setRevoking(token)}
                          aria-label={`Revoke ${token.name}`}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}

      <CreateTokenDialog opened={createOpened} onClose={create.close} role={role} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  )
}
