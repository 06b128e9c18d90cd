import type { Company, CompanyId, TeamId } from "@folio/core"
import { Button, CloseButton, Group, Input, Paper, Select, Stack, Text } from "@mantine/core"
import { useInfiniteQuery, useQueries } from "@tanstack/react-query"
import { useState } from "react"
import { companyQueryOptions } from "../../../../api/companies"
import { teamQueryOptions, teamsInfiniteQueryOptions } from "../../../../api/teams"
import { PlusIcon } from "../../../../components/icons"
import { CompanySelect } from "../directory/CompanySelect"

/** Whom an email channel narrows to: companies and teams (none: every entitled reader). */
export interface Recipients {
  readonly companyIds: ReadonlyArray<CompanyId>
  readonly teamIds: ReadonlyArray<TeamId>
}

/** Names for the ids a channel stores, fetched (and cached) one by one. */
export const useRecipientNames = (recipients: Recipients) => {
  const companies = useQueries({
    queries: recipients.companyIds.map((id) => ({ ...companyQueryOptions(id), staleTime: 60_000 })),
  })
  const teams = useQueries({
    queries: recipients.teamIds.map((id) => ({ ...teamQueryOptions(id), staleTime: 60_000 })),
  })
  return {
    companies: recipients.companyIds.map((id, index) => ({ id, name: companies[index]?.data?.name ?? "…" })),
    teams: recipients.teamIds.map((id, index) => ({ id, name: teams[index]?.data?.name ?? "…" })),
  }
}

const AddRecipient = ({
  onAdd,
  onCancel,
}: {
  readonly onAdd: (pick: { readonly company: Company; readonly teamId: TeamId | null }) => void
  readonly onCancel: () => void
}) => {
  const [company, setCompany] = useState<Company | undefined>(undefined)
  const [teamId, setTeamId] = useState<string | null>(null)
  const teams = useInfiniteQuery({
    ...teamsInfiniteQueryOptions(company?.id ?? ("" as CompanyId)),
    enabled: company !== undefined,
  })
  const teamList = teams.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <CompanySelect
          label="Company"
          value={company?.id}
          onChange={(next) => {
            setCompany(next)
            setTeamId(null)
          }}
        />
        <Select
          label="Team"
          placeholder={company === undefined ? "Pick a company first" : "The whole company"}
          disabled={company === undefined || teamList.length === 0}
          clearable
          data={teamList.map((team) => ({ value: team.id as string, label: team.name }))}
          value={teamId}
          onChange={setTeamId}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            size="xs"
            disabled={company === undefined}
            onClick={() => company && onAdd({ company, teamId: teamId as TeamId | null })}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** The email channel's companies and teams picker. */
export const RecipientsField = ({
  value,
  onChange,
  error,
}: {
  readonly value: Recipients
  readonly onChange: (next: Recipients) => void
  readonly error?: string | undefined
}) => {
  const [adding, setAdding] = useState(false)
  const names = useRecipientNames(value)
  const entries = [
    ...names.companies.map((company) => ({
      key: `c:${company.id}`,
      label: company.name,
      kind: "company" as const,
      id: company.id,
    })),
    ...names.teams.map((team) => ({
      key: `t:${team.id}`,
      label: `Team ${team.name}`,
      kind: "team" as const,
      id: team.id,
    })),
  ]
  return (
    <Input.Wrapper
      label="Recipients"
      description="Narrow who receives it. Empty: every reader entitled to the report. Entitlements always decide who may."
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {entries.length === 0 && (
          <Text fz="sm" c="dimmed">
            Every entitled reader.
          </Text>
        )}
        {entries.map((entry) => (
          <Group key={entry.key} gap="xs" wrap="nowrap" role="group" aria-label={entry.label}>
            <Text fz="sm" style={{ flex: 1 }} miw={0} truncate>
              {entry.label}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Remove ${entry.label}`}
              onClick={() =>
                onChange(
                  entry.kind === "company"
                    ? { ...value, companyIds: value.companyIds.filter((id) => id !== entry.id) }
                    : { ...value, teamIds: value.teamIds.filter((id) => id !== entry.id) },
                )
              }
            />
          </Group>
        ))}
        {adding ? (
          <AddRecipient
            onCancel={() => setAdding(false)}
            onAdd={({ company, teamId }) => {
              setAdding(false)
              if (teamId === null) {
                if (!value.companyIds.includes(company.id))
                  onChange({ ...value, companyIds: [...value.companyIds, company.id] })
              } else if (!value.teamIds.includes(teamId)) {
                onChange({ ...value, teamIds: [...value.teamIds, teamId] })
              }
            }}
          />
        ) : (
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<PlusIcon size={14} />}
              onClick={() => setAdding(true)}
            >
              Company or team
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
