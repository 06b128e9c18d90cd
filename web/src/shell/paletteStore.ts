import { createSpotlight } from "@mantine/spotlight"

/**
 * The Ctrl/Cmd-K palette's state (open, query, selected row), apart from the palette itself: the
 * header's buttons and the shortcut open it before its code has loaded.
 */
export const [paletteStore, palette] = createSpotlight()
