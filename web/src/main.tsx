import "@mantine/core/styles.css"
import "@mantine/notifications/styles.css"
import type { Me } from "@folio/core"
import { MantineProvider } from "@mantine/core"
import { QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { sessionKeys } from "./api/session"
import { deferred } from "./components/deferred"
import { reportError, startMonitoring } from "./monitoring/monitor"
import { readRuntimeConfig } from "./monitoring/runtimeConfig"
import { createAppRouter } from "./router"
import { watchFirstScreen } from "./routing/firstScreen"
import { cssVariablesResolver, theme } from "./theme"

const { router, queryClient } = createAppRouter()
watchFirstScreen(router)
// Before the first render, so an error while booting is held for the SDK, which loads once the
// first screen is shown (and traces the page load from its start).
startMonitoring(
  router,
  readRuntimeConfig(),
  queryClient,
  () => queryClient.getQueryData<Me>(sessionKeys.me)?.user.id ?? null,
)

// Toasts shown before it loads wait in their store and appear once it has.
const Notifications = deferred(
  () => import("@mantine/notifications").then((module) => module.Notifications),
  () => null,
)

const container = document.getElementById("root")
if (container === null) throw new Error("index.html has no #root element")

// Route errors are reported by the root error screen; this catches what escapes every boundary.
createRoot(container, { onUncaughtError: (error) => reportError(error) }).render(
  <StrictMode>
    {/* "auto" follows the system until the user picks a scheme; the choice is kept in localStorage. */}
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* Bottom right: at the top they covered the header's search and menus. */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
