import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken } from "@mantine/core"

export const theme = createTheme({
  primaryColor: "indigo",
  // Indigo 6 under white text is 4.3:1; 7 reaches WCAG AA's 4.5:1 (see the resolver below).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "650" },
  // The × of every dialog and drawer gets a name (Mantine leaves it unnamed, an axe "button-name"
  // violation); plain objects, so the theme does not pull the components into the first load.
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
})

/** WCAG AA for normal text (and the least the console's colours may have against their background). */
const minimumContrast = 4.5

const luminance = (hex: string): number => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two `#rrggbb` colours, as WCAG defines it. */
export const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const hex = (color: string): string => {
  if (color.startsWith("#")) return color
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number)
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`
}

/** The lightest shade from `from` on that carries white text (or sits on white) at 4.5:1, darkened past 9 if need be. */
const solidShade = (shades: ReadonlyArray<string>, from: number): string => {
  for (let shade = from; shade < shades.length; shade++) {
    const color = shades[shade] ?? "#000000"
    if (contrast(color, "#ffffff") >= minimumContrast) return color
  }
  let color = shades[9] ?? "#000000"
  while (contrast(color, "#ffffff") < minimumContrast) color = hex(darken(color, 0.1))
  return color
}

const colorNames = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== "dark")

/**
 * Mantine's colours, kept at WCAG AA contrast in one place rather than screen by screen:
 * - dimmed text (grey 6 on white is 3.3:1, dark 2 on the dark theme's surfaces 2.9–4.0:1);
 * - filled buttons, coloured text and outlines take the lightest shade that reaches 4.5:1 with white
 *   (red, teal, green, orange and yellow are too light at Mantine's shades 6–8);
 * - light badges and alerts (shade 9 on shade 1, 2.7:1 for yellow) take a darker text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = { "--mantine-color-dimmed": "#5f666d" }
  const dark: Record<string, string> = { "--mantine-color-dimmed": "#a8a8a8" }
  for (const name of colorNames) {
    const shades = resolved.colors[name]
    if (shades === undefined) continue
    const lightSolid = solidShade(shades, 6)
    const darkSolid = solidShade(shades, 8)
    const lightText = hex(darken(shades[9] ?? "#000000", 0.3))
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: lightSolid,
      [`--mantine-color-${name}-filled-hover`]: hex(darken(lightSolid, 0.1)),
      [`--mantine-color-${name}-text`]: lightSolid,
      [`--mantine-color-${name}-outline`]: lightSolid,
      [`--mantine-color-${name}-light-color`]: lightText,
    })
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: darkSolid,
      [`--mantine-color-${name}-filled-hover`]: hex(darken(darkSolid, 0.1)),
    })
  }
  return { variables: {}, light, dark }
}
