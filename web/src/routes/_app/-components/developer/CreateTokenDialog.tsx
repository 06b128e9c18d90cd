import {
  CreateApiToken,
  type CreatedApiToken,
  can,
  type Role,
  type TokenScope,
  tokenScopes,
} from "@folio/core"
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { createToken, tokenKeys } from "../../../../api/tokens"
import { AlertIcon, CheckIcon, CopyIcon } from "../../../../components/icons"
import { formatDate } from "../directory/format"
import { useSchemaForm } from "../directory/useSchemaForm"

interface Values extends Record<string, unknown> {
  readonly name: string
  readonly scopes: ReadonlyArray<TokenScope>
  /** A number of days as the select holds it, or "never". */
  readonly expiresInDays: string
}

const initialValues: Values = { name: "", scopes: ["read"], expiresInDays: "90" }

const toInput = (values: Values) => ({
  name: values.name,
  scopes: values.scopes,
  expiresInDays: values.expiresInDays === "never" ? null : Number(values.expiresInDays),
})

const scopeText: Record<TokenScope, { label: string; description: string }> = {
  read: { label: "read", description: "GET requests: read what your role can read." },
  write: { label: "write", description: "Create and change what your role may change." },
  admin: { label: "admin", description: "Admin-only endpoints: users, companies, configuration." },
}

const expiryChoices = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
  { value: "never", label: "No expiry" },
] as const

const inDays = (days: number): Date => new Date(Date.now() + days * 86_400_000)

/** Name, scopes and expiry; then the secret, once, with a copy button. */
export const CreateTokenDialog = ({
  opened,
  onClose,
  role,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly role: Role
}) => {
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  const close = () => {
    setCreated(null)
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created === null ? "Create an API token" : "Copy your new token"}
      centered
      size="lg"
      // Losing the secret by a stray click would mean creating another token.
      closeOnClickOutside={created === null}
    >
      {created === null ? (
        <CreateForm role={role} onCreated={setCreated} onCancel={close} />
      ) : (
        <SecretOnce created={created} onDone={close} />
      )}
    </Modal>
  )
}

const CreateForm = ({
  role,
  onCreated,
  onCancel,
}: {
  readonly role: Role
  readonly onCreated: (created: CreatedApiToken) => void
  readonly onCancel: () => void
}) => {
  const queryClient = useQueryClient()
  const { form, ref, formError, onSubmit, showServerError } = useSchemaForm({
    initialValues,
    schema: CreateApiToken,
    toInput,
  })
  const expiry = form.values.expiresInDays
  // `admin` would never exceed the role anyway; offering it to non-admins only confuses.
  const mayAdmin = can(role, "users.manage")

  const mutation = useMutation({
    mutationFn: createToken,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: tokenKeys.list() })
      onCreated(created)
    },
    onError: (error) => showServerError(error),
  })

  return (
    <form
      ref={ref}
      onSubmit={onSubmit((payload) => mutation.mutate(payload))}
      noValidate
      aria-label="Create an API token"
    >
      <Stack gap="md">
        {formError !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            title="Could not create the token"
          >
            {formError}
          </Alert>
        )}
        <TextInput
          label="Name"
          description="What uses it, so you can tell tokens apart later."
          placeholder="e.g. Nightly import (GitHub Actions)"
          maxLength={80}
          required
          {...form.getInputProps("name")}
          data-autofocus
        />
        <Checkbox.Group
          label="Scopes"
          description="What the token may do, within your role."
          {...form.getInputProps("scopes")}
          value={[...form.values.scopes]}
          onChange={(values) =>
            form.setFieldValue(
              "scopes",
              tokenScopes.filter((scope) => values.includes(scope)),
            )
          }
          required
        >
          <Stack gap="xs" mt="xs">
            {tokenScopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={<Code>{scopeText[scope].label}</Code>}
                description={
                  scope === "admin" && !mayAdmin
                    ? "Only for admins: your role cannot use admin endpoints."
                    : scopeText[scope].description
                }
                disabled={scope === "admin" && !mayAdmin}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          label="Expires"
          data={expiryChoices.map((choice) => ({ ...choice }))}
          {...form.getInputProps("expiresInDays")}
          description={
            expiry === "never"
              ? "Works until you revoke it. Prefer an expiry for CI."
              : `Stops working on ${formatDate(inDays(Number(expiry)))}.`
          }
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

const SecretOnce = ({
  created,
  onDone,
}: {
  readonly created: CreatedApiToken
  readonly onDone: () => void
}) => (
  <Stack gap="md">
    <Alert color="yellow" variant="light" icon={<AlertIcon />} title="Copy it now: it is shown only once">
      Folio stores only a hash of this token. If you lose it, revoke it and create another.
    </Alert>
    <Stack gap={6}>
      <Text fz="sm" fw={500} id="new-token-label">
        Token “{created.token.name}”
      </Text>
      <Code
        block
        aria-labelledby="new-token-label"
        data-testid="new-token-secret"
        style={{ wordBreak: "break-all", whiteSpace: "pre-wrap", fontSize: "var(--mantine-font-size-sm)" }}
      >
        {created.secret}
      </Code>
    </Stack>
    <Group justify="space-between" gap="sm">
      <CopyButton value={created.secret} timeout={3000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? "light" : "filled"}
            color={copied ? "teal" : "indigo"}
            leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            onClick={copy}
          >
            {copied ? "Copied" : "Copy token"}
          </Button>
        )}
      </CopyButton>
      <Button variant="default" onClick={onDone}>
        Done
      </Button>
    </Group>
  </Stack>
)
