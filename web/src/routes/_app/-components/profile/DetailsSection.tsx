import { type Profile, roleLabels, UpdateProfile } from "@folio/core"
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Either, ParseResult, Schema } from "effect"
import { type FormEvent, useMemo, useState } from "react"
import { profileKeys, updateProfile } from "../../../../api/profile"
import { sessionKeys } from "../../../../api/session"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { type FieldErrorsOf, fieldMessages, formFailureOf } from "../../../-components/formFailure"
import { Section } from "./Section"

type Field = "name" | "timezone"
const fieldNames: ReadonlyArray<Field> = ["name", "timezone"]
const decodeUpdate = Schema.decodeUnknownEither(UpdateProfile, { errors: "all" })

const allTimeZones = (): ReadonlyArray<string> => {
  try {
    return Intl.supportedValuesOf("timeZone")
  } catch {
    return ["UTC"]
  }
}

export const DetailsSection = ({ profile }: { readonly profile: Profile }) => {
  const queryClient = useQueryClient()
  const [name, setName] = useState(profile.user.name)
  const [timezone, setTimezone] = useState(profile.user.timezone)
  const [fieldErrors, setFieldErrors] = useState<FieldErrorsOf<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const zones = useMemo(() => {
    const list = allTimeZones()
    return list.includes(profile.user.timezone) ? list : [profile.user.timezone, ...list]
  }, [profile.user.timezone])
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const changed = name.trim() !== profile.user.name || timezone !== profile.user.timezone

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (next) => {
      queryClient.setQueryData(profileKeys.me(), next)
      // The header and dashboard show my name.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me })
      setName(next.user.name)
      setSaved(true)
    },
    onError: (error) => {
      const failure = formFailureOf(error, fieldNames)
      setFieldErrors(failure.fields)
      setFormError(failure.form)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    setSaved(false)
    Either.match(decodeUpdate({ name, timezone }), {
      onLeft: (error) =>
        setFieldErrors(fieldMessages(ParseResult.ArrayFormatter.formatErrorSync(error), fieldNames)),
      onRight: (payload) => {
        setFieldErrors({})
        mutation.mutate(payload)
      },
    })
  }

  return (
    <Section title="Your details">
      <form onSubmit={submit} noValidate aria-label="Your details">
        <Stack gap="md">
          {formError !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not save">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              name="name"
              autoComplete="name"
              required
              withAsterisk={false}
              maxLength={120}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value)
                setSaved(false)
                setFieldErrors((current) => ({ ...current, name: undefined }))
              }}
              error={fieldErrors.name}
            />
            <TextInput
              label="Email"
              value={profile.user.email}
              readOnly
              variant="filled"
              description="Ask an administrator to change it."
            />
            <Select
              label="Time zone"
              description={
                timezone !== browserZone ? (
                  <>
                    This device is on {browserZone}.{" "}
                    <Text
                      component="button"
                      type="button"
                      fz="inherit"
                      c="indigo"
                      style={{ background: "none", border: 0, padding: 0, cursor: "pointer" }}
                      onClick={() => {
                        setTimezone(browserZone)
                        setSaved(false)
                      }}
                    >
                      Use it
                    </Text>
                  </>
                ) : (
                  "Dates and release times are shown in this zone."
                )
              }
              data={zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
              value={timezone}
              onChange={(value) => {
                if (value !== null) setTimezone(value)
                setSaved(false)
              }}
              searchable
              allowDeselect={false}
              limit={60}
              nothingFoundMessage="No such time zone"
              error={fieldErrors.timezone}
            />
            <TextInput
              label="Role"
              value={roleLabels[profile.user.role]}
              readOnly
              variant="filled"
              description="Set by an administrator."
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={mutation.isPending} disabled={!changed}>
              Save details
            </Button>
            {saved && (
              <Group gap={4} c="teal" role="status">
                <CheckIcon size={16} />
                <Text fz="sm">Saved</Text>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Section>
  )
}
