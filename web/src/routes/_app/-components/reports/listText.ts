/** A list value ("AAPL, MSFT") as a one-line diff's text. Apart from TextDiff, which loads later. */
export const listText = (values: ReadonlyArray<string>): string =>
  values.length === 0 ? "—" : values.join(", ")
