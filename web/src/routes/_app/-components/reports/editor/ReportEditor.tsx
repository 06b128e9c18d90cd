import { Conflict, type Report, reportTypes, ValidationError } from "@folio/core"
import {
  Autocomplete,
  Button,
  Grid,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useQueryClient } from "@tanstack/react-query"
import { useBlocker, useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { useCallback, useEffect, useRef, useState } from "react"
import { createReport, reportKeys, reportQueryOptions, updateReport } from "../../../../../api/reports"
import { AnchorLink } from "../../directory/AnchorLink"
import { type FormErrors, noFormErrors, serverFormErrors } from "../../directory/forms"
import { PageHeader } from "../../directory/layout"
import { useMe } from "../../directory/permissions"
import { ReportStatusBadge, ratingLabels, reportTypeLabels } from "../badges"
import { commonSectors, formatTime } from "../format"
import { AuthorsPicker, TickersPicker } from "../pickers"
import { AudienceField } from "./AudienceField"
import { ConflictView } from "./ConflictView"
import { MarkdownField } from "./MarkdownField"
import {
  changedFields,
  createRequest,
  type EditorField,
  type EditorValues,
  emptyValues,
  fieldError,
  type IssueField,
  issueFields,
  updateRequest,
  valuesOf,
} from "./model"

type SaveStatus =
  | { readonly kind: "idle" }
  | { readonly kind: "saving" }
  | { readonly kind: "invalid"; readonly errors: FormErrors<IssueField> }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "conflict"; readonly theirs: Report }

interface Saved {
  readonly values: EditorValues
  readonly version: number
  readonly at: Date | null
}

/**
 * A new report's editor hands its state to the edit route once the draft exists, so whatever was
 * typed while the first save was on its way is still there after the address changes.
 */
const handoffs = new Map<string, { readonly values: EditorValues; readonly saved: Saved }>()

const autosaveDelayMs = 1200

const SaveIndicator = ({
  status,
  dirty,
  saved,
  isNew,
  autosave,
  onRetry,
}: {
  readonly status: SaveStatus
  readonly dirty: boolean
  readonly saved: Saved
  readonly isNew: boolean
  readonly autosave: boolean
  readonly onRetry: () => void
}) => {
  const content = (() => {
    switch (status.kind) {
      case "saving":
        return (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} />
            <span>Saving…</span>
          </Group>
        )
      case "invalid":
        return (
          <Text c="red" fz="sm">
            Not saved: check the highlighted fields
          </Text>
        )
      case "failed":
        return (
          <Group gap={6} wrap="nowrap">
            <Tooltip label={status.message} multiline w={280}>
              <Text c="red" fz="sm">
                Could not save
              </Text>
            </Tooltip>
            <Button size="compact-xs" variant="subtle" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        )
      case "conflict":
        return (
          <Text c="orange" fz="sm">
            Not saved: conflict
          </Text>
        )
      case "idle":
        if (dirty) return autosave ? "Unsaved changes…" : "Unsaved changes"
        if (isNew) return "Saved once it has a title and a sector"
        return saved.at === null ? "All changes saved" : `Saved · ${formatTime(saved.at)}`
    }
  })()
  return (
    <Text
      component="div"
      role="status"
      aria-live="polite"
      c="dimmed"
      fz="sm"
      style={{ whiteSpace: "nowrap" }}
    >
      {content}
    </Text>
  )
}

/**
 * The report editor of `/reports/new` and `/reports/{id}/edit`: Markdown with a live preview, the
 * report's fields and pickers, autosave for drafts and explicit saves (Ctrl/Cmd-S) otherwise. Each
 * save sends the version it started from; a 409 opens the conflict view with both versions.
 */
export const ReportEditor = ({ report }: { readonly report: Report | null }) => {
  const me = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const id = report?.id ?? null
  const [start] = useState(() => {
    const handoff = id === null ? undefined : handoffs.get(id)
    if (id !== null) handoffs.delete(id)
    if (handoff && report && handoff.saved.version === report.version) return handoff
    const values = report ? valuesOf(report) : emptyValues(me)
    return { values, saved: { values, version: report?.version ?? 0, at: null } }
  })
  const [values, setValues] = useState<EditorValues>(start.values)
  const [saved, setSaved] = useState<Saved>(start.saved)
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" })
  useDocumentTitle(`${report === null ? "New report" : `Edit: ${values.title || "Untitled"}`} · Folio`)

  const valuesRef = useRef(values)
  const savedRef = useRef(saved)
  const statusRef = useRef(status)
  valuesRef.current = values
  savedRef.current = saved
  statusRef.current = status
  const inFlight = useRef(false)
  const leaving = useRef(false)

  const dirty = changedFields(saved.values, values).length > 0
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  // Drafts save themselves; a report in review or published changes only when asked (each save
  // is a revision others see).
  const autosave = report === null || report.status === "draft"

  const set = <F extends EditorField>(field: F, value: EditorValues[F]) =>
    setValues((current) => ({ ...current, [field]: value }))

  const fail = useCallback(
    async (error: unknown, base: Saved) => {
      if (error instanceof Conflict && id !== null) {
        const theirs = await queryClient
          .fetchQuery({ ...reportQueryOptions(id), staleTime: 0 })
          .catch(() => undefined)
        if (theirs && theirs.version !== base.version) {
          setStatus({ kind: "conflict", theirs })
          return
        }
      }
      if (error instanceof ValidationError) {
        setStatus({ kind: "invalid", errors: serverFormErrors(error, issueFields) })
        return
      }
      setStatus({ kind: "failed", message: serverFormErrors(error, []).form ?? "Unknown error" })
    },
    [id, queryClient],
  )

  /** Saves what is on screen now. Returns true when nothing is left unsaved. */
  const save = useCallback(
    async (reason: "auto" | "manual"): Promise<boolean> => {
      if (inFlight.current || statusRef.current.kind === "conflict") return false
      const current = valuesRef.current
      const base = savedRef.current
      if (id === null) {
        const request = createRequest(current)
        if (Either.isLeft(request)) {
          // While a new report is being started, say what is missing only when asked to save.
          if (reason === "manual") setStatus({ kind: "invalid", errors: request.left })
          return false
        }
        inFlight.current = true
        setStatus({ kind: "saving" })
        try {
          const created = await createReport(request.right)
          queryClient.setQueryData(reportKeys.detail(created.id), created)
          void queryClient.invalidateQueries({ queryKey: reportKeys.lists() })
          handoffs.set(created.id, {
            values: valuesRef.current,
            saved: { values: current, version: created.version, at: new Date() },
          })
          leaving.current = true
          await navigate({ to: "/reports/$reportId/edit", params: { reportId: created.id }, replace: true })
          return true
        } catch (error) {
          await fail(error, base)
          return false
        } finally {
          inFlight.current = false
        }
      }
      const fields = changedFields(base.values, current)
      if (fields.length === 0) {
        setStatus({ kind: "idle" })
        return true
      }
      const request = updateRequest(current, fields, base.version)
      if (Either.isLeft(request)) {
        setStatus({ kind: "invalid", errors: request.left })
        return false
      }
      inFlight.current = true
      setStatus({ kind: "saving" })
      try {
        const updated = await updateReport(id, request.right)
        const next = { values: current, version: updated.version, at: new Date() }
        savedRef.current = next
        setSaved(next)
        queryClient.setQueryData(reportKeys.detail(id), updated)
        void queryClient.invalidateQueries({ queryKey: reportKeys.lists() })
        void queryClient.invalidateQueries({ queryKey: reportKeys.revisions(id) })
        setStatus({ kind: "idle" })
        return changedFields(next.values, valuesRef.current).length === 0
      } catch (error) {
        await fail(error, base)
        return false
      } finally {
        inFlight.current = false
      }
    },
    [id, navigate, queryClient, fail],
  )

  // Autosave: a pause in typing saves a draft (and retries after a failure on the next change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the values restarts the pause
  useEffect(() => {
    if (!autosave || !dirty || status.kind === "conflict" || status.kind === "saving") return
    const timer = window.setTimeout(() => void save("auto"), autosaveDelayMs)
    return () => window.clearTimeout(timer)
  }, [values, dirty, autosave, status.kind, save])

  // Ctrl/Cmd-S saves now, wherever the focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault()
        void save("manual")
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [save])

  useBlocker({
    shouldBlockFn: () =>
      !leaving.current &&
      dirtyRef.current &&
      !window.confirm("Leave the editor? Changes that are not saved yet will be lost."),
    enableBeforeUnload: () => !leaving.current && dirtyRef.current,
  })

  const resolveConflict = (next: EditorValues, andSave: boolean) => {
    if (status.kind !== "conflict") return
    const theirs = status.theirs
    const base = { values: valuesOf(theirs), version: theirs.version, at: theirs.updatedAt }
    savedRef.current = base
    valuesRef.current = next
    statusRef.current = { kind: "idle" }
    setSaved(base)
    setValues(next)
    setStatus({ kind: "idle" })
    queryClient.setQueryData(reportKeys.detail(theirs.id), theirs)
    if (andSave) void save("manual")
  }

  const done = async () => {
    if (await save("manual")) {
      leaving.current = true
      if (id !== null) await navigate({ to: "/reports/$reportId", params: { reportId: id } })
    }
  }

  const errors = status.kind === "invalid" ? status.errors : noFormErrors
  const err = (field: EditorField) => fieldError(errors, field)

  return (
    <Stack gap="lg" maw={1500}>
      <PageHeader
        title={report === null ? "New report" : "Edit report"}
        crumbs={[
          <AnchorLink key="reports" to="/reports" fz="sm">
            Reports
          </AnchorLink>,
          ...(report === null
            ? []
            : [
                <AnchorLink
                  key="report"
                  to="/reports/$reportId"
                  params={{ reportId: report.id }}
                  fz="sm"
                  truncate
                  maw="16rem"
                >
                  {values.title || report.title}
                </AnchorLink>,
              ]),
        ]}
        badges={report === null ? undefined : <ReportStatusBadge status={report.status} labelled />}
        actions={
          <Group gap="sm" wrap="nowrap">
            <SaveIndicator
              status={status}
              dirty={dirty}
              saved={saved}
              isNew={report === null}
              autosave={autosave}
              onRetry={() => {
                setStatus({ kind: "idle" })
                statusRef.current = { kind: "idle" }
                void save("manual")
              }}
            />
            {report !== null && !autosave && (
              <Tooltip label="Ctrl/Cmd+S" openDelay={400}>
                <Button
                  variant="default"
                  onClick={() => void save("manual")}
                  disabled={!dirty || status.kind === "conflict"}
                  loading={status.kind === "saving"}
                >
                  Save
                </Button>
              </Tooltip>
            )}
            {report === null ? (
              <Button onClick={() => void save("manual")} loading={status.kind === "saving"}>
                Create draft
              </Button>
            ) : (
              <Button onClick={() => void done()} disabled={status.kind === "conflict"}>
                {dirty ? "Save and view" : "View report"}
              </Button>
            )}
          </Group>
        }
      />
      {status.kind === "conflict" && (
        <ConflictView
          base={saved.values}
          mine={values}
          theirs={status.theirs}
          saving={false}
          onResolve={resolveConflict}
        />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <TextInput
              label="Title"
              size="md"
              required
              withAsterisk={false}
              value={values.title}
              onChange={(event) => set("title", event.currentTarget.value)}
              error={err("title")}
              maxLength={200}
              placeholder="What the research says, in a line"
              data-autofocus={report === null ? true : undefined}
              autoFocus={report === null}
            />
            <Textarea
              label="Summary"
              description="Shown in lists, search results and emails."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={1000}
              value={values.summary}
              onChange={(event) => set("summary", event.currentTarget.value)}
              error={err("summary")}
            />
            <MarkdownField value={values.body} onChange={(body) => set("body", body)} error={err("body")} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-details">
              <Title order={2} fz="h5" id="report-details" mb="sm">
                Details
              </Title>
              <Stack gap="sm">
                <Autocomplete
                  label="Sector"
                  required
                  withAsterisk={false}
                  value={values.sector}
                  onChange={(sector) => set("sector", sector)}
                  data={[...commonSectors]}
                  maxLength={60}
                  error={err("sector")}
                  comboboxProps={{ withinPortal: true }}
                />
                <TickersPicker
                  value={values.tickers}
                  onChange={(tickers) => set("tickers", tickers)}
                  onPick={(ticker) => {
                    setValues((current) => ({
                      ...current,
                      sector: current.sector === "" ? ticker.sector : current.sector,
                      targetCurrency:
                        current.targetCurrency ?? (current.targetPrice === null ? null : ticker.currency),
                    }))
                  }}
                  error={err("tickers")}
                />
                <Group grow align="flex-start" gap="sm">
                  <NativeSelect
                    label="Type"
                    value={values.type}
                    onChange={(event) => set("type", event.currentTarget.value as EditorValues["type"])}
                    data={reportTypes.map((type) => ({ value: type, label: reportTypeLabels[type] }))}
                    error={err("type")}
                  />
                  <Select
                    label="Rating"
                    placeholder="Unchanged"
                    clearable
                    value={values.rating}
                    onChange={(rating) => set("rating", rating as EditorValues["rating"])}
                    data={Object.entries(ratingLabels).map(([value, label]) => ({ value, label }))}
                    error={err("rating")}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Group>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <NumberInput
                    style={{ flex: 1 }}
                    label="Target price"
                    placeholder="Unchanged"
                    min={0}
                    decimalScale={2}
                    thousandSeparator=","
                    value={values.targetPrice ?? ""}
                    onChange={(price) =>
                      setValues((current) => ({
                        ...current,
                        targetPrice: typeof price === "number" ? price : null,
                      }))
                    }
                    error={err("targetPrice")}
                  />
                  <TextInput
                    w={90}
                    label="Currency"
                    placeholder="USD"
                    maxLength={3}
                    value={values.targetCurrency ?? ""}
                    onChange={(event) =>
                      set("targetCurrency", event.currentTarget.value.toUpperCase() || null)
                    }
                    error={err("targetCurrency")}
                  />
                </Group>
                <AuthorsPicker
                  companyId={me.company.id}
                  value={values.authors}
                  onChange={(authors) => set("authors", authors)}
                  error={err("authors")}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-distribution">
              <Title order={2} fz="h5" id="report-distribution" mb="sm">
                Distribution
              </Title>
              <Stack gap="sm">
                <AudienceField
                  value={values.audience}
                  onChange={(audience) => set("audience", audience)}
                  error={err("audience")}
                />
                <TagsInput
                  label="Channels"
                  description="Where it goes on release, e.g. email, rss."
                  value={[...values.channels]}
                  onChange={(channels) => set("channels", channels)}
                  maxTags={20}
                  clearable
                  error={err("channels")}
                />
                <TagsInput
                  label="Tags"
                  value={[...values.tags]}
                  onChange={(tags) => set("tags", tags)}
                  maxTags={20}
                  clearable
                  error={err("tags")}
                />
              </Stack>
            </Paper>
            {errors.form !== null && (
              <Text c="red" fz="sm" role="alert">
                {errors.form}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
