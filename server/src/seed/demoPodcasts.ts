import { Readable } from "node:stream"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { readAudioFacts, sha256Of } from "../podcasts/metadata.js"
import { MediaStore } from "../podcasts/storage.js"

/**
 * A quiet WAV made here, so the demo has real audio without shipping any: 8 kHz, 8-bit mono (8 KB
 * a second), a soft low tone under a little noise. A hash of the position stands in for chance,
 * so the file is the same on every start.
 */
const demoWav = (seconds: number, toneHz: number): Uint8Array => {
  const rate = 8000
  const samples = Math.round(seconds * rate)
  const bytes = Buffer.alloc(44 + samples)
  bytes.write("RIFF", 0, "ascii")
  bytes.writeUInt32LE(36 + samples, 4)
  bytes.write("WAVEfmt ", 8, "ascii")
  bytes.writeUInt32LE(16, 16)
  bytes.writeUInt16LE(1, 20) // PCM
  bytes.writeUInt16LE(1, 22) // mono
  bytes.writeUInt32LE(rate, 24)
  bytes.writeUInt32LE(rate, 28) // bytes a second
  bytes.writeUInt16LE(1, 32)
  bytes.writeUInt16LE(8, 34)
  bytes.write("data", 36, "ascii")
  bytes.writeUInt32LE(samples, 40)
  let x = 2463534242
  for (let i = 0; i < samples; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    const fade = Math.min(1, i / rate, (samples - i) / rate)
    const tone = 10 * Math.sin((2 * Math.PI * toneHz * i) / rate) * fade
    bytes[44 + i] = Math.round(128 + tone + ((x >>> 0) % 5) - 2)
  }
  return bytes
}

const episodes = [
  {
    title: "The week ahead: rates, earnings and what we are watching",
    notes:
      "Our strategists walk through the week's calendar: the rate decision, the big earnings reports and the positioning we see across clients.\n\nThe full note is linked below.",
    seconds: 110,
    toneHz: 196,
    audience: "all",
    status: "published",
    daysAgo: 3,
    linkReport: true,
  },
  {
    title: "Client briefing: portfolio questions from your team",
    notes:
      "A short briefing recorded for one client: the questions their portfolio managers asked this month, answered.",
    seconds: 75,
    toneHz: 220,
    audience: "client",
    status: "published",
    daysAgo: 1,
    linkReport: false,
  },
  {
    title: "Draft: sector rotation in the second half",
    notes: "Work in progress: not published yet.",
    seconds: 20,
    toneHz: 247,
    audience: "all",
    status: "draft",
    daysAgo: 0,
    linkReport: false,
  },
] as const

/**
 * The demo's podcast: "Folio Research Weekly" with three episodes, two published (one to every
 * client, one addressed to a single client company) and a draft, the first linked to a published
 * report. The audio is generated, stored through the media store and described by music-metadata,
 * as an upload would be.
 */
export const seedDemoPodcasts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const store = yield* MediaStore
  const [editor] = yield* sql<{ id: string }>`
    select u.id from users u join companies c on c.id = u.company_id
    where c.kind = 'publisher' and u.role = 'editor' order by u.created_at limit 1`
  const [client] = yield* sql<{
    id: string
  }>`select id from companies where kind = 'client' order by name limit 1`
  const [report] = yield* sql<{ id: string }>`
    select id from reports where status = 'published' order by published_at desc limit 1`
  const [show] = yield* sql<{ id: string }>`
    insert into podcast_shows (title, description, language, category, created_by)
    values ('Folio Research Weekly',
            'The research team on the week''s markets, the notes behind them and what clients ask.',
            'en', 'Business > Investing', ${editor?.id ?? null})
    returning id`
  for (const [index, episode] of episodes.entries()) {
    const [row] = yield* sql<{ id: string }>`
      insert into podcast_episodes (show_id, title, notes, season, episode_number, report_id, created_by, created_at)
      values (${show!.id}, ${episode.title}, ${episode.notes}, 1, ${index + 1},
              ${episode.linkReport ? (report?.id ?? null) : null}, ${editor?.id ?? null},
              now() - make_interval(days => ${episode.daysAgo + 1}))
      returning id`
    const episodeId = row!.id
    const wav = demoWav(episode.seconds, episode.toneHz)
    const read = yield* Effect.promise(() => readAudioFacts({ buffer: wav }))
    if (!read.ok) return yield* Effect.die(new Error(`The demo audio was refused: ${read.message}`))
    const sha256 = yield* Effect.promise(() => sha256Of(Readable.from([wav])))
    const key = `audio/${episodeId}/demo-${index + 1}.wav`
    yield* store.put(key, wav, read.facts.mimeType)
    yield* sql`
      update podcast_episodes set
        audio_key = ${key}, audio_format = ${read.facts.format}, audio_mime = ${read.facts.mimeType},
        audio_duration_seconds = ${read.facts.durationSeconds}, audio_bitrate = ${read.facts.bitrate},
        audio_size = ${wav.byteLength}, audio_sha256 = ${sha256},
        audio_original_name = ${`folio-research-weekly-${index + 1}.wav`},
        audio_uploaded_at = now() - make_interval(days => ${episode.daysAgo})
      where id = ${episodeId}`
    yield* sql`
      insert into podcast_episode_audience (episode_id, company_id, team_id)
      values (${episodeId}, ${episode.audience === "client" ? (client?.id ?? null) : null}, null)`
    if (episode.status === "published") {
      yield* sql`
        update podcast_episodes set status = 'published', published_at = now() - make_interval(days => ${episode.daysAgo})
        where id = ${episodeId}`
    }
  }
}).pipe(Effect.provide(MediaStore.Default))
