// Runs before the first paint: applies the colour scheme the user chose in the console (Mantine keeps
// it under this localStorage key), so a dark choice on a light system never flashes white.
;(() => {
  try {
    const stored = window.localStorage.getItem("mantine-color-scheme-value")
    const system = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"
    const scheme = stored === "light" || stored === "dark" ? stored : system
    document.documentElement.setAttribute("data-mantine-color-scheme", scheme)
  } catch {
    // Storage blocked: the boot screen follows the system until the console takes over.
  }
})()
