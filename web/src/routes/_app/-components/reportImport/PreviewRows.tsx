import { Badge, Code, Table, Text } from "@mantine/core"
import { plural } from "../directory/format"
import type { PreviewRow } from "./preview"

/** Every row of the files with its place and whether it passed the checks; the first 500 of them. */
export const RowsTable = ({ rows }: { readonly rows: ReadonlyArray<PreviewRow> }) => {
  const limit = 500
  return (
    <>
      <Table.ScrollContainer minWidth={520} mah={360}>
        <Table aria-label="Rows" fz="sm" verticalSpacing={6} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>File:line</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>External id</Table.Th>
              <Table.Th w={120}>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, limit).map((row) => (
              <Table.Tr key={`${row.file}:${row.line}`}>
                <Table.Td>
                  <Code style={{ whiteSpace: "nowrap" }}>{`${row.file}:${row.line}`}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.title}</Table.Td>
                <Table.Td>
                  {row.externalId ?? (
                    <Text c="dimmed" fz="sm" span>
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.problems === 0 ? (
                    <Badge variant="light" color="teal" radius="sm">
                      Ready
                    </Badge>
                  ) : (
                    <Badge variant="light" color="red" radius="sm">
                      {plural(row.problems, "problem")}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > limit && (
        <Text c="dimmed" fz="xs" mt={4}>
          Showing the first {limit.toLocaleString()} of {rows.length.toLocaleString()} rows.
        </Text>
      )}
    </>
  )
}
