import type { FailedJob, JobId } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Button, Code, Stack } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { controlPanelKeys } from "../../../../api/controlPanel"
import { failedJobsInfiniteQueryOptions, retryJobs } from "../../../../api/controlPanelLists"
import { formatRelative, plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { AllClear } from "./AllClear"
import { FailedItem } from "./FailedItem"

/** Background jobs (graphile-worker) out of attempts: listed with their last error, retried by hand. */
export const FailedJobsSection = () => {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(failedJobsInfiniteQueryOptions())
  const jobs = query.data?.pages.flatMap((page) => page.items) ?? []
  const retry = useMutation({
    mutationFn: (ids: ReadonlyArray<JobId>) => retryJobs(ids),
    onSuccess: async (retried) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: controlPanelKeys.failedJobs() }),
        queryClient.invalidateQueries({ queryKey: controlPanelKeys.health() }),
      ])
      notifications.show({
        color: retried === 0 ? "gray" : "teal",
        title: retried === 0 ? "Nothing to retry" : "Retrying",
        message:
          retried === 0
            ? "Those jobs are no longer failed (another admin may have retried them)."
            : `${plural(retried, "job")} queued again with fresh attempts.`,
      })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Not retried", message: actionErrorText(error) }),
  })
  const labelOf = (job: FailedJob) => `job ${job.id} (${job.task})`
  return (
    <Section
      id="failed-jobs"
      title="Failed jobs"
      description="Background jobs that used up their attempts. A retry runs one again now, with its attempts reset."
      actions={
        jobs.length > 1 ? (
          <Button
            size="xs"
            variant="default"
            loading={retry.isPending && retry.variables?.length !== 1}
            onClick={() => retry.mutate(jobs.map((job) => job.id))}
          >
            Retry all shown
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <SectionPending label="Loading failed jobs…" rows={2} />
      ) : query.isError && jobs.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : jobs.length === 0 ? (
        <AllClear
          title="No failed jobs"
          description="Every background job finished or still has attempts left."
        />
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Failed jobs">
            {jobs.map((job) => (
              <FailedItem
                key={job.id}
                label={labelOf(job)}
                title={
                  <Code fz="sm" fw={600} w="fit-content">
                    {job.task}
                  </Code>
                }
                facts={`Job ${job.id} · failed ${formatRelative(job.failedAt)} after ${plural(job.attempts, "attempt")}${job.key === null ? "" : ` · key ${job.key}`}`}
                error={job.lastError}
                retrying={retry.isPending && retry.variables?.length === 1 && retry.variables[0] === job.id}
                onRetry={() => retry.mutate([job.id])}
              />
            ))}
          </Stack>
          <LoadMore
            shown={jobs.length}
            noun={pluralNoun(jobs.length, "failed job", "failed jobs")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Section>
  )
}
