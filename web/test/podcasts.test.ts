import { audioMaxBytes, type Me } from "@folio/core"
import { describe, expect, it } from "vitest"
import { episodeNumbering, formatBytes } from "../src/routes/_app/-components/podcasts/format"
import { HeardClock, heardCapSeconds, resumeAt } from "../src/routes/_app/-components/podcasts/playback"
import { audioTypeOf, percentOf, precheckAudio } from "../src/routes/_app/-components/podcasts/upload"
import { activeNavItem, navItemsFor } from "../src/shell/navigation"

describe("HeardClock", () => {
  it("counts wall-clock time while playing, at the rate of each stretch", () => {
    const clock = new HeardClock()
    clock.play(0, 1)
    clock.setRate(10_000, 2) // 10 s at 1×
    clock.stop(15_000) // 5 s at 2× = 10 s heard
    expect(clock.take(20_000)).toBe(20)
    // Taking starts afresh; nothing is heard while paused.
    expect(clock.take(30_000)).toBe(0)
  })

  it("keeps counting across a report while playing, and stops on pause", () => {
    const clock = new HeardClock()
    clock.play(0, 1.5)
    expect(clock.take(10_000)).toBe(15)
    expect(clock.playing).toBe(true)
    clock.stop(14_000)
    expect(clock.take(60_000)).toBe(6)
  })

  it("never reports more than the API accepts in one report", () => {
    const clock = new HeardClock()
    clock.play(0, 2)
    expect(clock.take(600_000)).toBe(heardCapSeconds)
  })
})

describe("resumeAt", () => {
  it("resumes at the saved place", () => {
    expect(resumeAt({ seconds: 95.5, completed: false }, 600)).toBe(95.5)
  })

  it("starts over after a finished episode, or one stopped in its last seconds", () => {
    expect(resumeAt({ seconds: 300, completed: true }, 600)).toBe(0)
    expect(resumeAt({ seconds: 598, completed: false }, 600)).toBe(0)
    expect(resumeAt(null, 600)).toBe(0)
  })
})

describe("precheckAudio", () => {
  it("refuses a file over the limit before sending it, saying both sizes", () => {
    const message = precheckAudio({ name: "long.mp3", size: audioMaxBytes + 1 })
    expect(message).toContain("long.mp3")
    expect(message).toContain("at most 500 MB")
  })

  it("takes MP3, M4A and WAV files up to the limit, and refuses other names", () => {
    expect(precheckAudio({ name: "Weekly.MP3", size: audioMaxBytes })).toBeNull()
    expect(precheckAudio({ name: "a.m4a", size: 10 })).toBeNull()
    expect(precheckAudio({ name: "a.wav", size: 10 })).toBeNull()
    expect(precheckAudio({ name: "notes.pdf", size: 10 })).toMatch(/not an MP3, M4A or WAV/)
    expect(precheckAudio({ name: "a.wav", size: 0 })).toMatch(/empty/)
  })

  it("names a type for a file the browser gave none", () => {
    expect(audioTypeOf("x.wav")).toBe("audio/wav")
    expect(audioTypeOf("x")).toBe("application/octet-stream")
  })

  it("never says 100% before the last byte", () => {
    expect(percentOf({ sent: 999, total: 1000 })).toBe(99)
    expect(percentOf({ sent: 0, total: 0 })).toBe(0)
  })
})

describe("formatting", () => {
  it("writes sizes in decimal units", () => {
    expect(formatBytes(812)).toBe("812 B")
    expect(formatBytes(524_288_000)).toBe("524.3 MB")
  })

  it("numbers an episode by season and number when it has them", () => {
    expect(episodeNumbering({ season: 2, number: 14 })).toBe("Season 2 · Episode 14")
    expect(episodeNumbering({ season: null, number: 3 })).toBe("Episode 3")
    expect(episodeNumbering({ season: null, number: null })).toBeNull()
  })
})

describe("the podcast areas in the navigation", () => {
  const viewer = (role: Me["user"]["role"]) =>
    ({ user: { role }, company: { kind: "client" } }) as unknown as Pick<Me, "user" | "company">
  const labels = (role: Me["user"]["role"]) => navItemsFor(viewer(role)).map((item) => item.label)

  it("lists Podcasts for everyone, Podcast admin for editors and admins only", () => {
    for (const role of ["admin", "editor", "analyst", "developer", "reader"] as const)
      expect(labels(role)).toContain("Podcasts")
    expect(labels("admin")).toContain("Podcast admin")
    expect(labels("editor")).toContain("Podcast admin")
    for (const role of ["analyst", "developer", "reader"] as const)
      expect(labels(role)).not.toContain("Podcast admin")
  })

  it("lights Podcast admin on its page and Podcasts on the listening page", () => {
    const items = navItemsFor(viewer("admin"))
    expect(activeNavItem(items, "/podcasts/admin")?.label).toBe("Podcast admin")
    expect(activeNavItem(items, "/podcasts")?.label).toBe("Podcasts")
  })
})
