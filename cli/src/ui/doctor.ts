import type { DoctorReport } from "../services/doctor.js"
import { doctorChecks, doctorSummary } from "./doctorChecks.js"
import type { Output } from "./output.js"
import { renderJson, renderLines, renderProblem } from "./render.js"

/**
 * Prints the doctor's report and returns the exit code. When the server could not be checked at
 * all, stdout stays empty (apart from the `--json` document) and stderr gets one line.
 */
export const renderDoctor = async (report: DoctorReport, out: Output): Promise<number> => {
  if (out.json) renderJson(report)
  else if (report.error === null) {
    if (out.rich) {
      const { printDoctorView } = await import("./DoctorView.js")
      printDoctorView(report, out)
    } else {
      const checks = doctorChecks(report)
      const width = Math.max(...checks.map((check) => check.name.length))
      renderLines([
        `Folio at ${report.url}`,
        ...checks.map((check) => `${check.status.padEnd(4)}  ${check.name.padEnd(width)}  ${check.detail}`),
        doctorSummary(report),
      ])
    }
  }
  if (!report.ok) {
    const [first, ...rest] = report.problems
    renderProblem(
      `${first ?? "Folio is not healthy."}${rest.length > 0 ? ` (and ${rest.length} more)` : ""}`,
      out,
    )
  }
  return report.ok ? 0 : 1
}
