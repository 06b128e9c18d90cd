import { renderMarkdown } from "@folio/core"
import {
  ActionIcon,
  Box,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Text,
  Textarea,
  Tooltip,
} from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { type KeyboardEvent, type ReactNode, useDeferredValue, useRef, useState } from "react"
import { LinkIcon } from "../../../../../components/icons"
import { RenderedMarkdown } from "../RenderedMarkdown"
import classes from "./MarkdownField.module.css"

type Mode = "write" | "split" | "preview"

interface Format {
  readonly label: string
  readonly glyph: ReactNode
  readonly keys?: string
  readonly apply: (selected: string) => { text: string; select: [number, number] }
}

const wrap =
  (mark: string, placeholder: string) =>
  (selected: string): { text: string; select: [number, number] } => {
    const inner = selected || placeholder
    return { text: `${mark}${inner}${mark}`, select: [mark.length, mark.length + inner.length] }
  }

const prefixLines =
  (prefix: (index: number) => string, placeholder: string) =>
  (selected: string): { text: string; select: [number, number] } => {
    const lines = (selected || placeholder).split("\n")
    const text = lines.map((line, index) => `${prefix(index)}${line}`).join("\n")
    return { text, select: [0, text.length] }
  }

const formats: ReadonlyArray<Format> = [
  { label: "Bold", glyph: "B", keys: "Ctrl+B", apply: wrap("**", "bold text") },
  { label: "Italic", glyph: "I", keys: "Ctrl+I", apply: wrap("_", "italic text") },
  { label: "Heading", glyph: "H", apply: prefixLines(() => "## ", "Heading") },
  { label: "Bulleted list", glyph: "•", apply: prefixLines(() => "- ", "Item") },
  { label: "Numbered list", glyph: "1.", apply: prefixLines((i) => `${i + 1}. `, "Item") },
  { label: "Quote", glyph: "❝", apply: prefixLines(() => "> ", "Quote") },
  {
    label: "Link",
    glyph: <LinkIcon size={15} />,
    keys: "Ctrl+K",
    apply: (selected) => {
      const text = `[${selected || "link text"}](https://)`
      const start = text.indexOf("https://")
      return { text, select: [start, start + "https://".length] }
    },
  },
  { label: "Code", glyph: "</>", apply: wrap("`", "code") },
]

const shortcut: Record<string, string> = { b: "Bold", i: "Italic", k: "Link" }

/**
 * The report body: Markdown in a plain textarea with a small toolbar and keyboard shortcuts, and
 * a live preview drawn by core's renderer (the same HTML readers get).
 */
export const MarkdownField = ({
  value,
  onChange,
  error,
}: {
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | undefined
}) => {
  const wide = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false })
  const [chosen, setMode] = useState<Mode | null>(null)
  // Side by side needs room; a phone switches between writing and the preview.
  const mode: Mode = chosen === "split" && !wide ? "write" : (chosen ?? (wide ? "split" : "write"))
  const area = useRef<HTMLTextAreaElement>(null)
  const preview = useDeferredValue(value)

  const applyFormat = (format: Format) => {
    const element = area.current
    if (element === null) return
    const { selectionStart: start, selectionEnd: end } = element
    const { text, select } = format.apply(value.slice(start, end))
    onChange(value.slice(0, start) + text + value.slice(end))
    requestAnimationFrame(() => {
      element.focus()
      element.setSelectionRange(start + select[0], start + select[1])
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const name = shortcut[event.key.toLowerCase()]
    const format = formats.find((candidate) => candidate.label === name)
    if (format) {
      event.preventDefault()
      // Ctrl/Cmd-K opens the command palette elsewhere; inside the editor it makes a link.
      event.stopPropagation()
      applyFormat(format)
    }
  }

  return (
    <Input.Wrapper label="Body" description="Markdown. Raw HTML is shown as text." error={error}>
      <Paper withBorder radius="md" mt={6} className={classes.frame} data-invalid={error ? true : undefined}>
        <Group justify="space-between" gap="xs" px="xs" py={6} className={classes.toolbar} wrap="wrap">
          <Group gap={2} role="toolbar" aria-label="Formatting" wrap="wrap">
            {formats.map((format) => (
              <Tooltip
                key={format.label}
                label={format.keys ? `${format.label} (${format.keys})` : format.label}
                openDelay={400}
              >
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label={format.label}
                  disabled={mode === "preview"}
                  onClick={() => applyFormat(format)}
                >
                  <Text component="span" fz="xs" fw={700} ff={format.glyph === "</>" ? "monospace" : "text"}>
                    {format.glyph}
                  </Text>
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
          <SegmentedControl
            size="xs"
            aria-label="Editor layout"
            value={mode}
            onChange={(next) => setMode(next as Mode)}
            data={[
              { value: "write", label: "Write" },
              ...(wide ? [{ value: "split", label: "Split" }] : []),
              { value: "preview", label: "Preview" },
            ]}
          />
        </Group>
        <div className={classes.panes} data-mode={mode}>
          {mode !== "preview" && (
            <Textarea
              ref={area}
              aria-label="Body (Markdown)"
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              autosize
              minRows={18}
              maxLength={200_000}
              variant="unstyled"
              spellCheck
              classNames={{ input: classes.source ?? "" }}
              className={classes.sourcePane}
              placeholder={
                "## Investment view\n\nWrite in Markdown: **bold**, _italic_, lists, tables, links."
              }
            />
          )}
          {mode !== "write" && (
            <Box className={classes.previewPane} aria-label="Preview" role="region">
              {preview.trim() === "" ? (
                <Text c="dimmed" fz="sm">
                  Nothing to preview yet.
                </Text>
              ) : (
                <RenderedMarkdown html={renderMarkdown(preview)} />
              )}
            </Box>
          )}
        </div>
        <Text c="dimmed" fz="xs" ta="right" px="xs" py={4} className={classes.footer}>
          {value.length.toLocaleString()} / 200,000
        </Text>
      </Paper>
    </Input.Wrapper>
  )
}
