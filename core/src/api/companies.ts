import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Company, CompanyListParams, CompanyPage, CreateCompany, UpdateCompany } from "../domain/company.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { CompanyId } from "../ids.js"
import { Authentication } from "./security.js"

export const companyIdParam = HttpApiSchema.param("companyId", CompanyId)

/** The publisher and its client companies. Readers and developers see only their own company. */
export class CompaniesGroup extends HttpApiGroup.make("companies")
  .add(
    HttpApiEndpoint.get("list", "/companies")
      .setUrlParams(CompanyListParams)
      .addSuccess(CompanyPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List companies")
      .annotate(
        OpenApi.Description,
        "Ordered by name; pass `nextCursor` back as `cursor` for the next page.",
      ),
  )
  .add(
    HttpApiEndpoint.get("get")`/companies/${companyIdParam}`
      .addSuccess(Company)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get a company"),
  )
  .add(
    HttpApiEndpoint.post("create", "/companies")
      .setPayload(CreateCompany)
      .addSuccess(Company, { status: 201 })
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Create a company (admin)")
      .annotate(OpenApi.Description, "409 when the slug or the domain is already used by another company."),
  )
  .add(
    HttpApiEndpoint.patch("update")`/companies/${companyIdParam}`
      .setPayload(UpdateCompany)
      .addSuccess(Company)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Change a company's name, slug, domain, status or entitlements (admin)"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Companies") {}
