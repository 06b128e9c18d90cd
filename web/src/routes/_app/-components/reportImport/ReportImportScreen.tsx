import { can, type ImportIssue, roleLabels } from "@folio/core"
import { Alert, Button, Code, Group, SegmentedControl, SimpleGrid, Stack, Switch, Title } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useEffect, useMemo, useState } from "react"
import { AlertIcon, CheckIcon, UploadIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { plural } from "../directory/format"
import { PageHeader, Section } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { FileList, FilesDrop } from "./ImportFiles"
import { byPlace, downloadText, IssuesTable, issuesCsv } from "./issues"
import { RowsTable } from "./PreviewRows"
import { type PreviewFile, planImport, previewFile } from "./preview"
import { RunProgress, Stat } from "./RunProgress"
import { useImportRun } from "./useImportRun"

const NoAccess = ({ role }: { readonly role: string }) => (
  <Alert color="gray" variant="light" icon={<AlertIcon />} title="Imports are for the research team">
    Your role ({role}) cannot import reports. Ask an analyst, an editor or an admin.
  </Alert>
)

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

  const plan = useMemo(() => planImport(files), [files])
  const previewIssues = useMemo(() => [...plan.issues].sort(byPlace), [plan])
  const validRows = plan.counts.valid
  const rowCount = plan.counts.rows
  const invalidRows = plan.counts.invalid
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
      const next = [...files.filter((file) => !read.some((added) => added.name === file.name)), ...read]
      setFiles(next)
      setView(planImport(next).issues.length > 0 ? "problems" : "rows")
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
          description={`${plural(files.length, "file")} · ${plural(rowCount, "row")} · ${validRows.toLocaleString()} ready · ${invalidRows.toLocaleString()} with problems`}
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
              rows={plan.rows}
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
              <RowsTable rows={plan.rows} />
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
                disabled={validRows === 0 || busy}
                loading={run.phase === "running"}
                onClick={() => start(plan.batches, { upsert, dryRun })}
              >
                {validRows === 0
                  ? "Nothing to import"
                  : dryRun
                    ? `Dry run ${plural(validRows, "row")}`
                    : `Import ${plural(validRows, "report")}`}
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
                  {plural(allIssues.length, "error")} ({plural(invalidRows, "row")} in the preview,{" "}
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
