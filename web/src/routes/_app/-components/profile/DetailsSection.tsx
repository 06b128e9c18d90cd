import { type Profile, roleLabels, UpdateProfile } from "@folio/core"
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import { profileKeys, updateProfile } from "../../../../api/profile"
import { sessionKeys } from "../../../../api/session"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { useSchemaForm } from "../directory/useSchemaForm"
import { Section } from "./Section"

const allTimeZones = (): ReadonlyArray<string> => {
  try {
    return Intl.supportedValuesOf("timeZone")
  } catch {
    return ["UTC"]
  }
}

export const DetailsSection = ({ profile }: { readonly profile: Profile }) => {
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(false)
  const { form, ref, formError, onSubmit, showServerError } = useSchemaForm({
    initialValues: { name: profile.user.name, timezone: profile.user.timezone },
    schema: UpdateProfile,
    onValuesChange: () => setSaved(false),
  })
  const { name, timezone } = form.values
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
      form.setFieldValue("name", next.user.name)
      setSaved(true)
    },
    onError: (error) => showServerError(error),
  })

  const submit = onSubmit((payload) => {
    setSaved(false)
    mutation.mutate(payload)
  })

  return (
    <Section title="Your details">
      <form ref={ref} onSubmit={submit} noValidate aria-label="Your details">
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
              {...form.getInputProps("name")}
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
                      onClick={() => form.setFieldValue("timezone", browserZone)}
                    >
                      Use it
                    </Text>
                  </>
                ) : (
                  "Dates and release times are shown in this zone."
                )
              }
              data={zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
              {...form.getInputProps("timezone")}
              onChange={(value) => {
                if (value !== null) form.setFieldValue("timezone", value)
              }}
              searchable
              allowDeselect={false}
              limit={60}
              nothingFoundMessage="No such time zone"
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
