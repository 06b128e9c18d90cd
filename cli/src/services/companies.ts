import {
  type Company,
  type CompanyKind,
  type CompanyStatus,
  CreateCompany,
  type Entitlements,
} from "@folio/core"
import { Effect } from "effect"
import { call, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { collectPages, defined, type Paging } from "./lookup.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

export interface CompanyListInput extends Flags, Paging {
  readonly search?: string | undefined
  readonly kind?: CompanyKind | undefined
  readonly status?: CompanyStatus | undefined
}

export interface CompanyList {
  readonly url: string
  readonly companies: ReadonlyArray<Company>
  readonly nextCursor: string | null
}

export const listCompanies = (input: CompanyListInput): Effect.Effect<CompanyList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const page = yield* collectPages(input, (params) =>
      call(target, (client) =>
        client.companies.list({
          urlParams: defined({ q: input.search, kind: input.kind, status: input.status, ...params }),
        }),
      ),
    )
    return { url: target.url, companies: page.items, nextCursor: page.nextCursor }
  })

export interface CreateCompanyInput extends Flags {
  readonly name: string
  readonly slug: string
  readonly domain?: string | undefined
  readonly entitlements?: Entitlements | undefined
}

export interface CreatedCompany {
  readonly url: string
  readonly company: Company
}

/** Creates a client company; the server checks the slug and domain and answers 409 when taken. */
export const createCompany = (input: CreateCompanyInput): Effect.Effect<CreatedCompany, CliError> =>
  Effect.gen(function* () {
    const payload = yield* decodeInput(
      CreateCompany,
      {
        name: input.name,
        slug: input.slug,
        domain: input.domain ?? null,
        kind: "client",
        entitlements: input.entitlements ?? "all",
      },
      { name: "--name", slug: "--slug", domain: "--domain", entitlements: "--entitlements" },
    )
    const target = yield* signedInTarget(input)
    const company = yield* call(target, (client) => client.companies.create({ payload }))
    return { url: target.url, company }
  })
