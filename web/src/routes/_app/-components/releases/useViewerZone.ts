import { useMe } from "../directory/permissions"
import { viewerTimeZone } from "./zone"

/** The zone release times are shown and entered in: the profile's, else the browser's. */
export const useViewerZone = (): string => viewerTimeZone(useMe().user.timezone)
