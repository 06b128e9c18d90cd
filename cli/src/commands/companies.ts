import { type Command, Option } from "commander"
import { choiceFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

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

/** The value `entitlements` parsed from --entitlements, if given. */
const entitlementsFlag = (command: Command): "all" | ReadonlyArray<string> | undefined => {
  const raw: unknown = command.getOptionValue("entitlements")
  return raw === "all" || Array.isArray(raw) ? (raw as "all" | ReadonlyArray<string>) : undefined
}

/** The companies service and its views, imported only when a command runs. */
const modules = () => Promise.all([import("../services/companies.js"), import("../ui/companies.js")])

/** companies list | create: the publisher and its client companies. */
export const registerCompanies = (program: Command): void => {
  const companies = entityGroup(program, {
    name: "companies",
    summary: "list and create companies",
    description:
      "The publisher (one per installation) and its client companies. Readers and developers see only their own " +
      "company; creating companies is for admins. Commands that take --company accept its slug or its id.",
    examples: [
      ["folio companies list", "every company you can see"],
      ["folio companies create --name 'Acme Capital' --slug acme --domain acme.com", "add a client"],
    ],
  })

  entityCommand(companies, {
    name: "list",
    summary: "list companies",
    description:
      "Lists companies by name, with their people and teams counted. Prints one page unless --all.",
    options: (command) =>
      command
        .option("--search <text>", "name or slug contains this text (any letter case)")
        .addOption(new Option("--kind <kind>", "only publisher or only client companies").choices(kinds))
        .addOption(
          new Option("--status <status>", "only active or only suspended companies").choices(statuses),
        ),
    paging: "companies",
    examples: [
      ["folio companies list", ""],
      ["folio companies list --kind client --status active --all", "every active client"],
      ["folio companies list --search acme --json | jq -r '.companies[].slug'", ""],
    ],
    progress: "Listing companies…",
    input: (command) => ({
      search: stringFlag(command, "search")?.trim(),
      kind: choiceFlag(command, "kind", kinds),
      status: choiceFlag(command, "status", statuses),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.listCompanies, render: ui.renderCompanyList })),
  })

  entityCommand(companies, {
    name: "create",
    summary: "create a client company (admin)",
    description:
      "Creates a client company. The slug names it in URLs and in --company flags: lower-case letters, digits and " +
      "single hyphens. The domain (optional) is where its people's email addresses are. The server refuses (409) " +
      "a slug or domain another company has.",
    options: (command) =>
      command
        .requiredOption("--name <name>", "the company's name")
        .requiredOption("--slug <slug>", "short unique name, e.g. acme-capital")
        .option("--domain <domain>", "its email domain, e.g. acme.com")
        .option(
          "--entitlements <sectors>",
          "which sectors' reports it receives: all (default), none, or a comma list like Technology,Energy",
          entitlements,
        ),
    examples: [
      ["folio companies create --name 'Acme Capital' --slug acme", "entitled to every sector"],
      [
        "folio companies create --name 'Borealis Fund' --slug borealis --domain borealis.example --entitlements Energy,Utilities",
        "",
      ],
    ],
    progress: "Creating the company…",
    input: (command) => ({
      name: stringFlag(command, "name") ?? "",
      slug: (stringFlag(command, "slug") ?? "").trim(),
      domain: stringFlag(command, "domain"),
      entitlements: entitlementsFlag(command),
    }),
    load: () =>
      modules().then(([service, ui]) => ({ run: service.createCompany, render: ui.renderCreatedCompany })),
  })
}
