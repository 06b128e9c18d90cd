import { RateLimited, Unauthorized, ValidationError } from "@folio/core"
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import { sessionKeys, signIn } from "../../api/session"
import { ColorSchemeToggle } from "../../components/ColorSchemeToggle"
import { FolioLogo } from "../../components/FolioLogo"
import { AlertIcon } from "../../components/icons"
import { describeError } from "../../errors/describeError"
import { type FieldErrors, fieldErrorsFrom, type SignInField, validateSignIn } from "./signInValidation"

/** What the server said, split into field errors and a message for the whole form. */
const formErrorsFrom = (error: unknown): { fields: FieldErrors; form: string | null } => {
  if (error instanceof ValidationError) {
    const fields = fieldErrorsFrom(error.issues)
    return { fields, form: Object.keys(fields).length > 0 ? null : error.message }
  }
  if (error instanceof Unauthorized || error instanceof RateLimited)
    return { fields: {}, form: error.message }
  return { fields: {}, form: describeError(error, window.location.host).text }
}

export const LoginScreen = ({ redirectTo }: { readonly redirectTo: string }) => {
  useDocumentTitle("Sign in · Folio")
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState<Record<SignInField, string>>({ email: "", password: "" })
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }

  const focusFirstInvalid = (errors: FieldErrors) => {
    const first = (["email", "password"] as const).find((field) => errors[field] !== undefined)
    if (first !== undefined) inputs[first].current?.focus()
  }

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (me) => {
      queryClient.setQueryData(sessionKeys.me, me)
      await navigate({ href: redirectTo, replace: true })
    },
    onError: (error) => {
      const { fields, form } = formErrorsFrom(error)
      setFieldErrors(fields)
      setFormError(form)
      focusFirstInvalid(fields)
    },
  })

  const update = (field: SignInField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    Either.match(validateSignIn(values), {
      onLeft: (errors) => {
        setFieldErrors(errors)
        focusFirstInvalid(errors)
      },
      onRight: (payload) => {
        setFieldErrors({})
        mutation.mutate(payload)
      },
    })
  }

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" pos="relative">
      <Box pos="absolute" top={16} right={16}>
        <ColorSchemeToggle />
      </Box>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={400} gap="lg">
          <Group justify="center">
            <FolioLogo size={36} />
          </Group>
          <Paper withBorder shadow="sm" p={{ base: "lg", xs: "xl" }} radius="lg">
            <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
              <Stack gap="md">
                <div>
                  <Title order={1} fz="h2" id="sign-in-title">
                    Sign in
                  </Title>
                  <Text c="dimmed" fz="sm" mt={4}>
                    Welcome back. Sign in with your work email.
                  </Text>
                </div>
                {formError !== null && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<AlertIcon />}
                    role="alert"
                    title="Could not sign in"
                  >
                    {formError}
                  </Alert>
                )}
                <TextInput
                  ref={inputs.email}
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  placeholder="name@example.com"
                  required
                  withAsterisk={false}
                  value={values.email}
                  onChange={update("email")}
                  error={fieldErrors.email}
                  data-autofocus
                  autoFocus
                />
                <PasswordInput
                  ref={inputs.password}
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  required
                  withAsterisk={false}
                  value={values.password}
                  onChange={update("password")}
                  error={fieldErrors.password}
                />
                <Button type="submit" fullWidth mt="xs" loading={mutation.isPending}>
                  Sign in
                </Button>
              </Stack>
            </form>
          </Paper>
          <Text c="dimmed" fz="xs" ta="center">
            Trouble signing in? Ask your Folio administrator.
          </Text>
        </Stack>
      </Center>
    </Box>
  )
}
