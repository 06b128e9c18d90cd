import { ErrorReportSettings } from "@folio/core"
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Either } from "effect"
import { type FormEvent, useRef, useState } from "react"
import {
  errorReportKeys,
  errorReportSettingsQueryOptions,
  updateErrorReportSettings,
} from "../../../../api/errorReports"
import { AlertIcon, ClockIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import {
  type FormErrors,
  focusFirstInvalid,
  noFormErrors,
  serverFormErrors,
  validateWith,
} from "../directory/forms"

const fields = ["retentionDays"] as const
type Field = (typeof fields)[number]
const validate = validateWith(ErrorReportSettings, fields)

/**
 * How long the inbox keeps events and traces (1–365 days), checked with core's schema before the
 * server sees it. The hourly housekeeping deletes what is older.
 */
export const RetentionDialog = () => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const settings = useQuery(errorReportSettingsQueryOptions())
  const form = useRef<HTMLFormElement>(null)
  const [value, setValue] = useState<string | number>("")
  const [errors, setErrors] = useState<FormErrors<Field>>(noFormErrors)

  const mutation = useMutation({
    mutationFn: updateErrorReportSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(errorReportKeys.settings(), saved)
      notifications.show({
        color: "teal",
        title: "Retention saved",
        message: `Events and traces are kept for ${plural(saved.retentionDays, "day")}.`,
      })
      close()
    },
    onError: (error) => {
      setErrors(serverFormErrors(error, fields))
      focusFirstInvalid(form.current)
    },
  })

  const start = () => {
    setValue(settings.data?.retentionDays ?? "")
    setErrors(noFormErrors)
    mutation.reset()
    open()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (typeof value !== "number") {
      setErrors({ fields: { retentionDays: "Enter a number of days" }, form: null })
      focusFirstInvalid(form.current)
      return
    }
    Either.match(validate({ retentionDays: value }), {
      onLeft: (found) => {
        setErrors(found)
        focusFirstInvalid(form.current)
      },
      onRight: (payload) => {
        setErrors(noFormErrors)
        if (payload.retentionDays === settings.data?.retentionDays) close()
        else mutation.mutate(payload)
      },
    })
  }

  return (
    <>
      <Button
        variant="default"
        leftSection={<ClockIcon size={16} />}
        onClick={start}
        disabled={!settings.isSuccess}
        loading={settings.isPending}
      >
        {settings.isSuccess ? `Retention: ${plural(settings.data.retentionDays, "day")}` : "Retention"}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !mutation.isPending && close()}
        title="Error report retention"
        centered
      >
        <form ref={form} onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              Events and traces older than this are deleted by the hourly housekeeping. Issues stay, with
              their counts.
            </Text>
            {errors.form !== null && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not save">
                {errors.form}
              </Alert>
            )}
            <NumberInput
              label="Keep reports for"
              description="Between 1 and 365 days."
              rightSection={
                <Text fz="sm" c="dimmed" pr="md">
                  days
                </Text>
              }
              rightSectionWidth={64}
              min={1}
              max={365}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={value}
              error={errors.fields.retentionDays}
              onChange={(next) => {
                setValue(next)
                setErrors(noFormErrors)
              }}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
