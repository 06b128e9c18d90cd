import type { ExceptionValue, StackFrame } from "@folio/core"
import { Badge, Group, Stack, Switch, Text } from "@mantine/core"
import { useId, useState } from "react"
import { frameLocation, functionName } from "./format"
import classes from "./StackTrace.module.css"

const Frame = ({ frame }: { readonly frame: StackFrame }) => (
  <li className={frame.inApp ? classes.inApp : classes.library}>
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text
        component="span"
        ff="monospace"
        fz="sm"
        fw={frame.inApp ? 600 : 400}
        {...(frame.inApp ? {} : { c: "dimmed" })}
        className={classes.fn}
      >
        {functionName(frame.function)}
      </Text>
      {frame.inApp && (
        <Badge size="xs" variant="light" radius="sm" color="indigo" className={classes.badge}>
          in app
        </Badge>
      )}
    </Group>
    <Text component="span" ff="monospace" fz="xs" c="dimmed" className={classes.location}>
      {frameLocation(frame)}
    </Text>
  </li>
)

const Exception = ({
  exception,
  cause,
  inAppOnly,
}: {
  readonly exception: ExceptionValue
  readonly cause: boolean
  readonly inAppOnly: boolean
}) => {
  // Sentry sends the outermost call first; people read a trace from the line that threw.
  const frames = [...exception.frames].reverse()
  const shown = inAppOnly ? frames.filter((frame) => frame.inApp) : frames
  const hidden = frames.length - shown.length
  return (
    <Stack gap="xs">
      <div>
        {cause && (
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            Caused by
          </Text>
        )}
        <Text ff="monospace" fz="sm" style={{ overflowWrap: "anywhere" }}>
          <Text component="span" ff="monospace" fz="sm" fw={700}>
            {exception.type}
          </Text>
          {exception.value !== "" && `: ${exception.value}`}
        </Text>
      </div>
      {frames.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No stack trace was recorded for this exception.
        </Text>
      ) : (
        <>
          <ol className={classes.frames} aria-label={`Stack of ${exception.type}, most recent call first`}>
            {shown.map((frame, index) => (
              // Frames have no identity of their own; their position in the stack is what they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Frame key={index} frame={frame} />
            ))}
          </ol>
          {hidden > 0 && (
            <Text fz="xs" c="dimmed">
              {hidden === 1 ? "1 library frame hidden" : `${hidden} library frames hidden`}
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}

/**
 * The latest event's exceptions, the error that was caught first and then each cause (linked
 * errors), frame by frame, most recent call first. Frames of the console's own code stand out.
 */
export const StackTrace = ({ exceptions }: { readonly exceptions: ReadonlyArray<ExceptionValue> }) => {
  const [inAppOnly, setInAppOnly] = useState(false)
  const switchId = useId()
  // Sentry lists the chain innermost first; the error that reached the handler is the last one.
  const chain = [...exceptions].reverse()
  const anyLibrary = chain.some((exception) => exception.frames.some((frame) => !frame.inApp))
  const anyInApp = chain.some((exception) => exception.frames.some((frame) => frame.inApp))
  if (chain.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        This event carried no exception.
      </Text>
    )
  }
  return (
    <Stack gap="lg">
      {anyLibrary && anyInApp && (
        <Switch
          id={switchId}
          label="Only the console's own frames"
          checked={inAppOnly}
          onChange={(event) => setInAppOnly(event.currentTarget.checked)}
          size="sm"
        />
      )}
      {chain.map((exception, index) => (
        <Exception
          // biome-ignore lint/suspicious/noArrayIndexKey: the chain's order is its identity
          key={index}
          exception={exception}
          cause={index > 0}
          inAppOnly={inAppOnly}
        />
      ))}
    </Stack>
  )
}
