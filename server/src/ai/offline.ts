import type { AiTemplateId } from "@folio/core"
import model from "wink-eng-lite-web-model"
import winkNLP, { type ItsFunction, type Tokens, type WinkMethods } from "wink-nlp"
import { extractKpis, type KpiRow, type KpiSentence, type KpiToken } from "./offlineKpis.js"

/**
 * The built-in offline provider: extractive summaries, podcast drafts, keywords, tickers and KPI
 * figures from wink-nlp and its small English model, which ships in the npm package. No network,
 * no randomness, no clock, no locale: the same input gives byte-identical Markdown.
 */

export interface OfflineInput {
  readonly template: AiTemplateId
  /** The chosen report's fields; "" when no report was chosen. */
  readonly title: string
  readonly summary: string
  readonly body: string
  /** The report's tickers ([] when none). */
  readonly tickers: ReadonlyArray<string>
  /** The person's own text: instructions, the free prompt, or the text to read. */
  readonly prompt: string
  /** Every ticker symbol Folio knows. */
  readonly knownTickers: ReadonlyArray<string>
}

/** Kept in step with server/package.json (a test checks). */
export const offlineModel = "wink-nlp 2.4.0 · wink-eng-lite-web-model 1.8.1"

let nlpInstance: WinkMethods | null = null
const nlp = (): WinkMethods => {
  if (nlpInstance === null) nlpInstance = winkNLP(model)
  return nlpInstance
}

// ---------------------------------------------------------------------------------------------
// Text → blocks (Markdown paragraphs, list items, headings) → sentences with tokens

interface Block {
  readonly text: string
  readonly heading: boolean
}

const inlineMarkdown = (line: string) =>
  line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<[^>\n]+>/g, " ")
    .replace(/[*`]+/g, "")
    .replace(/\s+/g, " ")
    .trim()

const toBlocks = (text: string): ReadonlyArray<Block> => {
  const blocks: Array<Block> = []
  let paragraph: Array<string> = []
  const flush = () => {
    const joined = inlineMarkdown(paragraph.join(" "))
    if (joined !== "") blocks.push({ text: joined, heading: false })
    paragraph = []
  }
  let fenced = false
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(?:```|~~~)/.test(raw)) {
      flush()
      fenced = !fenced
      continue
    }
    if (fenced) continue
    const line = raw.replace(/^\s{0,3}(?:>\s?)+/, "")
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)
    if (heading) {
      flush()
      const title = inlineMarkdown(heading[1] ?? "")
      if (title !== "") blocks.push({ text: title, heading: true })
      continue
    }
    if (/^\s*$/.test(line) || /^\s*\|/.test(line) || /^\s*([-*_])(?:\s*\1){2,}\s*$/.test(line)) {
      flush()
      continue
    }
    const item = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.*)$/.exec(line)
    if (item) {
      flush()
      paragraph.push(item[1] ?? "")
      continue
    }
    paragraph.push(line)
  }
  flush()
  return blocks
}

interface Token extends KpiToken {
  /** The lemma (lower case), or "" when the token is not a content word. */
  readonly key: string
}

interface Sentence extends KpiSentence {
  readonly tokens: ReadonlyArray<Token>
  readonly heading: boolean
}

/** One `its` property of every token (wink's typings do not fit every helper). */
const column = <T>(tokens: Tokens, property: unknown): Array<T> =>
  tokens.out(property as ItsFunction<T>) as Array<T>

const contentPos = new Set(["NOUN", "PROPN", "VERB", "ADJ"])

const analyse = (text: string): ReadonlyArray<Sentence> => {
  const { its } = nlp()
  const sentences: Array<Sentence> = []
  // Lemmas of common nouns by their normal form, so that "Margins" (a proper noun to the tagger
  // at the start of a sentence) counts with "margins".
  const lemmaOfNormal = new Map<string, string>()
  const raw: Array<{
    block: Block
    text: string
    values: Array<string>
    spaces: Array<string>
    pos: Array<string>
    types: Array<string>
    stops: Array<boolean>
    normals: Array<string>
    lemmas: Array<string>
    spans: Array<[number, number]>
  }> = []
  for (const block of toBlocks(text)) {
    const doc = nlp().readDoc(block.text)
    const tokens = doc.tokens()
    const values = column<string>(tokens, its.value)
    const spaces = column<string>(tokens, its.precedingSpaces)
    const normals = column<string>(tokens, its.normal)
    const lemmas = column<string>(tokens, its.lemma)
    const pos = column<string>(tokens, its.pos)
    for (let i = 0; i < normals.length; i++) {
      if (pos[i] === "NOUN" && !lemmaOfNormal.has(normals[i] as string)) {
        lemmaOfNormal.set(normals[i] as string, (lemmas[i] as string).toLowerCase())
      }
    }
    raw.push({
      block,
      // Rebuilt from the tokens, so offsets always agree with the text (wink drops only
      // whitespace, and blocks have single spaces already).
      text: values.map((value, i) => `${spaces[i] ?? ""}${value}`).join(""),
      values,
      spaces,
      pos,
      types: column<string>(tokens, its.type),
      stops: column<boolean>(tokens, its.stopWordFlag),
      normals,
      lemmas,
      spans: doc.sentences().out(its.span) as unknown as Array<[number, number]>,
    })
  }
  for (const item of raw) {
    const starts: Array<number> = []
    let offset = 0
    for (let i = 0; i < item.values.length; i++) {
      offset += (item.spaces[i] ?? "").length
      starts.push(offset)
      offset += (item.values[i] ?? "").length
    }
    for (const [first, last] of item.spans) {
      const from = starts[first] ?? 0
      const to = (starts[last] ?? 0) + (item.values[last] ?? "").length
      const tokens: Array<Token> = []
      for (let i = first; i <= last; i++) {
        const value = item.values[i] ?? ""
        const pos = item.pos[i] ?? ""
        const stop = item.stops[i] === true
        const normal = item.normals[i] ?? ""
        const content =
          item.types[i] === "word" &&
          !stop &&
          contentPos.has(pos) &&
          normal.length > 1 &&
          /\p{L}/u.test(normal)
        const lemma =
          pos === "PROPN" ? (lemmaOfNormal.get(normal) ?? normal) : (item.lemmas[i] ?? normal).toLowerCase()
        tokens.push({
          start: (starts[i] ?? 0) - from,
          end: (starts[i] ?? 0) - from + value.length,
          text: value,
          pos,
          stop,
          key: content ? lemma : "",
        })
      }
      const sentence = item.text.slice(from, to).trim()
      if (sentence !== "") sentences.push({ text: sentence, tokens, heading: item.block.heading })
    }
  }
  return sentences
}

// ---------------------------------------------------------------------------------------------
// Ranking and keywords

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Sentences worth picking, ranked: best first; earlier first on equal scores. */
const rankSentences = (sentences: ReadonlyArray<Sentence>): ReadonlyArray<number> => {
  const frequency = new Map<string, number>()
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (token.key !== "") frequency.set(token.key, (frequency.get(token.key) ?? 0) + 1)
    }
  }
  let highest = 0
  for (const count of frequency.values()) highest = Math.max(highest, count)
  const seen = new Set<string>()
  const scored: Array<{ index: number; score: number }> = []
  sentences.forEach((sentence, index) => {
    if (sentence.heading) return
    const normalised = sentence.text.toLowerCase()
    if (seen.has(normalised)) return
    seen.add(normalised)
    let score = 0
    for (const token of sentence.tokens) {
      if (token.key !== "") score += (frequency.get(token.key) ?? 0) / highest
    }
    scored.push({ index, score })
  })
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  return scored.map((entry) => entry.index)
}

const isAcronym = (word: string) => word.length > 1 && /\p{L}/u.test(word) && word === word.toUpperCase()

/** Units and scales that are words to the tagger but never keywords. */
const unitWords = new Set(["bn", "mn", "mln", "tn", "trn", "bp", "bps", "pp", "ppt", "ppts", "x"])

const keywordsOf = (sentences: ReadonlyArray<Sentence>): ReadonlyArray<string> => {
  const noun = (token: Token) =>
    token.key !== "" &&
    (token.pos === "NOUN" || token.pos === "PROPN") &&
    !/\d/.test(token.key) &&
    !unitWords.has(token.key)
  const phraseWord = (token: Token) =>
    noun(token) || (token.key !== "" && token.pos === "ADJ" && !/\d/.test(token.key))
  // How a word is shown: as first written in lower case when it ever is; else as first written
  // inside a sentence (a name, an acronym); else, when only ever seen opening a sentence, in
  // lower case if it is an English word (the model's lexicon) and not an acronym.
  const lowerAs = new Map<string, string>()
  const insideAs = new Map<string, string>()
  const openingAs = new Map<string, string>()
  for (const sentence of sentences) {
    const opening = sentence.tokens.find((token) => /\p{L}/u.test(token.text))
    for (const token of sentence.tokens) {
      if (token.key === "") continue
      const seen = /^\p{Ll}/u.test(token.text) ? lowerAs : token === opening ? openingAs : insideAs
      if (!seen.has(token.key)) seen.set(token.key, token.text)
    }
  }
  const lexicon = nlp().readDoc("")
  const shownAs = (key: string): string => {
    const written = lowerAs.get(key) ?? insideAs.get(key)
    if (written !== undefined) return written
    const opening = openingAs.get(key) ?? key
    const lower = opening.toLowerCase()
    return !isAcronym(opening) && lexicon.isLexeme(lower) ? lower : opening
  }
  const show = shownAs
  // Noun phrases: two or three adjectives and nouns in a row, ending in a noun.
  const phrases = new Map<string, { count: number; tokens: Array<ReadonlyArray<Token>> }>()
  for (const sentence of sentences) {
    const tokens = sentence.tokens
    for (let end = 0; end < tokens.length; end++) {
      if (!noun(tokens[end] as Token)) continue
      for (let length = 2; length <= 3; length++) {
        const from = end - length + 1
        if (from < 0) break
        const run = tokens.slice(from, end + 1)
        if (!run.every(phraseWord)) break
        const key = run.map((token) => token.key).join(" ")
        const entry = phrases.get(key) ?? { count: 0, tokens: [] }
        entry.count++
        entry.tokens.push(run)
        phrases.set(key, entry)
      }
    }
  }
  const inPhrase = new Set<Token>()
  for (const entry of phrases.values()) {
    if (entry.count < 2) continue
    for (const run of entry.tokens) for (const token of run) inPhrase.add(token)
  }
  const words = new Map<string, { count: number; outside: number }>()
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (!noun(token)) continue
      const entry = words.get(token.key) ?? { count: 0, outside: 0 }
      entry.count++
      if (!inPhrase.has(token)) entry.outside++
      words.set(token.key, entry)
    }
  }
  const candidates: Array<{ key: string; count: number; shown: string }> = []
  for (const [key, entry] of words) {
    const shown = show(key)
    // A word only ever seen inside a repeated phrase is shown as that phrase.
    if (entry.outside === 0 || (key.length < 3 && !isAcronym(shown))) continue
    candidates.push({ key, count: entry.count, shown })
  }
  // A two-word phrase only ever seen inside a repeated three-word one is shown as that one.
  const covered = new Set<string>()
  for (const [key, entry] of phrases) {
    const parts = key.split(" ")
    if (entry.count < 2 || parts.length !== 3) continue
    for (const part of [parts.slice(0, 2).join(" "), parts.slice(1).join(" ")]) {
      if (phrases.get(part)?.count === entry.count) covered.add(part)
    }
  }
  for (const [key, entry] of phrases) {
    if (entry.count < 2 || covered.has(key)) continue
    candidates.push({ key, count: entry.count, shown: key.split(" ").map(show).join(" ") })
  }
  candidates.sort((a, b) => b.count - a.count || byText(a.key, b.key))
  const chosen: Array<string> = []
  for (const candidate of candidates) {
    if (chosen.length === 8) break
    if (!chosen.includes(candidate.shown)) chosen.push(candidate.shown)
  }
  return chosen
}

// ---------------------------------------------------------------------------------------------
// Templates

const nothingToRead = "_Nothing to read: choose a report or paste some text._"

const longest = 600

/** A sentence as a Markdown line: whole (figures as written), cut at a word past 600 chars. */
const asLine = (text: string) => {
  if (text.length <= longest) return text
  const cut = text.slice(0, longest)
  const space = cut.lastIndexOf(" ")
  return `${space > 0 ? cut.slice(0, space) : cut} …`
}

const hasReport = (input: OfflineInput) =>
  input.title.trim() !== "" ||
  input.summary.trim() !== "" ||
  input.body.trim() !== "" ||
  input.tickers.length > 0

const reportText = (input: OfflineInput) =>
  [input.summary, input.body].filter((part) => part.trim() !== "").join("\n\n")

const summaryCount = (candidates: number) => Math.min(5, Math.max(1, Math.ceil(candidates / 2)))

const summarise = (text: string): string | null => {
  const sentences = analyse(text)
  const ranked = rankSentences(sentences)
  if (ranked.length === 0) return null
  const picked = ranked.slice(0, summaryCount(ranked.length)).sort((a, b) => a - b)
  const lines = picked.map((index) => `- ${asLine((sentences[index] as Sentence).text)}`)
  const keywords = keywordsOf(sentences)
  if (keywords.length > 0) lines.push("", `**Keywords:** ${keywords.join(", ")}`)
  return lines.join("\n")
}

const listWords = (items: ReadonlyArray<string>) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`

const podcastScript = (input: OfflineInput): string => {
  const text = hasReport(input) ? reportText(input) : input.prompt
  const sentences = analyse(text)
  const ranked = rankSentences(sentences)
  if (ranked.length === 0) return nothingToRead
  const title = inlineMarkdown(input.title) || "Today's research"
  const tickers = [...new Set(input.tickers)]
  const points = ranked.slice(0, 3).sort((a, b) => a - b)
  return [
    "_Extractive draft from the offline provider: sentences picked from the report, not written for the ear. The analyst should rewrite it before recording._",
    "",
    `## ${title}`,
    "",
    "**Intro**",
    "",
    `Welcome to Folio Research. Today we walk through "${title}"${
      tickers.length > 0 ? `, covering ${listWords(tickers)}` : ""
    }.`,
    "",
    "**Key points**",
    "",
    ...points.flatMap((index) => [asLine((sentences[index] as Sentence).text), ""]),
    "**Close**",
    "",
    `That was "${title}". The full report is on Folio. This is not investment advice.`,
  ].join("\n")
}

// Ticker-like words: a capital letter or digit, then capitals, digits, "." and "-".
const tickerCandidate = /(?<![\p{L}\p{N}.$-])(\$?)([A-Z0-9][A-Z0-9.-]{0,15})(?![\p{L}\p{N}])/gu

const tickersIn = (
  text: string,
  known: ReadonlySet<string>,
): { found: ReadonlySet<string>; unknown: ReadonlySet<string> } => {
  const found = new Set<string>()
  const unknown = new Set<string>()
  for (const match of text.matchAll(tickerCandidate)) {
    const cashtag = match[1] === "$"
    const word = (match[2] ?? "").replace(/[.-]+$/, "")
    if (!/[A-Z]/.test(word)) continue
    // The longest known symbol at the start of the word: `AAPL.O` when Folio knows it, else `AAPL`.
    let symbol: string | null = null
    for (let end = word.length; end > 0; end--) {
      if (end < word.length && !/[.-]/.test(word[end] ?? "")) continue
      const candidate = word.slice(0, end)
      if (known.has(candidate)) {
        symbol = candidate
        break
      }
    }
    // A one-letter word ("A", "I") is a ticker only as a cashtag.
    if (symbol !== null && (symbol.length > 1 || cashtag)) found.add(symbol)
    else if (symbol === null && cashtag && /^[A-Z]/.test(word)) unknown.add(`$${word}`)
  }
  return { found, unknown }
}

const cell = (text: string) => text.replace(/\|/g, "\\|")

const maxRows = 200

const kpiTable = (rows: ReadonlyArray<KpiRow>): string => {
  if (rows.length === 0) return "No figures found."
  const shown = rows.slice(0, maxRows)
  const lines = [
    "| Metric | Value | Unit | Period |",
    "| --- | --- | --- | --- |",
    ...shown.map(
      (row) => `| ${cell(row.metric)} | ${cell(row.value)} | ${cell(row.unit)} | ${cell(row.period)} |`,
    ),
  ]
  if (rows.length > maxRows) lines.push("", `_…and ${rows.length - maxRows} more figures._`)
  return lines.join("\n")
}

const extract = (input: OfflineInput): string => {
  const withReport = hasReport(input)
  const text = withReport
    ? [input.title, input.summary, input.body].filter((part) => part.trim() !== "").join("\n\n")
    : input.prompt
  if (text.trim() === "" && input.tickers.length === 0) return nothingToRead
  const { found, unknown } = tickersIn(text, new Set(input.knownTickers))
  const tickers = [...new Set([...found, ...input.tickers])].sort(byText)
  const lines = [`**Tickers:** ${tickers.length > 0 ? tickers.join(", ") : "none found"}`]
  if (unknown.size > 0) lines.push("", `**Not in Folio's list:** ${[...unknown].sort(byText).join(", ")}`)
  lines.push("", "**KPI figures**", "", kpiTable(extractKpis(analyse(text))))
  return lines.join("\n")
}

const ignoredInstructions = "_The offline provider does not follow instructions; your note was not used._"

/** The offline provider's answer: Markdown, the same for the same input. Never throws. */
export const runOffline = (input: OfflineInput): string => {
  switch (input.template) {
    case "summarise": {
      const text = hasReport(input) ? reportText(input) : input.prompt
      const summary = summarise(text)
      if (summary === null) return nothingToRead
      return hasReport(input) && input.prompt.trim() !== "" ? `${ignoredInstructions}\n\n${summary}` : summary
    }
    case "podcast_script": {
      const script = podcastScript(input)
      return hasReport(input) && input.prompt.trim() !== "" && script !== nothingToRead
        ? `${ignoredInstructions}\n\n${script}`
        : script
    }
    case "extract": {
      const answer = extract(input)
      return hasReport(input) && input.prompt.trim() !== "" && answer !== nothingToRead
        ? `${ignoredInstructions}\n\n${answer}`
        : answer
    }
    case "free": {
      const text = [input.prompt, input.body].filter((part) => part.trim() !== "").join("\n\n")
      const summary = summarise(text)
      if (summary === null) return nothingToRead
      return `_The offline provider does not follow free prompts; here is an extractive summary and the keywords of your text._\n\n${summary}`
    }
  }
}
