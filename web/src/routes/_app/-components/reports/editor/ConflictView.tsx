import type { Report } from "@folio/core"
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { revisionsQueryOptions } from "../../../../../api/reports"
import { AlertIcon } from "../../../../../components/icons"
import { formatDateTime } from "../../directory/format"
import { ratingLabels, reportTypeLabels } from "../badges"
import { audienceLabel } from "../format"
import { listText } from "../listText"
import { TextDiff } from "../TextDiff"
import { changedFields, type EditorField, type EditorValues, fieldLabels, sameField, valuesOf } from "./model"

/** A field's value as one line of text, for showing and diffing. */
const fieldText = (field: EditorField, values: EditorValues): string => {
  switch (field) {
    case "type":
      return reportTypeLabels[values.type]
    case "rating":
      return values.rating === null ? "—" : ratingLabels[values.rating]
    case "targetPrice":
      return values.targetPrice === null ? "—" : String(values.targetPrice)
    case "targetCurrency":
      return values.targetCurrency || "—"
    case "tickers":
    case "channels":
    case "tags":
      return listText(values[field])
    case "authors":
      return listText(values.authors.map((author) => author.name))
    case "audience":
      return listText(values.audience.map(audienceLabel))
    default:
      return values[field] || "—"
  }
}

type Choice = "mine" | "theirs"

const Side = ({ title, children }: { readonly title: string; readonly children: React.ReactNode }) => (
  <Stack gap={4} miw={0}>
    <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
      {title}
    </Text>
    {children}
  </Stack>
)

const BodyConflict = ({ mine, theirs }: { readonly mine: string; readonly theirs: string }) => (
  <Tabs defaultValue="changes" keepMounted={false}>
    <Tabs.List>
      <Tabs.Tab value="changes">Changes</Tabs.Tab>
      <Tabs.Tab value="both">Side by side</Tabs.Tab>
    </Tabs.List>
    <Tabs.Panel value="changes" pt="xs">
      <Text fz="xs" c="dimmed" mb={4}>
        Struck through: only in their version. Highlighted: only in yours.
      </Text>
      <TextDiff before={theirs} after={mine} mode="lines" label="Body: their version against yours" />
    </Tabs.Panel>
    <Tabs.Panel value="both" pt="xs">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Side title="Theirs">
          <ScrollArea.Autosize mah={360}>
            <Code block aria-label="Their body">
              {theirs}
            </Code>
          </ScrollArea.Autosize>
        </Side>
        <Side title="Yours">
          <ScrollArea.Autosize mah={360}>
            <Code block aria-label="Your body">
              {mine}
            </Code>
          </ScrollArea.Autosize>
        </Side>
      </SimpleGrid>
    </Tabs.Panel>
  </Tabs>
)

/**
 * Someone saved this report since you opened it. Both versions are laid out field by field; for
 * each field that differs you keep yours or take theirs, and the result is saved on top of their
 * version. Nothing typed is thrown away until you choose so.
 */
export const ConflictView = ({
  base,
  mine,
  theirs,
  saving,
  onResolve,
}: {
  /** What this editor last saved or loaded: tells who changed what since. */
  readonly base: EditorValues
  readonly mine: EditorValues
  readonly theirs: Report
  readonly saving: boolean
  /** The values to continue from, to be saved on top of `theirs.version`. */
  readonly onResolve: (values: EditorValues, save: boolean) => void
}) => {
  const theirValues = valuesOf(theirs)
  const fields = changedFields(theirValues, mine)
  // A field only they changed takes their value; one only I changed keeps mine; both: mine until told.
  const onlyTheirs = (field: EditorField) => sameField(field, mine, base)
  const onlyMine = (field: EditorField) => sameField(field, theirValues, base)
  const [choices, setChoices] = useState<Partial<Record<EditorField, Choice>>>({})
  const choiceOf = (field: EditorField): Choice => choices[field] ?? (onlyTheirs(field) ? "theirs" : "mine")
  const who = (field: EditorField) =>
    onlyTheirs(field)
      ? "Only they changed this"
      : onlyMine(field)
        ? "Only you changed this"
        : "You both changed this"
  const revisions = useQuery(revisionsQueryOptions(theirs.id))
  const latest = revisions.data?.find((revision) => revision.version === theirs.version)

  const merged = (): EditorValues => {
    const out: Record<string, unknown> = { ...mine }
    for (const field of fields) if (choiceOf(field) === "theirs") out[field] = theirValues[field]
    return out as unknown as EditorValues
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="conflict-title"
      style={{ borderColor: "var(--mantine-color-orange-filled)" }}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<AlertIcon />} p="sm">
          <Title order={2} fz="h4" id="conflict-title">
            Someone else saved this report while you were editing
          </Title>
          <Text fz="sm" mt={4}>
            {latest?.savedBy
              ? `${latest.savedBy.name} saved version ${theirs.version} at ${formatDateTime(latest.savedAt)}.`
              : `Version ${theirs.version} was saved at ${formatDateTime(theirs.updatedAt)}.`}{" "}
            Nothing you typed is lost: choose, field by field, what to keep, then save on top of their
            version.
          </Text>
        </Alert>
        {fields.length === 0 ? (
          <Text fz="sm">Their version already matches yours.</Text>
        ) : (
          fields.map((field) => (
            <Paper key={field} withBorder radius="md" p="sm" role="group" aria-label={fieldLabels[field]}>
              <Group justify="space-between" mb="xs" gap="xs">
                <Group gap="xs">
                  <Text fw={600} fz="sm">
                    {fieldLabels[field]}
                  </Text>
                  <Text fz="xs" c={onlyTheirs(field) || onlyMine(field) ? "dimmed" : "orange"}>
                    {who(field)}
                  </Text>
                </Group>
                <SegmentedControl
                  size="xs"
                  aria-label={`Keep which ${fieldLabels[field].toLowerCase()}`}
                  value={choiceOf(field)}
                  onChange={(value) => setChoices({ ...choices, [field]: value as Choice })}
                  data={[
                    { value: "mine", label: "Keep mine" },
                    { value: "theirs", label: "Take theirs" },
                  ]}
                />
              </Group>
              {field === "body" ? (
                <BodyConflict mine={mine.body} theirs={theirValues.body} />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Side title="Theirs">
                    <Text fz="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                      {fieldText(field, theirValues)}
                    </Text>
                  </Side>
                  <Side title="Yours">
                    <Text fz="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                      {fieldText(field, mine)}
                    </Text>
                  </Side>
                </SimpleGrid>
              )}
            </Paper>
          ))
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={saving} onClick={() => onResolve(theirValues, false)}>
            Discard mine, use theirs
          </Button>
          <Button loading={saving} onClick={() => onResolve(merged(), true)}>
            Save my choices
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
