import type { Me } from "@folio/core"
import { describe, expect, it } from "vitest"
import { activeNavItem, navItems, navItemsFor } from "../src/shell/navigation"

const viewer = (role: Me["user"]["role"], kind: "publisher" | "client") =>
  ({ user: { role }, company: { kind } }) as unknown as Pick<Me, "user" | "company">

const activeLabel = (pathname: string, items = navItems) => activeNavItem(items, pathname)?.label

describe("activeNavItem", () => {
  it.each([
    ["/reports", "Reports"],
    ["/reports/favorites", "Favorites"],
    ["/reports/import", "Import"],
    ["/reports/0b6c1f9e-1f7d-4c1e-9d2f-1a2b3c4d5e6f", "Reports"],
    ["/reports/0b6c1f9e-1f7d-4c1e-9d2f-1a2b3c4d5e6f/edit", "Reports"],
    ["/developer", "Developer"],
    ["/developer/reports", "Error reports"],
    ["/developer/reports/0b6c1f9e-1f7d-4c1e-9d2f-1a2b3c4d5e6f", "Error reports"],
    ["/companies/x/teams/y", "Companies"],
    ["/reports/favorites/", "Favorites"],
  ])("lights only the deepest area for %s", (pathname, label) => {
    expect(activeLabel(pathname)).toBe(label)
  })

  it("never lights an area whose path is only a prefix of another word", () => {
    expect(activeLabel("/reportsx")).toBeUndefined()
    expect(activeLabel("/developers")).toBeUndefined()
  })

  it("lights nothing on a page outside every area", () => {
    expect(activeLabel("/login")).toBeUndefined()
    expect(activeLabel("/")).toBeUndefined()
  })

  it("falls back to the parent area when the deeper one is not shown to this person", () => {
    const readerItems = navItemsFor(viewer("reader", "client"))
    expect(activeLabel("/reports/import", readerItems)).toBe("Reports")
  })
})

describe("navItemsFor", () => {
  const labels = (role: Me["user"]["role"], kind: "publisher" | "client") =>
    navItemsFor(viewer(role, kind)).map((item) => item.label)

  it("shows Error reports to the publisher's admins and developers", () => {
    expect(labels("admin", "publisher")).toContain("Error reports")
    expect(labels("developer", "publisher")).toContain("Error reports")
  })

  it("hides Error reports from other roles and from client companies' developers", () => {
    expect(labels("editor", "publisher")).not.toContain("Error reports")
    expect(labels("reader", "client")).not.toContain("Error reports")
    expect(labels("developer", "client")).not.toContain("Error reports")
    expect(labels("developer", "client")).toContain("Developer")
  })

  it("shows Configuration to admins only", () => {
    expect(labels("admin", "publisher")).toContain("Configuration")
    for (const role of ["editor", "analyst", "developer", "reader"] as const) {
      expect(labels(role, "publisher")).not.toContain("Configuration")
    }
  })
})
