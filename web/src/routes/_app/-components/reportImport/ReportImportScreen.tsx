import "@mantine/dropzone/styles.css"
import { can, type ImportIssue, roleLabels } from "@folio/core"
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Code,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core"
import { Dropzone } from "@mantine/dropzone"
import { useDocumentTitle } from "@mantine/hooks"
import { useEffect, useMemo, useState } from "react"
import { AlertIcon, CheckIcon, FileTextIcon, UploadIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { PageHeader, Section } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { byPlace, downloadText, IssuesTable, issuesCsv } from "./issues"
import { type PreviewFile, previewFile } from "./preview"
import { type ImportRun, useImportRun } from "./useImportRun"

const formatLabels = { csv: "CSV", json: "JSON", ndjson: "NDJSON", markdown: "Markdown" } as const

const NoAccess = ({ role }: { readonly role: string }) => (
  <Alert color="gray" variant="light" icon={<AlertIcon />} title="Imports are for the research team">
    Your role ({role}) cannot import reports. Ask an analyst, an editor or an admin.
  </Alert>
)

const FilesDrop = ({
  onFiles,
  disabled,
}: {
  readonly onFiles: (files: ReadonlyArray<File>) => void
  readonly disabled: boolean
}) => (
  <Dropzone
    onDrop={(files) => onFiles(files)}
    multiple
    disabled={disabled}
    radius="lg"
    inputProps={{ "aria-label": "Files to import", accept: ".csv,.json,.ndjson,.jsonl,.md,.markdown" }}
    aria-label="Drop files to import, or press Enter to choose them"
  >
    <Group justify="center" gap="lg" mih={120} wrap="nowrap" style={{ pointerEvents: "none" }}>
      <Dropzone.Accept>
        <UploadIcon size={40} color="var(--mantine-primary-color-filled)" style={{ flex: "none" }} />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <AlertIcon size={40} color="var(--mantine-color-red-6)" style={{ flex: "none" }} />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <UploadIcon size={40} color="var(--mantine-color-dimmed)" style={{ flex: "none" }} />
      </Dropzone.Idle>
      <div>
        <Text fz="lg" fw={600}>
          Drop files here, or click to choose
        </Text>
        <Text fz="sm" c="dimmed" mt={4}>
          CSV with a header row, a JSON array, NDJSON, or Markdown with YAML front matter (one report per
          file). Several files at once are fine.
        </Text>
      </div>
    </Group>
  </Dropzone>
)

const FileList = ({
  files,
  onRemove,
  disabled,
}: {
  readonly files: ReadonlyArray<PreviewFile>
  readonly onRemove: (name: string) => void
  readonly disabled: boolean
}) => (
  <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Files">
    {files.map((file) => {
      const invalid = file.rows.filter((row) => row.problems > 0).length
      return (
        <Group component="li" key={file.name} gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <FileTextIcon />
            <Text fz="sm" fw={600} truncate>
              {file.name}
            </Text>
            {file.format ? (
              <Badge variant="default" radius="sm" size="sm">
                {formatLabels[file.format]}
              </Badge>
            ) : (
              <Badge variant="light" color="red" radius="sm" size="sm">
                Unsupported
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {plural(file.rows.length, "row")}
              {invalid > 0 ? ` · ${invalid.toLocaleString()} with problems` : ""}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Remove ${file.name}`}
              disabled={disabled}
              onClick={() => onRemove(file.name)}
            />
          </Group>
        </Group>
      )
    })}
  </Stack>
)

const RowsTable = ({ files }: { readonly files: ReadonlyArray<PreviewFile> }) => {
  const rows = files.flatMap((file) => file.rows)
  const limit = 500
  return (
    <>
      <Table.ScrollContainer minWidth={520} mah={360}>
        <Table aria-label="Rows" fz="sm" verticalSpacing={6} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>File:line</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>External id</Table.Th>
              <Table.Th w={120}>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, limit).map((row) => (
              <Table.Tr key={`${row.file}:${row.line}`}>
                <Table.Td>
                  <Code style={{ whiteSpace: "nowrap" }}>{`${row.file}:${row.line}`}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.title}</Table.Td>
                <Table.Td>
                  {row.externalId ?? (
                    <Text c="dimmed" fz="sm" span>
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.problems === 0 ? (
                    <Badge variant="light" color="teal" radius="sm">
                      Ready
                    </Badge>
                  ) : (
                    <Badge variant="light" color="red" radius="sm">
                      {plural(row.problems, "problem")}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > limit && (
        <Text c="dimmed" fz="xs" mt={4}>
          Showing the first {limit.toLocaleString()} of {rows.length.toLocaleString()} rows.
        </Text>
      )}
    </>
  )
}

const Stat = ({
  label,
  value,
  color = "var(--mantine-color-text)",
}: {
  readonly label: string
  readonly value: number
  readonly color?: string
}) => (
  <Paper withBorder radius="md" p="md">
    <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
      {label}
    </Text>
    <Text fz={28} fw={700} c={color} aria-label={`${label}: ${value}`}>
      {value.toLocaleString()}
    </Text>
  </Paper>
)

const RunProgress = ({
  run,
  onStop,
  onResume,
}: {
  readonly run: Exclude<ImportRun, { phase: "idle" }>
  readonly onStop: () => void
  readonly onResume: () => void
}) => {
  const percent = run.rowsTotal === 0 ? 100 : Math.round((run.rowsDone / run.rowsTotal) * 100)
  const label = `${run.rowsDone.toLocaleString()} of ${plural(run.rowsTotal, "row")} · batch ${Math.min(
    run.batchesDone + (run.phase === "running" ? 1 : 0),
    run.batches,
  )} of ${run.batches}`
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {run.phase === "running"
            ? run.options.dryRun
              ? "Checking on the server…"
              : "Importing…"
            : run.phase === "stopped"
              ? "Stopped"
              : run.phase === "failed"
                ? "Interrupted"
                : run.options.dryRun
                  ? "Dry run finished"
                  : "Import finished"}
        </Text>
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        animated={run.phase === "running"}
        color={run.phase === "failed" ? "red" : run.phase === "done" ? "teal" : "indigo"}
        aria-label="Import progress"
      />
      {run.phase === "failed" && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title="A batch did not go through"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{actionErrorText(run.error)}</Text>
            <Text fz="sm" c="dimmed">
              Resuming sends the same batches again; any the server already applied are not written twice.
            </Text>
            <Button size="xs" onClick={onResume}>
              Resume
            </Button>
          </Stack>
        </Alert>
      )}
      {run.phase === "stopped" && (
        <Group>
          <Button size="xs" onClick={onResume}>
            Resume
          </Button>
        </Group>
      )}
      {run.phase === "running" && run.batches > 1 && (
        <Group>
          <Button size="xs" variant="default" onClick={onStop}>
            Stop after this batch
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** `/reports/import`: drop files, see every row's problems, dry-run, import in batches, download errors. */
export const ReportImportScreen = () => {
  useDocumentTitle("Import reports · Folio")
  const me = useMe()
  const [files, setFiles] = useState<ReadonlyArray<PreviewFile>>([])
  const [reading, setReading] = useState(false)
  const [view, setView] = useState<"problems" | "rows">("problems")
  const [upsert, setUpsert] = useState(false)
  const [dryRun, setDryRun] = useState(true)
  const { run, start, resume, stop, reset } = useImportRun()

  const valid = useMemo(() => files.flatMap((file) => file.valid), [files])
  const previewIssues = useMemo(() => files.flatMap((file) => file.issues).sort(byPlace), [files])
  const rowCount = files.reduce((sum, file) => sum + file.rows.length, 0)
  const invalidRows = files.reduce((sum, file) => sum + file.rows.filter((row) => row.problems > 0).length, 0)
  const busy = run.phase === "running" || reading
  // The result appears below the fold on most screens: bring it into view once.
  useEffect(() => {
    if (run.phase === "done")
      document.getElementById("import-summary")?.scrollIntoView({ behavior: "smooth", block: "start" })
  }, [run.phase])

  if (!can(me.user.role, "reports.import")) {
    return (
      <Stack gap="lg" maw={1200}>
        <PageHeader title="Import reports" />
        <NoAccess role={roleLabels[me.user.role]} />
      </Stack>
    )
  }

  const addFiles = async (dropped: ReadonlyArray<File>) => {
    setReading(true)
    reset()
    try {
      const read = await Promise.all(
        dropped.map(async (file) => previewFile(file.name, file.size, await file.text())),
      )
      setFiles((current) => [
        ...current.filter((file) => !read.some((added) => added.name === file.name)),
        ...read,
      ])
      const problems = read.some((file) => file.issues.length > 0)
      setView(problems ? "problems" : "rows")
    } finally {
      setReading(false)
    }
  }

  const allIssues: ReadonlyArray<ImportIssue> =
    run.phase === "idle" ? previewIssues : [...previewIssues, ...run.totals.issues].sort(byPlace)
  const finished = run.phase === "done"

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Import reports"
        crumbs={[
          <AnchorLink key="reports" to="/reports">
            Reports
          </AnchorLink>,
        ]}
        description={
          <>
            Files are checked here with the same rules as <Code>folio reports import</Code> and the server.
            Fields are the report's own, in camelCase: externalId, title, summary, body, type, sector,
            tickers, authors, tags, audience, status.
          </>
        }
      />
      <FilesDrop onFiles={(dropped) => void addFiles(dropped)} disabled={busy} />
      {files.length > 0 && (
        <Section
          id="import-preview"
          title="Preview"
          description={`${plural(files.length, "file")} · ${plural(rowCount, "row")} · ${valid.length.toLocaleString()} ready · ${invalidRows.toLocaleString()} with problems`}
          actions={
            <Button
              variant="subtle"
              size="xs"
              disabled={busy}
              onClick={() => {
                setFiles([])
                reset()
              }}
            >
              Clear all
            </Button>
          }
        >
          <Stack gap="md">
            <FileList
              files={files}
              onRemove={(name) => setFiles((current) => current.filter((f) => f.name !== name))}
              disabled={busy}
            />
            <SegmentedControl
              value={view}
              onChange={(next) => setView(next as "problems" | "rows")}
              data={[
                { value: "problems", label: `Problems (${previewIssues.length.toLocaleString()})` },
                { value: "rows", label: `Rows (${rowCount.toLocaleString()})` },
              ]}
              style={{ alignSelf: "flex-start" }}
            />
            {view === "problems" ? (
              previewIssues.length === 0 ? (
                <Alert color="teal" variant="light" icon={<CheckIcon />}>
                  Every row passed the checks. The server still checks what only it knows: tickers, authors,
                  audiences and existing external ids.
                </Alert>
              ) : (
                <IssuesTable issues={previewIssues} label="Problems" />
              )
            ) : (
              <RowsTable files={files} />
            )}
          </Stack>
        </Section>
      )}
      {files.length > 0 && (
        <Section
          id="import-run"
          title="Import"
          description="Rows with problems are left out; fix them in the file and drop it again."
        >
          <Stack gap="md">
            <Stack gap="sm">
              <Switch
                label="Dry run"
                description="Check every row on the server (tickers, authors, audiences, conflicts) and write nothing."
                checked={dryRun}
                disabled={busy}
                onChange={(event) => {
                  setDryRun(event.currentTarget.checked)
                  reset()
                }}
              />
              <Switch
                label="Update existing reports"
                description="A row whose externalId already exists updates that report; otherwise it is reported as a conflict."
                checked={upsert}
                disabled={busy}
                onChange={(event) => {
                  setUpsert(event.currentTarget.checked)
                  reset()
                }}
              />
            </Stack>
            <Group>
              <Button
                leftSection={<UploadIcon size={16} />}
                disabled={valid.length === 0 || busy}
                loading={run.phase === "running"}
                onClick={() => start(valid, { upsert, dryRun })}
              >
                {valid.length === 0
                  ? "Nothing to import"
                  : dryRun
                    ? `Dry run ${plural(valid.length, "row")}`
                    : `Import ${plural(valid.length, "report")}`}
              </Button>
            </Group>
            {run.phase !== "idle" && <RunProgress run={run} onStop={stop} onResume={resume} />}
          </Stack>
        </Section>
      )}
      {finished && (
        <Section
          id="import-summary"
          title={run.options.dryRun ? "Dry run result" : "Result"}
          description={
            run.options.dryRun
              ? "Nothing was written. Turn off Dry run to import."
              : run.totals.replayed > 0
                ? `${plural(run.totals.replayed, "batch", "batches")} had been imported before and ${run.totals.replayed === 1 ? "was" : "were"} not written again.`
                : undefined
          }
          actions={
            allIssues.length > 0 ? (
              <Button
                variant="default"
                size="xs"
                onClick={() => downloadText("import-errors.csv", issuesCsv(allIssues))}
              >
                Download errors (CSV)
              </Button>
            ) : undefined
          }
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Stat
                label={run.options.dryRun ? "Would create" : "Created"}
                value={run.totals.created}
                color="teal"
              />
              <Stat
                label={run.options.dryRun ? "Would update" : "Updated"}
                value={run.totals.updated}
                color="indigo"
              />
              <Stat label="Unchanged" value={run.totals.unchanged} />
              <Stat
                label="Failed"
                value={run.totals.failed + invalidRows}
                {...(run.totals.failed + invalidRows > 0 ? { color: "red" } : {})}
              />
            </SimpleGrid>
            {allIssues.length > 0 && (
              <Stack gap={6}>
                <Title order={3} fz="sm">
                  {plural(allIssues.length, "error")} ({invalidRows.toLocaleString()} rows in the preview,{" "}
                  {run.totals.failed.toLocaleString()} on the server)
                </Title>
                <IssuesTable issues={allIssues} label="Import errors" />
              </Stack>
            )}
          </Stack>
        </Section>
      )}
    </Stack>
  )
}
