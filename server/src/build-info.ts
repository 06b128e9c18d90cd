// Replaced by esbuild's `define` in server/scripts/build.mjs; absent when running from source.
declare const __FOLIO_VERSION__: string | undefined
declare const __FOLIO_BUILD_ID__: string | undefined

export const version = typeof __FOLIO_VERSION__ === "string" ? __FOLIO_VERSION__ : "0.0.0-dev"
export const buildId = typeof __FOLIO_BUILD_ID__ === "string" ? __FOLIO_BUILD_ID__ : "dev"
export const startedAt = Date.now()
