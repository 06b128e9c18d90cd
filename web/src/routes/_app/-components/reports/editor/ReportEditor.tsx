import { type Report, reportTypes } from "@folio/core"
import {
  Autocomplete,
  Button,
  Grid,
  Group,
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
import { AnchorLink } from "../../directory/AnchorLink"
import { noFormErrors } from "../../directory/forms"
import { PageHeader } from "../../directory/layout"
import { useMe } from "../../directory/permissions"
import { ReportStatusBadge, ratingLabels, reportTypeLabels } from "../badges"
import { commonSectors } from "../format"
import { AuthorsPicker, TickersPicker } from "../pickers"
import { AudienceField } from "./AudienceField"
import { ConflictView } from "./ConflictView"
import { MarkdownField } from "./MarkdownField"
import { type EditorField, type EditorValues, fieldError } from "./model"
import { SaveIndicator } from "./SaveIndicator"
import { useReportSave } from "./useReportSave"

/**
 * The report editor of `/reports/new` and `/reports/{id}/edit`: Markdown with a live preview, the
 * report's fields and pickers, autosave for drafts and explicit saves (Ctrl/Cmd-S) otherwise. Each
 * save sends the version it started from; a 409 opens the conflict view with both versions.
 */
export const ReportEditor = ({
  report,
  draft,
}: {
  readonly report: Report | null
  /** What a new report starts with instead of empty fields (e.g. an AI run's answer as its body). */
  readonly draft?: Partial<EditorValues> | undefined
}) => {
  const me = useMe()
  const { values, setValues, saved, status, dirty, autosave, save, retry, resolveConflict, done } =
    useReportSave(report, draft)
  useDocumentTitle(`${report === null ? "New report" : `Edit: ${values.title || "Untitled"}`} · Folio`)

  const set = <F extends EditorField>(field: F, value: EditorValues[F]) =>
    setValues((current) => ({ ...current, [field]: value }))

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
          // Wraps on a phone: the save status, then the buttons below it.
          <Group gap="sm" wrap="wrap">
            <SaveIndicator
              status={status}
              dirty={dirty}
              saved={saved}
              isNew={report === null}
              autosave={autosave}
              onRetry={retry}
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
