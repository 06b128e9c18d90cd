import type { Command } from "commander"
import type { Effect } from "effect"
import type { CliError } from "./cliError.js"
import {
  action,
  addExamples,
  addJsonFlag,
  addPagingFlags,
  addUrlFlag,
  pagingFlags,
  stringFlag,
} from "./command.js"
import type { Output } from "./ui/output.js"

/**
 * One way to write a command that calls one service and prints its result (`companies list`,
 * `teams create`, `users disable`, …). Only types are imported here: the service, its view, the
 * Effect runtime and the spinner are imported when the command runs, so `--help` loads none of them.
 */

type Examples = ReadonlyArray<readonly [string, string]>

/** The flags every service is given by the builder: --url, and --limit, --cursor and --all when paged. */
type SharedFlags = "url" | keyof ReturnType<typeof pagingFlags>

/** A command's service call and the view of its result, as `load` imports them. */
export interface Loaded<I, A> {
  readonly run: (input: I) => Effect.Effect<A, CliError>
  /** Prints the result; when it returns (or resolves to) a number, that is the exit code, else 0. */
  readonly render: (result: A, out: Output) => unknown
}

export interface EntityCommand<I, A> {
  readonly name: string
  readonly summary: string
  readonly description: string
  /** The command's own arguments and options; --url and --json (and paging) are added after them. */
  readonly options?: (command: Command) => void
  /** The items a paged list counts ("teams"): adds --limit, --cursor and --all and passes them on. */
  readonly paging?: string
  readonly examples: Examples
  /** The spinner's label (shown only in a terminal, once the call proves slow). */
  readonly progress: string | ((command: Command) => string)
  /** The service's input read from the parsed command, but for --url and the paging flags. */
  readonly input: (command: Command) => NoInfer<Omit<I, SharedFlags>>
  /** Imports the service and the view with `import()`, never at module load. */
  readonly load: () => Promise<Loaded<I, A>>
}

/** A group of entity commands (`folio teams`): its help and examples; the subcommands add themselves. */
export const entityGroup = (
  program: Command,
  group: {
    readonly name: string
    readonly summary: string
    readonly description: string
    readonly examples: Examples
  },
): Command => {
  const command = program.command(group.name).summary(group.summary).description(group.description)
  addExamples(command, group.examples)
  return command
}

/** Adds `spec.name` under `parent`: flags and help, then load, run with a spinner, render. */
export const entityCommand = <I, A>(parent: Command, spec: EntityCommand<I, A>): Command => {
  const command = parent.command(spec.name).summary(spec.summary).description(spec.description)
  spec.options?.(command)
  if (spec.paging !== undefined) addPagingFlags(command, spec.paging)
  addUrlFlag(command)
  addJsonFlag(command)
  addExamples(command, spec.examples)
  command.action(
    action(async (self, out) => {
      const [{ runCli }, { withProgress }, { run, render }] = await Promise.all([
        import("./runtime.js"),
        import("./ui/progress.js"),
        spec.load(),
      ])
      const input = {
        url: stringFlag(self, "url"),
        ...spec.input(self),
        ...(spec.paging === undefined ? {} : pagingFlags(self)),
      } as I
      const label = typeof spec.progress === "string" ? spec.progress : spec.progress(self)
      const result = await withProgress(label, runCli(run(input)), out)
      const code = await render(result, out)
      return typeof code === "number" ? code : 0
    }),
  )
  return command
}
