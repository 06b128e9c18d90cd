/** English plural categories ("one" for 1, "other" for 0, 2, 1.5…), as `Intl.PluralRules` defines them. */
const english = new Intl.PluralRules("en")

type Consonant =
  | "b"
  | "c"
  | "d"
  | "f"
  | "g"
  | "h"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "v"
  | "w"
  | "x"
  | "z"

/**
 * A literal singular whose plural is not the singular + "s" ("batch", "delivery", "status"): such a
 * noun must be given with its plural. Irregular nouns ("person" → "people") are not caught here,
 * so pass their plural too.
 */
type RegularNoun<N extends string> = N extends `${string}${"s" | "x" | "z" | "ch" | "sh" | `${Consonant}y`}`
  ? never
  : N

/** A count's noun: `(1, "row")` → "row", `(2, "person", "people")` → "people". */
export interface PluralNoun {
  <N extends string>(count: number, one: RegularNoun<N>): string
  (count: number, one: string, many: string): string
}

const nounFor = (count: number, one: string, many: string = `${one}s`): string =>
  english.select(count) === "one" ? one : many

/** The noun for a count, chosen by `Intl.PluralRules("en")`; `many` defaults to `one` + "s". */
export const pluralNoun: PluralNoun = nounFor

/** A count formatted for `locales` and its noun: "1 row", "1,200 rows", "2 people". */
export const pluralIn = (locales?: Intl.LocalesArgument): PluralNoun => {
  const number = new Intl.NumberFormat(locales)
  return (count: number, one: string, many?: string) => `${number.format(count)} ${nounFor(count, one, many)}`
}

/** `pluralIn("en-US")`: "1 row", "1,200 rows" (the CLI's and the server's plain text). */
export const plural: PluralNoun = pluralIn("en-US")
