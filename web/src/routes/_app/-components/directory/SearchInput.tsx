import { CloseButton, TextInput } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import { useEffect, useRef, useState } from "react"

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
  const [text, setText] = useState(value ?? "")
  const sent = useRef(value ?? "")
  useEffect(() => {
    if ((value ?? "") !== sent.current) {
      sent.current = value ?? ""
      setText(value ?? "")
    }
  }, [value])
  const send = (next: string) => {
    const trimmed = next.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearch(trimmed === "" ? undefined : trimmed)
  }
  const debounced = useDebouncedCallback(send, 300)
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={120}
      onChange={(event) => {
        setText(event.currentTarget.value)
        debounced(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") send(event.currentTarget.value)
      }}
      rightSection={
        text === "" ? null : (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setText("")
              send("")
            }}
          />
        )
      }
      style={{ flex: "1 1 14rem" }}
    />
  )
}
