import type { ReadershipChannel, ReadershipKind } from "./readership.js"

/**
 * What the screens call each kind and channel. Apart from the contract's module so the console's
 * first load, which holds the contract, does not carry words only the profile and analytics show.
 */
export const readershipKindLabels: Record<ReadershipKind, string> = {
  report_view: "Opened a report",
  report_read: "Read a report",
  search: "Searched",
  sign_in: "Signed in",
  feed_fetch: "Fetched a feed",
  email_open: "Opened an email",
  podcast_play: "Played an episode",
}

export const readershipChannelLabels: Record<ReadershipChannel, string> = {
  console: "Console",
  email: "Email",
  feed: "Feed",
  api: "API",
}
