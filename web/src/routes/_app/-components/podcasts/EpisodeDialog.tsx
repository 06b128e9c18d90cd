import {
  CreateEpisode,
  type Episode,
  type EpisodeId,
  type ReportId,
  type ShowId,
  UpdateEpisode,
} from "@folio/core"
import { Group, NumberInput, Switch, Text, Textarea, TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { notifications } from "@mantine/notifications"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createEpisode, episodeQueryOptions, podcastKeys, updateEpisode } from "../../../../api/podcasts"
import { FormDialog } from "../directory/FormDialog"
import { AudienceField } from "../reports/editor/AudienceField"
import type { AudienceDraft } from "../reports/editor/model"
import { ReportPicker } from "./ReportPicker"

interface Values extends Record<string, unknown> {
  readonly title: string
  readonly notes: string
  readonly transcript: string
  readonly season: number | string
  readonly number: number | string
  readonly reportId: ReportId | null
  readonly followReport: boolean
  readonly audience: ReadonlyArray<AudienceDraft>
}

const allClients: AudienceDraft = {
  companyId: null,
  companyName: null,
  teamId: null,
  teamName: null,
  embargoHours: 0,
}

const empty: Values = {
  title: "",
  notes: "",
  transcript: "",
  season: "",
  number: "",
  reportId: null,
  followReport: false,
  audience: [allClients],
}

const valuesOf = (episode: Episode): Values => ({
  title: episode.title,
  notes: episode.notes,
  // Lists leave the transcript out; the answer about one episode has it.
  transcript: episode.transcript ?? "",
  season: episode.season ?? "",
  number: episode.number ?? "",
  reportId: episode.report?.id ?? null,
  followReport: episode.followReport,
  audience: episode.audience.map((entry) => ({
    companyId: entry.companyId,
    companyName: entry.companyName,
    teamId: entry.teamId,
    teamName: entry.teamName,
    embargoHours: entry.embargoHours,
  })),
})

const whole = (value: number | string): number | null | string =>
  value === ""
    ? null
    : typeof value === "number"
      ? value
      : Number.isNaN(Number(value))
        ? value
        : Number(value)

const audienceInput = (audience: ReadonlyArray<AudienceDraft>) =>
  audience.map(({ companyId, teamId, embargoHours }) => ({ companyId, teamId, embargoHours }))

const createInput = (values: Values) => ({
  title: values.title,
  notes: values.notes,
  transcript: values.transcript.trim() === "" ? null : values.transcript,
  season: whole(values.season),
  number: whole(values.number),
  reportId: values.reportId,
  followReport: values.reportId !== null && values.followReport,
  audience: audienceInput(values.audience),
})

const sameAudience = (a: ReadonlyArray<AudienceDraft>, b: ReadonlyArray<AudienceDraft>) =>
  a.length === b.length &&
  a.every(
    (entry, i) =>
      entry.companyId === b[i]?.companyId &&
      entry.teamId === b[i]?.teamId &&
      entry.embargoHours === b[i]?.embargoHours,
  )

/** Only what changed is sent. */
const patchOf = (episode: Episode) => (values: Values) => {
  const before = valuesOf(episode)
  const input = createInput(values)
  return {
    ...(values.title !== before.title ? { title: input.title } : {}),
    ...(values.notes !== before.notes ? { notes: input.notes } : {}),
    ...(values.transcript !== before.transcript ? { transcript: input.transcript } : {}),
    ...(values.season !== before.season ? { season: input.season } : {}),
    ...(values.number !== before.number ? { number: input.number } : {}),
    ...(values.reportId !== before.reportId ? { reportId: input.reportId } : {}),
    ...(input.followReport !== before.followReport ? { followReport: input.followReport } : {}),
    ...(!sameAudience(values.audience, before.audience) ? { audience: input.audience } : {}),
  }
}

const EpisodeFields = ({
  form,
  episode,
  transcriptLoading,
}: {
  readonly form: UseFormReturnType<Values>
  readonly episode: Episode | undefined
  readonly transcriptLoading: boolean
}) => {
  const { values } = form
  const following = values.reportId !== null && values.followReport
  return (
    <>
      <TextInput
        label="Title"
        required
        withAsterisk={false}
        maxLength={200}
        {...form.getInputProps("title")}
      />
      <Textarea
        label="Show notes"
        description="Markdown: links, lists and emphasis show as they will in podcast apps."
        autosize
        minRows={4}
        maxRows={14}
        {...form.getInputProps("notes")}
      />
      <Textarea
        label="Transcript"
        description={
          transcriptLoading
            ? "Loading the transcript…"
            : "Optional, plain text. Podcast apps show it beside the audio; empty it to remove it."
        }
        disabled={transcriptLoading}
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps("transcript")}
      />
      <Group grow align="flex-start" gap="sm">
        <NumberInput
          label="Season"
          min={1}
          max={9999}
          allowDecimal={false}
          {...form.getInputProps("season")}
        />
        <NumberInput
          label="Episode number"
          min={1}
          max={99_999}
          allowDecimal={false}
          {...form.getInputProps("number")}
        />
      </Group>
      <ReportPicker
        value={values.reportId}
        initial={episode?.report ?? null}
        onChange={(id) => form.setFieldValue("reportId", id)}
        error={form.errors.reportId as string | undefined}
        description="Listeners get a “Read the report” link."
      />
      <Switch
        label="Publish with the report"
        description="Goes out when the report is released, to the report’s audience."
        disabled={values.reportId === null}
        {...form.getInputProps("followReport", { type: "checkbox" })}
      />
      {following ? (
        <Text fz="sm" c="dimmed">
          The episode’s audience is the linked report’s.
        </Text>
      ) : (
        <AudienceField
          value={values.audience}
          onChange={(next) => form.setFieldValue("audience", next)}
          error={form.errors.audience as string | undefined}
          description="Who may hear it once published. Embargo holds it back for that audience."
        />
      )}
    </>
  )
}

/** Create an episode of a show (a draft; its audio comes next), or edit one. */
export const EpisodeDialog = ({
  opened,
  onClose,
  showId,
  episode,
  onCreated,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly showId: ShowId
  readonly episode?: Episode | undefined
  readonly onCreated?: (episode: Episode) => void
}) => {
  const queryClient = useQueryClient()
  const saved = async (result: Episode) => {
    queryClient.setQueryData(podcastKeys.episode(result.id), result)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: podcastKeys.episodeLists() }),
      queryClient.invalidateQueries({ queryKey: podcastKeys.shows() }),
    ])
    notifications.show({
      color: "teal",
      title: episode ? "Episode saved" : "Episode created",
      message: result.title,
    })
  }
  // A list's episode has no transcript in it: the one-episode answer has, for the edit form.
  const full = useQuery({
    ...episodeQueryOptions(episode?.id ?? ("" as EpisodeId)),
    enabled: opened && episode !== undefined && episode.transcript === undefined && episode.hasTranscript,
  })
  const editing = full.data ?? episode
  const transcriptLoading = editing?.hasTranscript === true && editing.transcript === undefined
  const common = {
    opened,
    onClose,
    size: "lg",
    children: (form: UseFormReturnType<Values>) => (
      <EpisodeFields form={form} episode={editing} transcriptLoading={transcriptLoading} />
    ),
  } as const
  return episode === undefined ? (
    <FormDialog
      {...common}
      title="New episode"
      formLabel="New episode"
      intro={<Text fz="sm">It starts as a draft: upload its audio next, then publish it.</Text>}
      initialValues={empty}
      schema={CreateEpisode}
      toInput={createInput}
      submit={(payload: CreateEpisode) => createEpisode(showId, payload)}
      errorTitle="Could not create the episode"
      submitLabel="Create episode"
      onSaved={async (created: Episode) => {
        await saved(created)
        onCreated?.(created)
      }}
    />
  ) : (
    <FormDialog
      {...common}
      // The form starts again from the full episode once its transcript is in.
      key={editing === episode ? "listed" : "full"}
      title={`Edit ${episode.title}`}
      formLabel="Edit episode"
      initialValues={valuesOf(editing ?? episode)}
      schema={UpdateEpisode}
      toInput={patchOf(editing ?? episode)}
      isEmpty={(patch) => Object.keys(patch).length === 0}
      submit={(patch: UpdateEpisode) => updateEpisode(episode.id, patch)}
      errorTitle="Could not save"
      submitLabel="Save changes"
      onSaved={saved}
    />
  )
}
