import cliPackage from "../package.json" with { type: "json" }

export const cliVersion: string = cliPackage.version
