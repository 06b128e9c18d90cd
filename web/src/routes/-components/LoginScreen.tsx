import type { SsoErrorCode } from "@folio/core"
import { RateLimited, Unauthorized, ValidationError } from "@folio/core"
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { type FormEvent, type ReactNode, useRef, useState } from "react"
import { requestMagicLink } from "../../api/authLinks"
import { sessionKeys, signIn } from "../../api/session"
import { AlertIcon, CheckIcon, MailIcon } from "../../components/icons"
import { describeError } from "../../errors/describeError"
import { AuthLayout } from "./AuthLayout"
import { CodeSignInForm } from "./CodeSignInForm"
import { EmailRequestForm } from "./EmailRequestForm"
import { useFinishSignIn } from "./finishSignIn"
import { cooldownLabel, useCooldown } from "./formFailure"
import { SsoButton, SsoError } from "./SsoSignIn"
import { AdminPasswordLink, SsoOnlySignIn, useSignInMethods } from "./signInMethods"
import { type FieldErrors, fieldErrorsFrom, type SignInField, validateSignIn } from "./signInValidation"

/** What the server said, split into field errors and a message for the whole form. */
const formErrorsFrom = (
  error: unknown,
): { fields: FieldErrors; form: string | null; retryAfterSeconds: number | null } => {
  if (error instanceof ValidationError) {
    const fields = fieldErrorsFrom(error.issues)
    return { fields, form: Object.keys(fields).length > 0 ? null : error.message, retryAfterSeconds: null }
  }
  if (error instanceof RateLimited)
    return { fields: {}, form: error.message, retryAfterSeconds: Math.max(1, error.retryAfterSeconds) }
  if (error instanceof Unauthorized) return { fields: {}, form: error.message, retryAfterSeconds: null }
  return { fields: {}, form: describeError(error, window.location.host).text, retryAfterSeconds: null }
}

/** Why the sign-in page was opened after another screen: said once, above the form. */
export type LoginNotice = "password-reset" | "invite-accepted"

const noticeText: Record<LoginNotice, { title: string; body: string }> = {
  "password-reset": {
    title: "Password changed",
    body: "Every session was signed out. Sign in with your new password.",
  },
  "invite-accepted": {
    title: "Your account is ready",
    body: "Your password is set. Sign in to get started.",
  },
}

type Method = "password" | "link" | "linkSent"

export interface LoginScreenProps {
  readonly redirectTo: string
  /** `link` opens the "email me a sign-in link" form directly (e.g. from an expired link). */
  readonly method?: "password" | "link" | undefined
  readonly notice?: LoginNotice | undefined
  /** Prefills the email (after setting a password, or coming back from another screen). */
  readonly email?: string | undefined
  /** Set when single sign-on sent the user back without signing them in. */
  readonly ssoError?: SsoErrorCode | undefined
}

export const LoginScreen = ({
  redirectTo,
  method: initialMethod,
  notice,
  email,
  ssoError,
}: LoginScreenProps) => {
  const methods = useSignInMethods()
  // With the password form off, people start on the sign-in link (admins may still ask for the form).
  const [method, setMethod] = useState<Method>(
    methods.magicLink && (initialMethod === "link" || !methods.password) ? "link" : "password",
  )
  const [adminPassword, setAdminPassword] = useState(false)
  const choosePassword = () => {
    if (!methods.password) setAdminPassword(true)
    setMethod("password")
  }
  const [emailValue, setEmailValue] = useState(email ?? "")
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null)
  const finishSignIn = useFinishSignIn()
  useDocumentTitle(method === "linkSent" ? "Check your email · Folio" : "Sign in · Folio")

  if (method === "linkSent" && sent !== null) {
    return (
      <AuthLayout
        footer={
          <Group justify="center" gap="lg">
            <Anchor component="button" type="button" fz="sm" onClick={() => setMethod("link")}>
              Use a different email
            </Anchor>
            {methods.password && (
              <Anchor component="button" type="button" fz="sm" onClick={choosePassword}>
                Sign in with a password
              </Anchor>
            )}
          </Group>
        }
      >
        <Stack gap="md">
          <CheckEmailHeading message={sent.message} email={sent.email} />
          <Divider label="or enter the code from the email" labelPosition="center" />
          <CodeSignInForm email={sent.email} onSignedIn={(me) => finishSignIn(me, redirectTo)} />
        </Stack>
      </AuthLayout>
    )
  }

  if (method === "link") {
    return (
      <AuthLayout footer={<TroubleText />}>
        <Stack gap="md">
          <div>
            <Title order={1} fz="h2">
              Email me a sign-in link
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              We will email you a link and a 6-digit code. No password needed.
            </Text>
          </div>
          <EmailRequestForm
            label="Email me a sign-in link"
            initialEmail={emailValue}
            submitLabel="Send the link"
            failureTitle="Could not send the link"
            request={requestMagicLink}
            onSent={(message, to) => {
              setEmailValue(to)
              setSent({ message, email: to })
              setMethod("linkSent")
            }}
          />
          {methods.password ? (
            <Button variant="subtle" fullWidth onClick={choosePassword}>
              Sign in with a password instead
            </Button>
          ) : (
            <AdminPasswordLink onClick={choosePassword} />
          )}
        </Stack>
      </AuthLayout>
    )
  }

  if (!methods.password && !adminPassword) {
    return <SsoOnlySignIn redirectTo={redirectTo} onAdminPassword={choosePassword} />
  }

  return (
    <PasswordSignIn
      offerLink={methods.magicLink}
      redirectTo={redirectTo}
      email={emailValue}
      onEmailChange={setEmailValue}
      notice={notice}
      ssoError={ssoError}
      onUseLink={() => setMethod("link")}
    />
  )
}

/** "Check your email": the server's neutral words, and where the link went. */
export const CheckEmailHeading = ({
  message,
  email,
}: {
  readonly message: string
  readonly email?: string
}) => (
  <Stack gap="xs" align="center" ta="center">
    <MailIcon size={40} color="var(--mantine-color-indigo-filled)" />
    <Title order={1} fz="h2">
      Check your email
    </Title>
    {email !== undefined && (
      <Text fz="sm">
        Sign-in link requested for <strong>{email}</strong>.
      </Text>
    )}
    <Text c="dimmed" fz="sm" role="status">
      {message}
    </Text>
  </Stack>
)

const TroubleText = () => (
  <Text c="dimmed" fz="xs" ta="center">
    Trouble signing in? Ask your Folio administrator.
  </Text>
)

const Notice = ({ notice }: { readonly notice: LoginNotice }) => (
  <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" title={noticeText[notice].title}>
    {noticeText[notice].body}
  </Alert>
)

const PasswordSignIn = ({
  offerLink,
  redirectTo,
  email,
  onEmailChange,
  notice,
  ssoError,
  onUseLink,
}: {
  readonly offerLink: boolean
  readonly redirectTo: string
  readonly email: string
  readonly onEmailChange: (email: string) => void
  readonly notice: LoginNotice | undefined
  readonly ssoError: SsoErrorCode | undefined
  readonly onUseLink: () => void
}): ReactNode => {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [password, setPassword] = useState("")
  const values: Record<SignInField, string> = { email, password }
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const cooldown = useCooldown()
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
      const { fields, form, retryAfterSeconds } = formErrorsFrom(error)
      setFieldErrors(fields)
      setFormError(form)
      if (retryAfterSeconds !== null) cooldown.start(retryAfterSeconds)
      focusFirstInvalid(fields)
    },
  })

  const update = (field: SignInField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    if (field === "email") onEmailChange(value)
    else setPassword(value)
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

  // With the email already known (just set a password), start on the password.
  const startOnPassword = notice !== undefined && email !== ""

  return (
    <AuthLayout footer={<TroubleText />}>
      <Stack gap="md">
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
            {notice !== undefined && formError === null && <Notice notice={notice} />}
            {ssoError !== undefined && formError === null && <SsoError code={ssoError} />}
            {formError !== null && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign in">
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
              data-autofocus={startOnPassword ? undefined : true}
              autoFocus={!startOnPassword}
            />
            <div>
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
                autoFocus={startOnPassword}
              />
              <Group justify="flex-end" mt={6}>
                <Anchor
                  fz="sm"
                  renderRoot={(props) => (
                    <Link
                      to="/forgot-password"
                      search={{ email: values.email.trim() === "" ? undefined : values.email.trim() }}
                      {...props}
                    />
                  )}
                >
                  Forgot password?
                </Anchor>
              </Group>
            </div>
            <Button type="submit" fullWidth loading={mutation.isPending} disabled={cooldown.secondsLeft > 0}>
              {cooldown.secondsLeft > 0 ? cooldownLabel(cooldown.secondsLeft) : "Sign in"}
            </Button>
          </Stack>
        </form>
        {offerLink && (
          <>
            <Divider label="or" labelPosition="center" />
            <Button variant="default" fullWidth leftSection={<MailIcon size={16} />} onClick={onUseLink}>
              Email me a sign-in link
            </Button>
          </>
        )}
        <SsoButton redirectTo={redirectTo} />
      </Stack>
    </AuthLayout>
  )
}
