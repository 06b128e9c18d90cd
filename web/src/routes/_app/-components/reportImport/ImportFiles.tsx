import { Badge, CloseButton, Group, Stack, Text } from "@mantine/core"
import { type DragEvent, useId, useRef, useState } from "react"
import { FileTextIcon, UploadIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { droppedFiles } from "./droppedFiles"
import classes from "./ImportFiles.module.css"
import type { PreviewFile, PreviewRow } from "./preview"

const formatLabels = { csv: "CSV", json: "JSON", ndjson: "NDJSON", markdown: "Markdown" } as const

/** What the file picker offers; a drop takes any file, and the list marks the ones no reader knows. */
const acceptedFiles = ".csv,.json,.ndjson,.jsonl,.md,.markdown"

const carriesFiles = (event: DragEvent<HTMLElement>): boolean => event.dataTransfer.types.includes("Files")

/**
 * The drop area for CSV, JSON, NDJSON and Markdown files: a plain file input whose label is the
 * area, so a click or (on the focused input) Enter or Space chooses files, and a drop on it adds them.
 */
export const FilesDrop = ({
  onFiles,
  disabled,
}: {
  readonly onFiles: (files: ReadonlyArray<File>) => void
  readonly disabled: boolean
}) => {
  const inputId = useId()
  const titleId = useId()
  const hintId = useId()
  const [dragging, setDragging] = useState(false)
  // dragenter and dragleave fire for each child crossed: the area is left when the count is back at 0.
  const depth = useRef(0)

  const onDragEnter = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    depth.current += 1
    if (!disabled) setDragging(true)
  }
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return
    // Without preventDefault here the browser would open the file instead of dropping it.
    event.preventDefault()
    event.dataTransfer.dropEffect = disabled ? "none" : "copy"
  }
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return
    depth.current = Math.max(0, depth.current - 1)
    if (depth.current === 0) setDragging(false)
  }
  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    depth.current = 0
    setDragging(false)
    if (disabled) return
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) onFiles(files)
    })
  }

  return (
    <label
      htmlFor={inputId}
      className={classes.drop}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <input
        id={inputId}
        className={classes.input}
        type="file"
        multiple
        accept={acceptedFiles}
        disabled={disabled}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          // Cleared so that choosing the same file again (after editing it) reads it again.
          event.currentTarget.value = ""
          if (files.length > 0) onFiles(files)
        }}
      />
      {/* Spans only: a label holds phrasing content. */}
      <Group component="span" justify="center" gap="lg" mih={120} wrap="nowrap">
        <UploadIcon
          size={40}
          color={dragging ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-dimmed)"}
          style={{ flex: "none" }}
        />
        <span>
          <Text component="span" display="block" id={titleId} fz="lg" fw={600}>
            Files to import
          </Text>
          <Text component="span" display="block" id={hintId} fz="sm" c="dimmed" mt={4}>
            Drop them here, or click to choose. CSV with a header row, a JSON array, NDJSON, or Markdown with
            YAML front matter (one report per file). Several files, or a folder, at once are fine.
          </Text>
        </span>
      </Group>
    </label>
  )
}

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
