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
import { Either, ParseResult, Schema } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { createToken, tokenKeys } from "../../../../api/tokens"
import { AlertIcon, CheckIcon, CopyIcon } from "../../../../components/icons"
import { type FieldErrorsOf, fieldMessages, formFailureOf } from "../../../-components/formFailure"
import { formatDate } from "../directory/format"

type Field = "name" | "scopes" | "expiresInDays"
const fieldNames: ReadonlyArray<Field> = ["name", "scopes", "expiresInDays"]

const decodeCreate = Schema.decodeUnknownEither(CreateApiToken, { errors: "all" })

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
  const [name, setName] = useState("")
  const [scopes, setScopes] = useState<ReadonlyArray<TokenScope>>(["read"])
  const [expiry, setExpiry] = useState<string>("90")
  const [fieldErrors, setFieldErrors] = useState<FieldErrorsOf<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  // `admin` would never exceed the role anyway; offering it to non-admins only confuses.
  const mayAdmin = can(role, "users.manage")

  const mutation = useMutation({
    mutationFn: createToken,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: tokenKeys.list() })
      onCreated(created)
    },
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      setFieldErrors(failure.fields)
      setFormError(failure.form)
      if (failure.fields.name !== undefined) nameInput.current?.focus()
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const input = { name, scopes, expiresInDays: expiry === "never" ? null : Number(expiry) }
    Either.match(decodeCreate(input), {
      onLeft: (error) => {
        const errors = fieldMessages(ParseResult.ArrayFormatter.formatErrorSync(error), fieldNames)
        setFieldErrors(errors)
        if (errors.name !== undefined) nameInput.current?.focus()
      },
      onRight: (payload) => {
        setFieldErrors({})
        mutation.mutate(payload)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token">
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
          ref={nameInput}
          label="Name"
          description="What uses it, so you can tell tokens apart later."
          placeholder="e.g. Nightly import (GitHub Actions)"
          maxLength={80}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setFieldErrors((current) => ({ ...current, name: undefined }))
          }}
          error={fieldErrors.name}
          data-autofocus
        />
        <Checkbox.Group
          label="Scopes"
          description="What the token may do, within your role."
          value={[...scopes]}
          onChange={(values) => {
            setScopes(tokenScopes.filter((scope) => values.includes(scope)))
            setFieldErrors((current) => ({ ...current, scopes: undefined }))
          }}
          error={fieldErrors.scopes}
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
          value={expiry}
          onChange={(event) => setExpiry(event.currentTarget.value)}
          error={fieldErrors.expiresInDays}
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
