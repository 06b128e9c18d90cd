import { buildCli } from "../../scripts/build.mjs"

/**
 * vitest globalSetup for the cli project: the tests run the real bundle (node cli/bin/folio.js),
 * so build it once, before any test file starts a `folio` process.
 */
export default async function setup(): Promise<void> {
  await buildCli()
}
