import { Box, Text } from "ink"
import type { DoctorReport } from "../services/doctor.js"
import { type CheckStatus, doctorChecks, doctorSummary } from "./doctorChecks.js"
import { printInk } from "./ink.js"
import type { Output } from "./output.js"
import { visible } from "./terminalText.js"

const marks: Record<CheckStatus, { readonly mark: string; readonly color: string }> = {
  ok: { mark: "✓", color: "green" },
  fail: { mark: "✗", color: "red" },
  skip: { mark: "–", color: "gray" },
}

export const DoctorView = ({ report, color }: { readonly report: DoctorReport; readonly color: boolean }) => {
  const checks = doctorChecks(report)
  const width = Math.max(...checks.map((check) => check.name.length)) + 2
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Folio</Text> at {visible(report.url)}
      </Text>
      <Box flexDirection="column" marginY={1}>
        {checks.map((check) => {
          const { mark, color: tone } = marks[check.status]
          return (
            <Box key={check.name}>
              <Box width={2} flexShrink={0}>
                <Text {...(color ? { color: tone } : {})}>{mark}</Text>
              </Box>
              <Box width={width} flexShrink={0}>
                <Text bold>{check.name}</Text>
              </Box>
              <Text dimColor={check.status === "skip"}>{check.detail}</Text>
            </Box>
          )
        })}
      </Box>
      <Text {...(color ? { color: report.ok ? "green" : "red" } : {})}>{doctorSummary(report)}</Text>
    </Box>
  )
}

export const printDoctorView = (report: DoctorReport, out: Output): void =>
  printInk(<DoctorView report={report} color={out.colorStdout} />, out)
