import type { Company, TeamId } from "@folio/core"
import { Button, CloseButton, Group, Input, NumberInput, Paper, Select, Stack, Text } from "@mantine/core"
import { useInfiniteQuery } from "@tanstack/react-query"
import { useState } from "react"
import { teamsInfiniteQueryOptions } from "../../../../../api/teams"
import { PlusIcon } from "../../../../../components/icons"
import { CompanySelect } from "../../directory/CompanySelect"
import { audienceLabel } from "../format"
import type { AudienceDraft } from "./model"

const sameTarget = (a: AudienceDraft, b: AudienceDraft) =>
  a.companyId === b.companyId && a.teamId === b.teamId

/** Adds a company, or one of its teams, to the audience. */
const AddEntry = ({
  onAdd,
  onCancel,
}: {
  readonly onAdd: (entry: AudienceDraft) => void
  readonly onCancel: () => void
}) => {
  const [company, setCompany] = useState<Company | undefined>(undefined)
  const [teamId, setTeamId] = useState<string | null>(null)
  const [embargo, setEmbargo] = useState<number>(0)
  const teams = useInfiniteQuery({
    ...teamsInfiniteQueryOptions(company?.id ?? ("" as Company["id"])),
    enabled: company !== undefined,
  })
  const teamList = teams.data?.pages.flatMap((page) => page.items) ?? []
  const team = teamList.find((candidate) => candidate.id === teamId)
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
          data={teamList.map((candidate) => ({ value: candidate.id as string, label: candidate.name }))}
          value={teamId}
          onChange={setTeamId}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Embargo"
          description="Hours after release before this audience sees it"
          min={0}
          max={24 * 90}
          suffix=" h"
          allowDecimal={false}
          value={embargo}
          onChange={(value) => setEmbargo(typeof value === "number" ? value : 0)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            size="xs"
            disabled={company === undefined}
            onClick={() =>
              company &&
              onAdd({
                companyId: company.id,
                companyName: company.name,
                teamId: (team?.id ?? null) as TeamId | null,
                teamName: team?.name ?? null,
                embargoHours: embargo,
              })
            }
          >
            Add to audience
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/**
 * Who may read the report once published: all clients and/or listed companies or teams, each
 * optionally held back for some hours after release.
 */
export const AudienceField = ({
  value,
  onChange,
  error,
  description = "Who may read it once published. Embargo holds it back for that audience.",
}: {
  readonly value: ReadonlyArray<AudienceDraft>
  readonly onChange: (next: Array<AudienceDraft>) => void
  readonly error?: string | undefined
  readonly description?: string
}) => {
  const [adding, setAdding] = useState(false)
  const hasAll = value.some((entry) => entry.companyId === null)
  return (
    <Input.Wrapper label="Audience" description={description} error={error}>
      <Stack gap="xs" mt={6}>
        {value.length === 0 && (
          <Text fz="sm" c="dimmed">
            Nobody outside the publisher yet.
          </Text>
        )}
        {value.map((entry, index) => (
          <Group
            key={`${entry.companyId ?? "all"}-${entry.teamId ?? ""}`}
            gap="xs"
            wrap="nowrap"
            role="group"
            aria-label={audienceLabel({ ...entry, embargoHours: 0 })}
          >
            <Text fz="sm" style={{ flex: 1 }} miw={0} truncate>
              {audienceLabel({ ...entry, embargoHours: 0 })}
            </Text>
            <NumberInput
              aria-label={`Embargo hours for ${audienceLabel({ ...entry, embargoHours: 0 })}`}
              size="xs"
              w={88}
              min={0}
              max={24 * 90}
              suffix=" h"
              allowDecimal={false}
              value={entry.embargoHours}
              onChange={(hours) =>
                onChange(
                  value.map((other, i) =>
                    i === index ? { ...other, embargoHours: typeof hours === "number" ? hours : 0 } : other,
                  ),
                )
              }
            />
            <CloseButton
              size="sm"
              aria-label={`Remove ${audienceLabel({ ...entry, embargoHours: 0 })}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            />
          </Group>
        ))}
        {adding ? (
          <AddEntry
            onCancel={() => setAdding(false)}
            onAdd={(entry) => {
              if (!value.some((other) => sameTarget(other, entry))) onChange([...value, entry])
              setAdding(false)
            }}
          />
        ) : (
          <Group gap="xs">
            {!hasAll && (
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  onChange([
                    { companyId: null, companyName: null, teamId: null, teamName: null, embargoHours: 0 },
                    ...value,
                  ])
                }
              >
                All clients
              </Button>
            )}
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
