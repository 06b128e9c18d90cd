import "@mantine/dropzone/styles.css"
import { Badge, CloseButton, Group, Stack, Text } from "@mantine/core"
import { Dropzone } from "@mantine/dropzone"
import { AlertIcon, FileTextIcon, UploadIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import type { PreviewFile, PreviewRow } from "./preview"

const formatLabels = { csv: "CSV", json: "JSON", ndjson: "NDJSON", markdown: "Markdown" } as const

/** The drop zone (or file picker) for CSV, JSON, NDJSON and Markdown files. */
export const FilesDrop = ({
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

/** The files read so far: name, format, rows and problems, each with a button to remove it. */
export const FileList = ({
  files,
  rows,
  onRemove,
  disabled,
}: {
  readonly files: ReadonlyArray<PreviewFile>
  /** The plan's rows, each marked with its problems. */
  readonly rows: ReadonlyArray<PreviewRow>
  readonly onRemove: (name: string) => void
  readonly disabled: boolean
}) => (
  <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Files">
    {files.map((file) => {
      const fileRows = rows.filter((row) => row.file === file.name)
      const invalid = fileRows.filter((row) => row.problems > 0).length
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
              {plural(fileRows.length, "row")}
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
