import type { Command } from "commander"

const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = row
  }
  return previous[b.length] ?? 0
}

/**
 * Refuses an unknown command word as a usage error (exit 2) before Commander parses: given
 * `--help`, Commander would print the parent's help for `folio frobnicate --help` and exit 0.
 * Walks the command words up to the first option; `folio help …` is left to Commander.
 */
export const refuseUnknownCommand = (root: Command, args: ReadonlyArray<string>): void => {
  let current = root
  for (const word of args) {
    if (word.startsWith("-") || current.commands.length === 0) return
    if (current === root && word === "help") return
    const next = current.commands.find(
      (command) => command.name() === word || command.aliases().includes(word),
    )
    if (next === undefined) {
      const names = current.commands.map((command) => command.name())
      const close = names
        .map((name) => ({ name, d: distance(word, name) }))
        .filter(({ name, d }) => d <= Math.max(1, Math.floor(name.length / 3)))
        .sort((a, b) => a.d - b.d)[0]
      const where = current === root ? "" : ` for ${current.name()}`
      current.error(
        `error: unknown command '${word}'${where}${close ? `\n(Did you mean ${close.name}?)` : ""}`,
        { code: "commander.unknownCommand", exitCode: 2 },
      )
      return
    }
    current = next
  }
}
