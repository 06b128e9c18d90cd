import { type AiRunId, renderMarkdown } from "@folio/core"
import { Box, Button, CopyButton, Group, Text, Tooltip } from "@mantine/core"
import { useId, useMemo } from "react"
import { CheckIcon, CopyIcon, FileTextIcon } from "../../../../components/icons"
import { useGrant } from "../directory/permissions"
import { ButtonLink } from "../reports/ButtonLink"
import { RenderedMarkdown } from "../reports/RenderedMarkdown"
import classes from "./Ai.module.css"
import type { Figure } from "./format"

/** An answer as Markdown, rendered by core's renderer (raw HTML off). */
export const AnswerMarkdown = ({ text }: { readonly text: string }) => {
  const html = useMemo(() => renderMarkdown(text), [text])
  return (
    <div className={classes.answerText}>
      <RenderedMarkdown html={html} />
    </div>
  )
}

/** The figures of a run, each a labelled group ("Latency 1.2 s"). */
export const Figures = ({
  figures,
  label,
}: {
  readonly figures: ReadonlyArray<Figure>
  readonly label: string
}) => {
  const id = useId()
  if (figures.length === 0) return null
  return (
    <Box className={classes.figures} role="group" aria-label={label}>
      {figures.map((figure, index) => (
        <Box key={figure.label} className={classes.figure} role="group" aria-labelledby={`${id}-${index}`}>
          <Text fz="xs" c="dimmed" id={`${id}-${index}`}>
            {figure.label}
          </Text>
          <Text fz="sm" fw={600} className={classes.figureValue}>
            {figure.value}
          </Text>
        </Box>
      ))}
    </Box>
  )
}

/** Copy the answer; start a report draft from it (the editor loads the saved run). */
export const AnswerActions = ({
  text,
  runId,
  size = "xs",
}: {
  readonly text: string
  readonly runId: AiRunId | null
  readonly size?: "xs" | "sm"
}) => {
  const mayDraft = useGrant("reports.create") !== "none"
  return (
    <Group gap="xs" wrap="wrap">
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button
            size={size}
            variant="default"
            leftSection={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
            onClick={copy}
            disabled={text === ""}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
      {mayDraft && runId !== null && text !== "" && (
        <Tooltip label="Opens a new report with this answer as its body" openDelay={400}>
          <ButtonLink
            size={size}
            variant="light"
            leftSection={<FileTextIcon size={14} />}
            to="/reports/new"
            search={{ fromRun: runId }}
          >
            Use as report draft
          </ButtonLink>
        </Tooltip>
      )}
    </Group>
  )
}
