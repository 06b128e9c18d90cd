/**
 * Browser and OS names from a User-Agent header, for events whose SDK sent no `contexts.browser`.
 * Only the families the console supports; anything else keeps its first product token.
 */
const browsers: ReadonlyArray<readonly [string, RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\bOPR\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
]

const systems: ReadonlyArray<readonly [string, RegExp]> = [
  ["Windows", /\bWindows NT (\d+\.\d+)/],
  ["iOS", /\b(?:iPhone|iPad|iPod).*? OS (\d+)/],
  ["macOS", /\bMac OS X (\d+[._]\d+)/],
  ["Android", /\bAndroid (\d+)/],
  ["Chrome OS", /\bCrOS\b/],
  ["Linux", /\bLinux\b/],
]

const firstMatch = (userAgent: string, table: ReadonlyArray<readonly [string, RegExp]>): string | null => {
  for (const [name, pattern] of table) {
    const match = pattern.exec(userAgent)
    if (match) return match[1] ? `${name} ${match[1].replace("_", ".")}` : name
  }
  return null
}

export const browserFromUserAgent = (userAgent: string): string | null =>
  firstMatch(userAgent, browsers) ??
  (/^([A-Za-z][\w.-]*)\/(\d+)/.exec(userAgent)?.slice(1, 3).join(" ") || null)

export const osFromUserAgent = (userAgent: string): string | null => firstMatch(userAgent, systems)
