import { type ConfigSnapshot, PreconditionFailed, ValidationError } from "@folio/core"
import { Code, Stack, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useState } from "react"
import { configKeys, configSnapshotQueryOptions, patchConfig, siteKeys } from "../../../../api/config"
import { actionErrorText } from "../directory/forms"
import { PageHeader } from "../directory/layout"
import { type Edit, type Edits, editProblems, operationsOf, serverProblems, withEdit } from "./draft"
import { FreeKeysSection } from "./FreeKeysSection"
import { keyGroups } from "./groups"
import { HistorySection } from "./HistorySection"
import { KnownKeysSection } from "./KnownKeysSection"
import { SaveBar } from "./SaveBar"

interface Draft {
  /** The digest the edits were made against: the save's If-Match. */
  readonly base: string
  readonly edits: Edits
}

interface SaveFailure {
  readonly byKey: Readonly<Record<string, string>>
  readonly form: string | null
  readonly stale: boolean
}

const noFailure: SaveFailure = { byKey: {}, form: null, stale: false }

/** The keys' editors are not one form: look for the first field marked invalid on the screen. */
const focusFirstInvalid = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('#main-content [aria-invalid="true"]')?.focus(),
  )

/** `/admin-config`: Folio's keys with typed editors, free JSON keys, and the store's history. */
export const AdminConfigScreen = () => {
  useDocumentTitle("Configuration · Folio")
  const queryClient = useQueryClient()
  const { data: snapshot, refetch } = useSuspenseQuery(configSnapshotQueryOptions())
  const [draft, setDraft] = useState<Draft>({ base: snapshot.digest, edits: {} })
  const [comment, setComment] = useState("")
  const [failure, setFailure] = useState<SaveFailure>(noFailure)
  const entries = new Map(snapshot.entries.map((entry) => [entry.key, entry]))
  const freeEntries = snapshot.entries.filter((entry) => !entry.known)
  const localProblems = editProblems(draft.edits)
  const problems = { ...failure.byKey, ...localProblems }
  const count = Object.keys(draft.edits).length

  const onEdit = (key: string, edit: Edit | undefined) => {
    setDraft((now) => ({
      // The first edit starts from the store as shown now; later refreshes do not move it.
      base: Object.keys(now.edits).length === 0 ? snapshot.digest : now.base,
      edits: withEdit(now.edits, key, edit, entries.get(key)),
    }))
    setFailure((now) => {
      const { [key]: _fixed, ...byKey } = now.byKey
      return { ...now, byKey, form: null }
    })
  }

  const save = useMutation({
    mutationFn: patchConfig,
    onSuccess: async (saved: ConfigSnapshot) => {
      queryClient.setQueryData(configKeys.snapshot(), saved)
      setDraft({ base: saved.digest, edits: {} })
      setComment("")
      setFailure(noFailure)
      notifications.show({
        color: "teal",
        title: "Configuration saved",
        message: `Now at version ${saved.version}.`,
      })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.histories() }),
        queryClient.invalidateQueries({ queryKey: siteKeys.status }),
      ])
    },
    onError: (error, { operations }) => {
      if (error instanceof PreconditionFailed) return setFailure({ byKey: {}, form: null, stale: true })
      if (error instanceof ValidationError) {
        const found = serverProblems(error.issues, operations)
        setFailure({
          byKey: found.byKey,
          form: found.form[0] ?? (Object.keys(found.byKey).length > 0 ? null : error.message),
          stale: false,
        })
        return focusFirstInvalid()
      }
      setFailure({ byKey: {}, form: actionErrorText(error), stale: false })
    },
  })

  const submit = () => {
    const operations = operationsOf(draft.edits)
    if (operations === undefined) {
      setFailure({ ...failure, form: "Fix the marked fields first." })
      return focusFirstInvalid()
    }
    save.mutate({ operations, comment: comment.trim(), digest: draft.base })
  }

  const reload = async () => {
    const { data } = await refetch()
    if (data !== undefined) setDraft((now) => ({ ...now, base: data.digest }))
    setFailure(noFailure)
    await queryClient.invalidateQueries({ queryKey: configKeys.histories() })
  }

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Configuration"
        description={
          <Text span>
            Version {snapshot.version} · digest <Code>{snapshot.digest.slice(0, 12)}</Code>. Changes reach
            every server within a second.
          </Text>
        }
      />
      {keyGroups.map((group) => (
        <KnownKeysSection
          key={`${group.id}:${snapshot.digest}`}
          group={group}
          entries={entries}
          edits={draft.edits}
          problems={problems}
          onEdit={onEdit}
        />
      ))}
      <FreeKeysSection
        key={`free:${snapshot.digest}`}
        entries={freeEntries}
        edits={draft.edits}
        problems={problems}
        onEdit={onEdit}
      />
      <HistorySection current={snapshot.version} digest={snapshot.digest} />
      {(count > 0 || failure.stale || failure.form !== null) && (
        <SaveBar
          count={count}
          problems={Object.keys(localProblems).length}
          comment={comment}
          onComment={setComment}
          saving={save.isPending}
          failure={failure.form}
          stale={failure.stale}
          onReload={() => void reload()}
          onDiscard={() => {
            setDraft({ base: snapshot.digest, edits: {} })
            setFailure(noFailure)
          }}
          onSave={submit}
        />
      )}
    </Stack>
  )
}
