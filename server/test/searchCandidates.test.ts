import { describe, expect, it } from "vitest"
import { type Candidate, estimatedMatches, facetsOf, pageOf } from "../src/search/candidates.js"

const candidate = (id: string, rank: number, at: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  rank,
  at: new Date(at),
  status: "published",
  sector: "Energy",
  type: "note",
  tickers: [],
  ...extra,
})

describe("search candidates", () => {
  it("pages by relevance, then the newest, then id, with one more than asked", () => {
    const candidates = [
      candidate("a", 0.1, "2026-03-01T00:00:00Z"),
      candidate("b", 0.5, "2026-01-01T00:00:00Z"),
      candidate("c", 0.5, "2026-02-01T00:00:00Z"),
      candidate("e", 0.2, "2026-02-01T00:00:00Z"),
      candidate("d", 0.2, "2026-02-01T00:00:00Z"),
    ]
    expect(pageOf(candidates, 2, 0)).toEqual(["c", "b", "d"])
    expect(pageOf(candidates, 2, 2)).toEqual(["d", "e", "a"])
    expect(pageOf(candidates, 2, 4)).toEqual(["a"])
    expect(pageOf([], 20, 0)).toEqual([])
  })

  it("counts each facet over every candidate: most common first, ties by value, years newest first", () => {
    const candidates = [
      candidate("1", 0, "2026-01-01T00:30:00Z", { tickers: ["MSFT", "AAPL"], sector: "Technology" }),
      candidate("2", 0, "2025-12-31T23:30:00Z", { tickers: ["AAPL"], status: "draft", type: "flash" }),
      candidate("3", 0, "2024-06-01T00:00:00Z", { tickers: ["NVDA"], sector: "Technology" }),
    ]
    expect(facetsOf(candidates)).toEqual({
      tickers: [
        { value: "AAPL", count: 2 },
        { value: "MSFT", count: 1 },
        { value: "NVDA", count: 1 },
      ],
      sectors: [
        { value: "Technology", count: 2 },
        { value: "Energy", count: 1 },
      ],
      types: [
        { value: "note", count: 2 },
        { value: "flash", count: 1 },
      ],
      statuses: [
        { value: "published", count: 2 },
        { value: "draft", count: 1 },
      ],
      // By the UTC calendar: half an hour apart, two years.
      years: [
        { value: "2026", count: 1 },
        { value: "2025", count: 1 },
        { value: "2024", count: 1 },
      ],
    })
  })

  it("keeps the 12 most common tickers and the 10 newest years", () => {
    const candidates = Array.from({ length: 15 }, (_, i) =>
      candidate(String(i), 0, `${2010 + i}-05-01T00:00:00Z`, { tickers: [`T${String(i).padStart(2, "0")}`] }),
    )
    const facets = facetsOf(candidates)
    expect(facets.tickers.map((f) => f.value)).toEqual(
      Array.from({ length: 12 }, (_, i) => `T${String(i).padStart(2, "0")}`),
    )
    expect(facets.years.map((f) => f.value)).toEqual(Array.from({ length: 10 }, (_, i) => String(2024 - i)))
  })

  it("estimates every match from how recent the newest are", () => {
    const day = 86_400_000
    const end = new Date("2026-01-31T00:00:00Z")
    const start = new Date(end.getTime() - 1000 * day)
    const newest = (n: number, everyDays: number) =>
      Array.from({ length: n }, (_, i) => ({ at: new Date(end.getTime() - (i + 1) * everyDays * day) }))
    // One match a day over 1,000 days: the newest 201 span 201 days.
    expect(estimatedMatches(newest(201, 1), start, end)).toBeCloseTo(1000)
    // One every ten days: the newest 201 span the whole history, and more, so no more than 201.
    expect(estimatedMatches(newest(201, 10), start, end)).toBe(201)
    // All at the end's instant (or after): too many to tell.
    expect(estimatedMatches([{ at: end }], start, end)).toBe(Number.POSITIVE_INFINITY)
    expect(estimatedMatches([], start, end)).toBe(0)
  })
})
