import { CloseButton, TextInput } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import { useEffect, useRef, useState } from "react"

/**
 * The text of a search box whose value lives in the URL: `change` sends it after `delayMs` of
 * quiet, `submit` (Enter) and `clear` at once, trimmed and only when it changed; a change of the
 * URL from elsewhere (Back, "Clear filters") shows up in the box.
 */
export const useSearchText = (
  value: string | undefined,
  onSearch: (value: string | undefined) => void,
  delayMs: number,
) => {
  const [text, setText] = useState(value ?? "")
  const sent = useRef(value ?? "")
  useEffect(() => {
    if ((value ?? "") !== sent.current) {
      sent.current = value ?? ""
      setText(value ?? "")
    }
  }, [value])
  const submit = (next: string) => {
    const trimmed = next.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearch(trimmed === "" ? undefined : trimmed)
  }
  const debounced = useDebouncedCallback(submit, delayMs)
  return {
    text,
    change: (next: string) => {
      setText(next)
      debounced(next)
    },
    submit,
    clear: () => {
      setText("")
      submit("")
    },
  }
}

/**
 * A search box whose value lives in the URL: typing updates the URL after a short pause, and a
 * change of the URL from elsewhere (Back, "Clear filters") shows up in the box.
 */
export const SearchInput = ({
  value,
  onSearch,
  label,
  placeholder,
}: {
  readonly value: string | undefined
  readonly onSearch: (value: string | undefined) => void
  readonly label: string
  readonly placeholder: string
}) => {
  const { text, change, submit, clear } = useSearchText(value, onSearch, 300)
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={120}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") submit(event.currentTarget.value)
      }}
      rightSection={text === "" ? null : <CloseButton aria-label="Clear search" size="sm" onClick={clear} />}
      style={{ flex: "1 1 14rem" }}
    />
  )
}
