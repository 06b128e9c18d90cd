import "@scalar/api-reference-react/style.css"
import { Box, useComputedColorScheme } from "@mantine/core"
import { ApiReferenceReact } from "@scalar/api-reference-react"
import { useMemo } from "react"

/**
 * The API reference, rendered by Scalar from the server's own OpenAPI document (derived from
 * core's contract, so it never drifts). Loaded lazily: this module is its own chunk.
 */
const ApiReference = () => {
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false })
  const configuration = useMemo(
    () => ({
      url: "/api/openapi.json",
      baseServerURL: window.location.origin,
      layout: "classic" as const,
      forceDarkModeState: scheme,
      hideDarkModeToggle: true,
      // No fonts, telemetry or proxy from elsewhere: everything comes from this server.
      withDefaultFonts: false,
      telemetry: false,
      // Scalar turns its AI chat (served by Scalar) on by itself on localhost.
      agent: { disabled: true },
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: "never" as const,
      documentDownloadType: "json" as const,
      authentication: {
        preferredSecurityScheme: "bearer",
      },
    }),
    [scheme],
  )
  return (
    <Box
      component="section"
      aria-label="API reference"
      style={{ borderRadius: "var(--mantine-radius-lg)", overflow: "hidden" }}
      bd="1px solid var(--mantine-color-default-border)"
    >
      <ApiReferenceReact configuration={configuration} />
    </Box>
  )
}

export default ApiReference
