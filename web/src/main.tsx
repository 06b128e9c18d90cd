import "@mantine/core/styles.css"
import "@mantine/notifications/styles.css"
import { MantineProvider } from "@mantine/core"
import { Notifications } from "@mantine/notifications"
import { QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createAppRouter } from "./router"
import { theme } from "./theme"

const { router, queryClient } = createAppRouter()

const container = document.getElementById("root")
if (container === null) throw new Error("index.html has no #root element")

createRoot(container).render(
  <StrictMode>
    {/* "auto" follows the system until the user picks a scheme; the choice is kept in localStorage. */}
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
