import type { ConfigEntry } from "@folio/core"
import { Divider, Stack } from "@mantine/core"
import { Section } from "../directory/layout"
import type { Edit, Edits } from "./draft"
import type { KeyGroup } from "./groups"
import { KnownKeyRow } from "./KnownKeyRow"

/** One group of Folio's own keys (maintenance, sign-in…) as a titled card of editors. */
export const KnownKeysSection = ({
  group,
  entries,
  edits,
  problems,
  onEdit,
}: {
  readonly group: KeyGroup
  readonly entries: ReadonlyMap<string, ConfigEntry>
  readonly edits: Edits
  readonly problems: Readonly<Record<string, string>>
  readonly onEdit: (key: string, edit: Edit | undefined) => void
}) => (
  <Section id={`config-${group.id}`} title={group.title} description={group.description}>
    <Stack gap={0}>
      {group.keys.map((known, index) => (
        <div key={known.key}>
          {index > 0 && <Divider />}
          <KnownKeyRow
            known={known}
            entry={entries.get(known.key)}
            edit={edits[known.key]}
            problem={problems[known.key]}
            onEdit={(edit) => onEdit(known.key, edit)}
          />
        </div>
      ))}
    </Stack>
  </Section>
)
