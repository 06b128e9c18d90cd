import type { Company } from "@folio/core"
import type { CompanyList, CreatedCompany } from "../services/companies.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote } from "./render.js"
import { type Column, renderRecord, renderTable } from "./table.js"

const entitlementText = (company: Company): string =>
  company.entitlements === "all"
    ? "all sectors"
    : company.entitlements.length === 0
      ? "none"
      : company.entitlements.join(", ")

const columns: ReadonlyArray<Column<Company>> = [
  { header: "NAME", value: (company) => company.name },
  { header: "SLUG", value: (company) => company.slug },
  { header: "KIND", value: (company) => company.kind },
  {
    header: "STATUS",
    value: (company) => company.status,
    tone: (company) => (company.status === "suspended" ? "red" : undefined),
  },
  { header: "DOMAIN", value: (company) => company.domain ?? "", optional: true },
  { header: "USERS", value: (company) => String(company.userCount), optional: true },
  { header: "TEAMS", value: (company) => String(company.teamCount), optional: true },
  { header: "ENTITLEMENTS", value: entitlementText },
]

export const renderCompanyList = async (result: CompanyList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.companies.length === 0) renderNote("No companies match.", out)
  else await renderTable(columns, result.companies, out)
  renderMoreNote("companies", result.nextCursor, out)
}

export const renderCreatedCompany = async (result: CreatedCompany, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { company } = result
  renderDone(`Created company ${company.name} (${company.slug}).`, out)
  await renderRecord(
    [
      ["id", company.id],
      ["slug", company.slug],
      ["kind", company.kind],
      ["domain", company.domain ?? ""],
      ["entitlements", entitlementText(company)],
    ],
    out,
  )
}
