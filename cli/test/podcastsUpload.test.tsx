import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { UploadProgress } from "../src/ui/UploadProgressView.js"
import { type UploadState, uploadLine } from "../src/ui/uploadProgress.js"

const state: UploadState = {
  name: "ep12.mp3",
  total: 40_000_000,
  sent: 10_000_000,
  startedAt: 0,
  retry: null,
}

describe("the upload progress", () => {
  it("draws a bar with the percent, bytes sent of the whole, the rate and the time left", () => {
    const { lastFrame, unmount } = render(<UploadProgress state={state} columns={100} now={5_000} />)
    const frame = lastFrame() ?? ""
    expect(frame).toContain("Uploading ep12.mp3")
    expect(frame).toMatch(/█{10}░{30} {2}25% {2}10 MB of 40 MB/)
    expect(frame).toContain("2.0 MB/s · ETA 15 s")
    unmount()
  })

  it("says a retry in words, with the server's text made visible", () => {
    const { lastFrame, unmount } = render(
      <UploadProgress
        state={{
          ...state,
          name: "ep\u001b]0;x\u0007.mp3",
          retry: "socket hang up. Retrying in 3 s (attempt 2).",
        }}
        columns={100}
        now={5_000}
      />,
    )
    const frame = lastFrame() ?? ""
    expect(frame).toContain("Uploading ep\\e]0;x\\a.mp3")
    expect(frame).toContain("socket hang up. Retrying in 3 s (attempt 2).")
    unmount()
  })

  it("writes the same figures as one plain line when not in a terminal", () => {
    expect(uploadLine(state, 5_000)).toBe("10 MB of 40 MB (25%), 2.0 MB/s, ETA 15 s")
    expect(uploadLine(state, 100)).toBe("10 MB of 40 MB (25%), - MB/s, ETA -")
    expect(uploadLine({ ...state, sent: 40_000_000 }, 8_000)).toBe("40 MB of 40 MB (100%), 5.0 MB/s, ETA 0 s")
  })
})
