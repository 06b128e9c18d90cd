import { Box, Text } from "ink"
import type { Identity } from "../services/session.js"
import { identityRows } from "./identityRows.js"
import { printInk } from "./ink.js"
import type { Output } from "./output.js"

export const IdentityView = ({
  identity,
  credentialPath,
}: {
  readonly identity: Identity
  readonly credentialPath: string
}) => {
  const rows = identityRows(identity, credentialPath)
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={width} flexShrink={0}>
            <Text dimColor>{label}</Text>
          </Box>
          <Text bold={label === "user"}>{value}</Text>
        </Box>
      ))}
    </Box>
  )
}

export const printIdentityView = (identity: Identity, credentialPath: string, out: Output): void =>
  printInk(<IdentityView identity={identity} credentialPath={credentialPath} />, out)
