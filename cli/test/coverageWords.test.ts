import { CoverageSort, Rating } from "@folio/core"
import { describe, expect, it } from "vitest"
import { ratings, sorts } from "../src/commands/coverage.js"

// The command keeps its own copies so that `--help` loads no Effect; these hold them to core's.
describe("folio coverage's word lists", () => {
  it("are core's ratings and sorts", () => {
    expect([...ratings]).toEqual([...Rating.literals])
    expect([...sorts]).toEqual([...CoverageSort.literals])
  })
})
