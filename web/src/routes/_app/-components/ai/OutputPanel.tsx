import { Alert, Badge, Group, Loader, Paper, Skeleton, Stack, Text, Title } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import classes from "./Ai.module.css"
import { AnswerActions, AnswerMarkdown, Figures } from "./Answer"
import { errorKindLabels, providerLabels, runFigures } from "./format"
import { type Panel, panelLatency } from "./runState"

const statusText = (panel: Panel): string => {
  switch (panel.status) {
    case "waiting":
      return "Waiting for the provider…"
    case "streaming":
      return "Streaming…"
    case "done":
      return "Done"
    case "stopped":
      return "Stopped — partial answer kept"
    case "failed":
      return "Failed"
  }
}

const statusColor: Record<Panel["status"], string> = {
  waiting: "gray",
  streaming: "blue",
  done: "teal",
  stopped: "yellow",
  failed: "red",
}

/** One provider's answer: streamed text, then Markdown, its figures and what to do with it. */
export const OutputPanel = ({ panel, index }: { readonly panel: Panel; readonly index: number }) => {
  const headingId = `ai-answer-${index}`
  const live = panel.status === "waiting" || panel.status === "streaming"
  const latency = panelLatency(panel)
  const figures =
    panel.run !== null
      ? runFigures(panel.run.latencyMs, panel.run.usage)
      : live
        ? []
        : runFigures(latency === null ? null : Math.round(latency), {
            inputTokens: null,
            outputTokens: null,
            characters: panel.text.length,
            cost: null,
          })
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby={headingId}
      className={classes.panel}
    >
      <div className={classes.panelHeader}>
        <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
          <Title order={3} fz="h5" id={headingId} className={classes.choiceText}>
            {providerLabels[panel.provider]}
          </Title>
          <Group
            gap={6}
            wrap="nowrap"
            role="status"
            aria-live="polite"
            aria-label={`${providerLabels[panel.provider]} status`}
          >
            {live && <Loader size={14} type="dots" aria-hidden="true" />}
            <Badge variant="light" color={statusColor[panel.status]} radius="sm" tt="none" size="md">
              {statusText(panel)}
            </Badge>
          </Group>
        </Group>
        <Text fz="xs" c="dimmed" mih="1.2em" style={{ overflowWrap: "anywhere" }}>
          {panel.model ?? ""}
        </Text>
      </div>

      <div className={classes.answer}>
        {panel.status === "failed" && panel.error !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={errorKindLabels[panel.error.kind]}
            mb={panel.text === "" ? 0 : "sm"}
          >
            <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
              {panel.error.message}
            </Text>
          </Alert>
        )}
        {panel.status === "stopped" && (
          <Alert color="yellow" variant="light" mb="sm" p="xs">
            <Text fz="sm">
              {panel.text === ""
                ? "Stopped before the provider answered."
                : "You stopped the run. What had arrived is kept, and saved with your runs."}
            </Text>
          </Alert>
        )}
        {panel.status === "waiting" && panel.text === "" ? (
          <Stack gap={8} aria-hidden="true">
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
          </Stack>
        ) : live ? (
          <p className={classes.streaming}>
            {panel.text}
            <span className={classes.caret} aria-hidden="true" />
          </p>
        ) : panel.text !== "" ? (
          <AnswerMarkdown text={panel.text} />
        ) : null}
      </div>

      {!live && (
        <Stack gap="sm" mt="md">
          {(panel.status !== "failed" || panel.text !== "") && (
            <Figures figures={figures} label={`${providerLabels[panel.provider]} figures`} />
          )}
          {panel.text !== "" && <AnswerActions text={panel.text} runId={panel.runId} />}
        </Stack>
      )}
    </Paper>
  )
}
