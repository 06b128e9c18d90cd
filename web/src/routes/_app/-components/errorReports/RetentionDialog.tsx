import { ErrorReportSettings } from "@folio/core"
import { Button, NumberInput, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import {
  errorReportKeys,
  errorReportSettingsQueryOptions,
  updateErrorReportSettings,
} from "../../../../api/errorReports"
import { ClockIcon } from "../../../../components/icons"
import { FormDialog } from "../directory/FormDialog"
import { plural } from "../directory/format"

interface Values extends Record<string, unknown> {
  /** "" while the field is empty (or holds no number). */
  readonly retentionDays: string | number
}

/**
 * How long the inbox keeps events and traces (1–365 days), checked with core's schema before the
 * server sees it. The hourly housekeeping deletes what is older.
 */
export const RetentionDialog = () => {
  const [opened, { open, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const settings = useQuery(errorReportSettingsQueryOptions())

  return (
    <>
      <Button
        variant="default"
        leftSection={<ClockIcon size={16} />}
        onClick={open}
        disabled={!settings.isSuccess}
        loading={settings.isPending}
      >
        {settings.isSuccess ? `Retention: ${plural(settings.data.retentionDays, "day")}` : "Retention"}
      </Button>
      <FormDialog
        opened={opened}
        onClose={close}
        title="Error report retention"
        size="md"
        intro={
          <Text fz="sm" c="dimmed">
            Events and traces older than this are deleted by the hourly housekeeping. Issues stay, with their
            counts.
          </Text>
        }
        initialValues={{ retentionDays: settings.data?.retentionDays ?? "" } as Values}
        schema={ErrorReportSettings}
        precheck={(values: Values) =>
          typeof values.retentionDays === "number" ? {} : { retentionDays: "Enter a number of days" }
        }
        isEmpty={(payload) => payload.retentionDays === settings.data?.retentionDays}
        submit={updateErrorReportSettings}
        errorTitle="Could not save"
        submitLabel="Save"
        onSaved={(saved: ErrorReportSettings) => {
          queryClient.setQueryData(errorReportKeys.settings(), saved)
          notifications.show({
            color: "teal",
            title: "Retention saved",
            message: `Events and traces are kept for ${plural(saved.retentionDays, "day")}.`,
          })
        }}
      >
        {(form) => (
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
            {...form.getInputProps("retentionDays")}
          />
        )}
      </FormDialog>
    </>
  )
}
