// Writes src/routeTree.gen.ts from the files in src/routes — what the Vite plugin does on
// `vite build`/`vite dev` — so `tsc -p web` works on a fresh checkout before any build
// (the generated file is not committed). Options mirror vite.config.ts.
import { Generator, getConfig } from "@tanstack/router-generator"

const root = decodeURIComponent(new URL("..", import.meta.url).pathname)
const config = getConfig(
  {
    target: "react",
    routesDirectory: `${root}src/routes`,
    generatedRouteTree: `${root}src/routeTree.gen.ts`,
    quoteStyle: "double",
    semicolons: false,
  },
  root,
)
await new Generator({ config, root }).run()
