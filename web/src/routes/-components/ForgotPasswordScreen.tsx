import { Anchor, Button, Stack, Text, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { requestPasswordReset } from "../../api/authLinks"
import { AuthLayout } from "./AuthLayout"
import { EmailRequestForm } from "./EmailRequestForm"
import { CheckEmailHeading } from "./LoginScreen"

export const ForgotPasswordScreen = ({ email }: { readonly email: string | undefined }) => {
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null)
  useDocumentTitle(sent === null ? "Forgot password · Folio" : "Check your email · Folio")

  const backToSignIn = (
    <Text c="dimmed" fz="sm" ta="center">
      Remembered it?{" "}
      <Anchor
        fz="sm"
        renderRoot={(props) => <Link to="/login" search={{ email: sent?.email ?? email }} {...props} />}
      >
        Back to sign in
      </Anchor>
    </Text>
  )

  if (sent !== null) {
    return (
      <AuthLayout footer={backToSignIn}>
        <Stack gap="md">
          <CheckEmailHeading message={sent.message} />
          <Text fz="sm" ta="center">
            The reset link for <strong>{sent.email}</strong> works once, for 60 minutes. Setting a new
            password signs you out everywhere.
          </Text>
          <Button variant="default" fullWidth onClick={() => setSent(null)}>
            Use a different email
          </Button>
        </Stack>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout footer={backToSignIn}>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Forgot your password?
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            Enter your work email and we will send you a link to choose a new one.
          </Text>
        </div>
        <EmailRequestForm
          label="Request a password reset"
          initialEmail={email}
          submitLabel="Email me a reset link"
          failureTitle="Could not send the link"
          request={requestPasswordReset}
          onSent={(message, to) => setSent({ message, email: to })}
        />
      </Stack>
    </AuthLayout>
  )
}
