import { type Command, Option } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  choiceFlag,
  pagingFlags,
  stringFlag,
} from "../command.js"

const kinds = ["publisher", "client"] as const
const statuses = ["active", "suspended"] as const

/** `all`, `none`, or a comma list of sectors. */
const entitlements = (raw: string): "all" | ReadonlyArray<string> => {
  const text = raw.trim()
  if (text.toLowerCase() === "all") return "all"
  if (text.toLowerCase() === "none") return []
  return [
    ...new Set(
      text
        .split(",")
        .map((sector) => sector.trim())
        .filter((sector) => sector !== ""),
    ),
  ]
}

/** companies list | create: the publisher and its client companies. */
export const registerCompanies = (program: Command): void => {
  const companies = program
    .command("companies")
    .summary("list and create companies")
    .description(
      "The publisher (one per installation) and its client companies. Readers and developers see only their own " +
        "company; creating companies is for admins. Commands that take --company accept its slug or its id.",
    )
  addExamples(companies, [
    ["folio companies list", "every company you can see"],
    ["folio companies create --name 'Acme Capital' --slug acme --domain acme.com", "add a client"],
  ])

  const list = companies
    .command("list")
    .summary("list companies")
    .description(
      "Lists companies by name, with their people and teams counted. Prints one page unless --all.",
    )
    .option("--search <text>", "name or slug contains this text (any letter case)")
    .addOption(new Option("--kind <kind>", "only publisher or only client companies").choices(kinds))
    .addOption(new Option("--status <status>", "only active or only suspended companies").choices(statuses))
  addPagingFlags(list, "companies")
  addUrlFlag(list)
  addJsonFlag(list)
  addExamples(list, [
    ["folio companies list", ""],
    ["folio companies list --kind client --status active --all", "every active client"],
    ["folio companies list --search acme --json | jq -r '.companies[].slug'", ""],
  ])
  list.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderCompanyList }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/companies.js"),
        import("../ui/companies.js"),
        import("../ui/progress.js"),
      ])
      const result = await withProgress(
        "Listing companies…",
        runCli(
          service.listCompanies({
            url: stringFlag(command, "url"),
            search: stringFlag(command, "search")?.trim(),
            kind: choiceFlag(command, "kind", kinds),
            status: choiceFlag(command, "status", statuses),
            ...pagingFlags(command),
          }),
        ),
        out,
      )
      await renderCompanyList(result, out)
      return 0
    }),
  )

  const create = companies
    .command("create")
    .summary("create a client company (admin)")
    .description(
      "Creates a client company. The slug names it in URLs and in --company flags: lower-case letters, digits and " +
        "single hyphens. The domain (optional) is where its people's email addresses are. The server refuses (409) " +
        "a slug or domain another company has.",
    )
    .requiredOption("--name <name>", "the company's name")
    .requiredOption("--slug <slug>", "short unique name, e.g. acme-capital")
    .option("--domain <domain>", "its email domain, e.g. acme.com")
    .option(
      "--entitlements <sectors>",
      "which sectors' reports it receives: all (default), none, or a comma list like Technology,Energy",
      entitlements,
    )
  addUrlFlag(create)
  addJsonFlag(create)
  addExamples(create, [
    ["folio companies create --name 'Acme Capital' --slug acme", "entitled to every sector"],
    [
      "folio companies create --name 'Borealis Fund' --slug borealis --domain borealis.example --entitlements Energy,Utilities",
      "",
    ],
  ])
  create.action(
    action(async (command, out) => {
      const [{ runCli }, service, { renderCreatedCompany }, { withProgress }] = await Promise.all([
        import("../runtime.js"),
        import("../services/companies.js"),
        import("../ui/companies.js"),
        import("../ui/progress.js"),
      ])
      const raw: unknown = command.getOptionValue("entitlements")
      const result = await withProgress(
        "Creating the company…",
        runCli(
          service.createCompany({
            url: stringFlag(command, "url"),
            name: stringFlag(command, "name") ?? "",
            slug: (stringFlag(command, "slug") ?? "").trim(),
            domain: stringFlag(command, "domain"),
            entitlements:
              raw === "all" || Array.isArray(raw) ? (raw as "all" | ReadonlyArray<string>) : undefined,
          }),
        ),
        out,
      )
      await renderCreatedCompany(result, out)
      return 0
    }),
  )
}
