import { Group, Text } from "@mantine/core"
import { type DragEvent, useId, useRef, useState } from "react"
import { UploadIcon } from "../../../../components/icons"
import { droppedFiles } from "../reportImport/droppedFiles"
import classes from "../reportImport/ImportFiles.module.css"

const carriesFiles = (event: DragEvent<HTMLElement>): boolean => event.dataTransfer.types.includes("Files")

/**
 * The drop area for one KPI CSV, built like the report import's: a plain file input whose label is
 * the area, so a click, or Enter or Space on the focused input, chooses a file, and a drop adds it.
 */
export const CsvDrop = ({
  onFile,
  disabled,
  compact,
}: {
  readonly onFile: (file: File) => void
  readonly disabled: boolean
  /** Once a file is loaded the area shrinks to one line ("Drop another file"). */
  readonly compact: boolean
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
      const [first] = files
      if (first !== undefined) onFile(first)
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
        accept=".csv,text/csv"
        disabled={disabled}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          // Cleared so that choosing the same file again (after editing it) reads it again.
          event.currentTarget.value = ""
          if (file !== undefined) onFile(file)
        }}
      />
      <Group component="span" justify="center" gap="md" mih={compact ? 0 : 96} wrap="nowrap">
        <UploadIcon
          size={compact ? 22 : 36}
          color={dragging ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-dimmed)"}
          style={{ flex: "none" }}
        />
        <span>
          <Text component="span" display="block" id={titleId} fz={compact ? "sm" : "md"} fw={600}>
            {compact ? "Another KPI CSV file" : "KPI CSV file"}
          </Text>
          <Text component="span" display="block" id={hintId} fz="sm" c="dimmed" mt={2}>
            Drop it here, or click to choose. One value a row, with a header row.
          </Text>
        </span>
      </Group>
    </label>
  )
}
