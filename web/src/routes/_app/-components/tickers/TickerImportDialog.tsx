import {
  parseTickerCsv,
  type TickerCsv,
  type TickerImportResult,
  tickerCsvColumns,
  tickerCsvTemplate,
  ValidationError,
} from "@folio/core"
import { Alert, Badge, Button, Code, FileButton, Group, Modal, Stack, Table, Text } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { importTickers, tickerKeys } from "../../../../api/tickers"
import { AlertIcon, CheckIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { downloadText, IssuesTable, issuesCsv } from "../reportImport/issues"

interface Loaded {
  readonly name: string
  readonly csv: TickerCsv
}

/** A server refusal of the batch, with each issue placed on its CSV line when it names a row. */
const serverProblems = (error: unknown, csv: TickerCsv): ReadonlyArray<string> => {
  if (!(error instanceof ValidationError)) return [actionErrorText(error)]
  if (error.issues.length === 0) return [error.message]
  return error.issues.map((issue) => {
    const [head, index, , field] = issue.path
    const row = head === "rows" && typeof index === "number" ? csv.rows[index] : undefined
    return row ? `Line ${row.line}${field ? ` (${String(field)})` : ""}: ${issue.message}` : issue.message
  })
}

/** "Import CSV": pick a file, see every row's problems by line and field, dry-run, then apply. */
export const TickerImportDialog = ({
  opened,
  onClose,
}: {
  readonly opened: boolean
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const isPhone = useMediaQuery("(max-width: 36em)")
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [dryRun, setDryRun] = useState<TickerImportResult | null>(null)

  const reset = () => {
    setLoaded(null)
    setReadError(null)
    setDryRun(null)
    mutation.reset()
  }

  const mutation = useMutation({
    mutationFn: ({ apply }: { readonly apply: boolean }) =>
      importTickers({ rows: loaded?.csv.rows ?? [], dryRun: !apply }),
    onSuccess: async (result) => {
      if (result.dryRun) {
        setDryRun(result)
        return
      }
      await queryClient.invalidateQueries({ queryKey: tickerKeys.all })
      notifications.show({
        color: "teal",
        title: "Tickers imported",
        message: `${plural(result.created, "ticker")} created, ${result.updated.toLocaleString()} updated, ${result.unchanged.toLocaleString()} unchanged`,
      })
      // Still pending inside this callback, so not `close()` (which waits for the request).
      setLoaded(null)
      setDryRun(null)
      onClose()
    },
  })

  const close = () => {
    if (mutation.isPending) return
    reset()
    onClose()
  }

  const choose = async (file: File | null) => {
    reset()
    if (file === null) return
    try {
      const text = await file.text()
      setLoaded({ name: file.name, csv: parseTickerCsv(file.name, text) })
    } catch (error) {
      setReadError(`Could not read ${file.name}: ${(error as Error).message}`)
    }
  }

  const csv = loaded?.csv
  const valid = csv?.rows.length ?? 0
  const invalidLines = new Set(csv?.issues.map((issue) => issue.line)).size

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import tickers from CSV"
      size="xl"
      fullScreen={isPhone === true}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          A header row with the columns <Code>{tickerCsvColumns.join(",")}</Code>. Existing symbols are
          updated, new ones created; <Code>active</Code> may be left blank (true). Everything is applied in
          one go, or nothing is.
        </Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void choose(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant={loaded ? "default" : "filled"}>
                {loaded ? "Choose another file" : "Choose a CSV file"}
              </Button>
            )}
          </FileButton>
          <Button variant="subtle" onClick={() => downloadText("tickers-template.csv", tickerCsvTemplate)}>
            Download a template
          </Button>
        </Group>
        {readError !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {readError}
          </Alert>
        )}
        {loaded && csv && (
          <Stack gap="sm" aria-label="Preview" component="section">
            <Group gap="xs">
              <Text fw={600} fz="sm">
                {loaded.name}
              </Text>
              <Badge variant="light" color="gray" radius="sm">
                {plural(csv.total, "row")}
              </Badge>
              <Badge variant="light" color="teal" radius="sm">
                {valid.toLocaleString()} valid
              </Badge>
              {csv.issues.length > 0 && (
                <Badge variant="light" color="red" radius="sm">
                  {plural(invalidLines, "line")} with problems
                </Badge>
              )}
            </Group>
            {csv.issues.length > 0 && (
              <>
                <Group justify="space-between" gap="xs">
                  <Text fz="sm">These lines are left out until they are fixed in the file:</Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => downloadText("ticker-import-problems.csv", issuesCsv(csv.issues))}
                  >
                    Download problems (CSV)
                  </Button>
                </Group>
                <IssuesTable issues={csv.issues} label="Problems" withFile={false} />
              </>
            )}
            {valid > 0 && (
              <Table.ScrollContainer minWidth={560} mah={260}>
                <Table aria-label="Rows to import" fz="sm" verticalSpacing={4} stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line</Table.Th>
                      <Table.Th>Symbol</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Exchange</Table.Th>
                      <Table.Th>Sector</Table.Th>
                      <Table.Th>Ccy</Table.Th>
                      <Table.Th>Active</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {csv.rows.slice(0, 200).map((row) => (
                      <Table.Tr key={row.line}>
                        <Table.Td c="dimmed">{row.line}</Table.Td>
                        <Table.Td fw={600}>{row.ticker.symbol}</Table.Td>
                        <Table.Td>{row.ticker.name}</Table.Td>
                        <Table.Td>{row.ticker.exchange}</Table.Td>
                        <Table.Td>{row.ticker.sector}</Table.Td>
                        <Table.Td>{row.ticker.currency}</Table.Td>
                        <Table.Td>{row.ticker.active ? "Yes" : "No"}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
        {dryRun && (
          <Alert
            color="teal"
            variant="light"
            icon={<CheckIcon />}
            title="Dry run: nothing was written"
            role="status"
          >
            Importing would create {plural(dryRun.created, "ticker")}, update{" "}
            {dryRun.updated.toLocaleString()} and leave {dryRun.unchanged.toLocaleString()} unchanged.
          </Alert>
        )}
        {mutation.isError && csv && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            role="alert"
            title="The server refused the import"
          >
            <Stack gap={2}>
              {serverProblems(mutation.error, csv).map((problem) => (
                <Text key={problem} fz="sm">
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="default"
            disabled={valid === 0}
            loading={mutation.isPending && mutation.variables?.apply === false}
            onClick={() => mutation.mutate({ apply: false })}
          >
            Dry run
          </Button>
          <Button
            disabled={valid === 0}
            loading={mutation.isPending && mutation.variables?.apply === true}
            onClick={() => mutation.mutate({ apply: true })}
          >
            {valid === 0 ? "Import" : `Import ${plural(valid, "ticker")}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
