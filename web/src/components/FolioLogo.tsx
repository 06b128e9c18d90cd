import { Group, Text } from "@mantine/core"

/** The wordmark: the same square "F" as the favicon, and the product name. */
export const FolioLogo = ({ size = 28 }: { readonly size?: number }) => (
  <Group gap={8} wrap="nowrap">
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-filled)" />
      <path d="M10 8h12v3.2h-8.4v3.6h7.4V18h-7.4v6H10z" fill="#fff" />
    </svg>
    <Text component="span" fw={700} fz={size * 0.68} lh={1}>
      Folio
    </Text>
  </Group>
)
