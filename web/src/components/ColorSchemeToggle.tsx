import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core"
import { HoverTip } from "./HoverTip"
import { MoonIcon, SunIcon } from "./icons"

/** Flips between light and dark; the choice persists (Mantine keeps it in localStorage). */
export const ColorSchemeToggle = () => {
  const { setColorScheme } = useMantineColorScheme()
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false })
  const next = computed === "dark" ? "light" : "dark"
  const label = `Use ${next} colour scheme`
  return (
    <HoverTip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={label}
        onClick={() => setColorScheme(next)}
      >
        {computed === "dark" ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </HoverTip>
  )
}
