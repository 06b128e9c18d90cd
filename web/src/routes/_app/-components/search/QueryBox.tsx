import { CloseButton, Code, Kbd, List, Stack, Text, TextInput } from "@mantine/core"
import { SearchIcon } from "../../../../components/icons"
import { useSearchText } from "../directory/SearchInput"

/** The search box: typing searches after a short pause, Enter at once; the URL holds the query. */
export const QueryBox = ({
  value,
  onSearch,
}: {
  readonly value: string | undefined
  readonly onSearch: (q: string | undefined) => void
}) => {
  const { text, change, submit, clear } = useSearchText(value, onSearch, 350)
  return (
    <TextInput
      type="search"
      size="md"
      aria-label="Search"
      placeholder='Search reports, tickers, companies and people — "exact phrase", -exclude, or'
      value={text}
      maxLength={200}
      leftSection={<SearchIcon />}
      autoFocus={value === undefined}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") submit(event.currentTarget.value)
      }}
      rightSection={text === "" ? null : <CloseButton aria-label="Clear search" onClick={clear} />}
    />
  )
}

/** What search looks through and the query forms it understands, with the Ctrl+K shortcut. */
export const SyntaxTips = () => (
  <Stack gap="xs">
    <Text fz="sm" c="dimmed">
      Search matches words in report titles, summaries and bodies — the newest 200 matches, ranked by
      relevance — plus tickers, companies and people. You may use:
    </Text>
    <List fz="sm" spacing={6} listStyleType="none" pl={0}>
      <List.Item>
        <Code>"free cash flow"</Code> — an exact phrase
      </List.Item>
      <List.Item>
        <Code>margins -guidance</Code> — leave out reports that mention a word
      </List.Item>
      <List.Item>
        <Code>upgrade or initiation</Code> — either word
      </List.Item>
    </List>
    <Text fz="sm" c="dimmed">
      Press <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">K</Kbd> anywhere in Folio to search and jump in one
      step.
    </Text>
  </Stack>
)
