import { type Grant, kpiCsvTemplate, parseKpiCsv } from "@folio/core"
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useEffect, useState } from "react"
import { AlertIcon, UploadIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { downloadText } from "../reportImport/issues"
import { CsvDrop } from "./CsvDrop"
import { KpiCsvFormat } from "./KpiCsvFormat"
import { type KpiCsvPreview, KpiPreview } from "./KpiPreview"
import { KpiRunProgress, KpiRunSummary } from "./KpiRunSummary"
import { useKpiImport } from "./useKpiImport"

/**
 * "Import CSV": drop or choose a KPI CSV, see every row's problems by line and field (core's
 * parseKpiCsv, the rules the CLI and the server use), dry-run it, import it in batches with a
 * progress bar, and read what happened, refused rows included. Stays open on the result.
 */
export const KpiImportDialog = ({
  opened,
  onClose,
  grant,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  /** "own" for analysts: the server refuses rows of tickers they do not cover. */
  readonly grant: Grant
}) => {
  const isPhone = useMediaQuery("(max-width: 36em)")
  const [csv, setCsv] = useState<KpiCsvPreview | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const { run, start, resume, stop, reset } = useKpiImport()
  const running = run.phase === "running"

  // The result sits below the preview: bring it into view once a run ends.
  useEffect(() => {
    if (run.phase === "done")
      document.getElementById("kpi-import-result")?.scrollIntoView({ behavior: "smooth", block: "start" })
  }, [run.phase])

  const clear = () => {
    setCsv(null)
    setReadError(null)
    reset()
  }

  const close = () => {
    if (running) return
    clear()
    onClose()
  }

  const read = async (file: File) => {
    clear()
    setReading(true)
    try {
      const text = await file.text()
      setCsv({ name: file.name, ...parseKpiCsv(file.name, text) })
    } catch (error) {
      setReadError(`Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setReading(false)
    }
  }

  const valid = csv !== null && !csv.headerRefused ? csv.rows.length : 0

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import KPIs from CSV"
      size="xl"
      fullScreen={isPhone === true}
      closeOnClickOutside={!running}
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      <Stack gap="md">
        {/* Once a file is read, its preview says what is wrong with it: the format steps aside. */}
        {csv === null && <KpiCsvFormat />}
        {grant === "own" && (
          <Text fz="sm">
            As an analyst you import values for the tickers you cover; rows of other tickers are refused.
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            onClick={() => downloadText("kpis-template.csv", kpiCsvTemplate)}
          >
            Download template
          </Button>
        </Group>
        <CsvDrop onFile={(file) => void read(file)} disabled={running || reading} compact={csv !== null} />
        {readError !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {readError}
          </Alert>
        )}
        {csv !== null && <KpiPreview key={csv.name + csv.total} csv={csv} />}
        {run.phase !== "idle" && <KpiRunProgress run={run} onStop={stop} onResume={resume} />}
        {run.phase === "done" && <KpiRunSummary run={run} localIssues={csv?.issues ?? []} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={running}>
            {run.phase === "done" && !run.dryRun ? "Done" : "Cancel"}
          </Button>
          <Button
            variant="default"
            disabled={valid === 0 || running}
            loading={running && run.dryRun}
            onClick={() => csv && start(csv.name, csv.rows, true)}
          >
            Dry run
          </Button>
          <Button
            leftSection={<UploadIcon size={16} />}
            disabled={valid === 0 || running}
            loading={running && !run.dryRun}
            onClick={() => csv && start(csv.name, csv.rows, false)}
          >
            {valid === 0 ? "Import" : `Import ${plural(valid, "value")}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
