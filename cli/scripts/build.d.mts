import type { Metafile } from "esbuild"

/** Builds cli/dist; with `replace: false` an existing dist (built concurrently) is kept. */
export declare const buildCli: (options?: {
  replace?: boolean
}) => Promise<{ metafile: Metafile; ms: number }>
