import type { ErrorIssue, ErrorIssueStatus } from "@folio/core"
import { Alert, Button, Group, Stack } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { errorReportKeys, setErrorIssueStatus } from "../../../../api/errorReports"
import { AlertIcon, CheckIcon, MuteIcon, ReloadIcon } from "../../../../components/icons"
import { actionErrorText } from "../directory/forms"

const done: Record<ErrorIssueStatus, string> = {
  resolved: "Resolved. It reopens by itself if the error happens again.",
  ignored: "Ignored. New events are still counted, without reopening it.",
  unresolved: "Reopened.",
}

/** Resolve, ignore or reopen an issue; the lists and the issue refresh once the server agrees. */
export const IssueStatusActions = ({ issue }: { readonly issue: ErrorIssue }) => {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (status: ErrorIssueStatus) => setErrorIssueStatus(issue.id, status),
    onSuccess: async (updated) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: errorReportKeys.issue(issue.id) }),
        queryClient.invalidateQueries({ queryKey: errorReportKeys.issueLists() }),
      ])
      notifications.show({ color: "teal", title: updated.type, message: done[updated.status] })
    },
  })
  const pendingFor = (status: ErrorIssueStatus) => mutation.isPending && mutation.variables === status
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" wrap="wrap">
        {issue.status === "unresolved" ? (
          <>
            <Button
              leftSection={<CheckIcon size={16} />}
              color="teal"
              loading={pendingFor("resolved")}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate("resolved")}
            >
              Resolve
            </Button>
            <Button
              variant="default"
              leftSection={<MuteIcon size={16} />}
              loading={pendingFor("ignored")}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate("ignored")}
            >
              Ignore
            </Button>
          </>
        ) : (
          <Button
            variant="default"
            leftSection={<ReloadIcon size={16} />}
            loading={pendingFor("unresolved")}
            onClick={() => mutation.mutate("unresolved")}
          >
            Reopen
          </Button>
        )}
      </Group>
      {mutation.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" maw="24rem">
          {actionErrorText(mutation.error)}
        </Alert>
      )}
    </Stack>
  )
}
