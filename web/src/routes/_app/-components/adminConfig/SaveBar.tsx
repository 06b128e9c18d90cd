import { Alert, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import classes from "./SaveBar.module.css"

/**
 * The unsaved changes, kept in view at the bottom of the screen: how many, an optional comment for
 * the history, discard and save. What stopped the last save is said here too.
 */
export const SaveBar = ({
  count,
  problems,
  comment,
  onComment,
  saving,
  failure,
  stale,
  onReload,
  onDiscard,
  onSave,
}: {
  readonly count: number
  /** How many changes have a problem to fix first. */
  readonly problems: number
  readonly comment: string
  readonly onComment: (comment: string) => void
  readonly saving: boolean
  /** The last save's failure, in words; null when there is none. */
  readonly failure: string | null
  /** The last save found the store changed by someone else (412). */
  readonly stale: boolean
  readonly onReload: () => void
  readonly onDiscard: () => void
  readonly onSave: () => void
}) => (
  <Paper
    className={classes.bar}
    component="form"
    withBorder
    shadow="md"
    radius="lg"
    p="sm"
    aria-label="Unsaved changes"
    onSubmit={(event) => {
      event.preventDefault()
      onSave()
    }}
  >
    <Stack gap="xs">
      {stale && (
        <Alert
          color="orange"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title="Someone else changed the configuration"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              The store moved on since you loaded it, so nothing was saved. Reload it: your edits stay, so you
              can check them against the new values and save again.
            </Text>
            <Button size="xs" variant="default" onClick={onReload}>
              Reload the configuration
            </Button>
          </Stack>
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Not saved">
          {failure}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Text fz="sm" fw={500} style={{ flex: "1 0 auto" }} aria-live="polite">
          {plural(count, "unsaved change")}
          {problems > 0 && (
            <Text span c="red" fz="sm">
              {" "}
              · {plural(problems, "problem")} to fix
            </Text>
          )}
        </Text>
        <TextInput
          aria-label="Comment"
          placeholder="Comment for the history (optional)"
          maxLength={500}
          value={comment}
          onChange={(event) => onComment(event.currentTarget.value)}
          style={{ flex: "10 1 14rem" }}
        />
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  </Paper>
)
