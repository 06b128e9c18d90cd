import { kpiCsvTemplate } from "@folio/core"
import { Button, Code, Paper, Stack } from "@mantine/core"
import { useDisclosure, useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { kpiTickersQueryOptions } from "../../../../api/kpis"
import { UploadIcon } from "../../../../components/icons"
import { EmptyList, PageHeader } from "../directory/layout"
import { useGrant } from "../directory/permissions"
import { downloadText } from "../reportImport/issues"
import { KpiCsvFormat } from "./KpiCsvFormat"
import { KpiImportDialog } from "./KpiImportDialog"
import { TickerKpisView } from "./TickerKpisView"
import { TickerPicker } from "./TickerPicker"

export interface KpisSearch {
  /** The ticker shown; the first ticker with KPIs when absent. */
  readonly symbol?: string | undefined
}

/** Nobody has imported a value yet: what a KPI CSV looks like, and the import for those allowed. */
const NoKpis = ({ importAction }: { readonly importAction: React.ReactNode | undefined }) => (
  <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
    <EmptyList
      title="No KPIs yet"
      description={
        importAction === undefined
          ? "Nobody has imported KPI values yet. Analysts and editors import them from a CSV file."
          : "Import a CSV of metric values: actuals and estimates per ticker and period."
      }
      action={importAction}
    />
    {importAction !== undefined && (
      <Stack gap="sm" maw={720} mx="auto">
        <KpiCsvFormat />
        {/* Wrapped, not scrolled: a scrolling block would need to take focus for keyboard users. */}
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {kpiCsvTemplate}
        </Code>
      </Stack>
    )}
  </Paper>
)

/** `/kpis`: one ticker's metrics at a time, each with a chart and a table of its periods; CSV import. */
export const KpisScreen = ({
  search,
  onSearchChange,
}: {
  readonly search: KpisSearch
  readonly onSearchChange: (change: KpisSearch) => void
}) => {
  const { data: list } = useSuspenseQuery(kpiTickersQueryOptions())
  const grant = useGrant("kpis.manage")
  const [importing, importDialog] = useDisclosure(false)
  const symbol = search.symbol ?? list.items[0]?.symbol
  useDocumentTitle(symbol === undefined ? "KPIs · Folio" : `${symbol} · KPIs · Folio`)

  const importAction =
    grant === "none" ? undefined : (
      <Button leftSection={<UploadIcon size={16} />} onClick={importDialog.open}>
        Import CSV
      </Button>
    )

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="KPIs"
        description="Reported and expected figures per ticker: actual against estimate, period by period."
        actions={
          importAction === undefined ? undefined : (
            <>
              <Button variant="default" onClick={() => downloadText("kpis-template.csv", kpiCsvTemplate)}>
                Download template
              </Button>
              {importAction}
            </>
          )
        }
      />
      {symbol === undefined ? (
        <NoKpis importAction={importAction} />
      ) : (
        <>
          <TickerPicker
            tickers={list.items}
            value={symbol}
            onChange={(next) => onSearchChange({ symbol: next })}
          />
          <TickerKpisView symbol={symbol} importAction={importAction} />
        </>
      )}
      {grant !== "none" && <KpiImportDialog opened={importing} onClose={importDialog.close} grant={grant} />}
    </Stack>
  )
}
