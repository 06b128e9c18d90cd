import { Episode, EpisodePage, PlaybackResult, Report, Show } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)
const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

const expectStatus = async (response: Response, status: number) => {
  expect(response.status, await response.clone().text()).toBe(status)
  return response
}

const createShow = async (title: string, extra: Record<string, unknown> = {}) =>
  decodeBody(
    Show,
    await expectStatus(await as("editor")("POST", "/podcasts/shows", { title, ...extra }), 201),
  )

const createEpisode = async (showId: string, body: Record<string, unknown>) =>
  decodeBody(
    Episode,
    await expectStatus(await as("editor")("POST", `/podcasts/shows/${showId}/episodes`, body), 201),
  )

/** What the media helper writes once a file is uploaded; the upload itself is not this test's. */
const giveAudio = (episodeId: string) =>
  db.query(
    (sql) => sql`
      update podcast_episodes set audio_key = ${`episodes/${episodeId}.mp3`}, audio_format = 'mp3',
             audio_mime = 'audio/mpeg', audio_duration_seconds = 1234.5, audio_bitrate = 128000,
             audio_size = 19752000, audio_sha256 = ${"ab".repeat(32)}, audio_original_name = 'weekly.mp3',
             audio_uploaded_at = now()
      where id = ${episodeId}`,
  )

const publish = async (episodeId: string) =>
  decodeBody(
    Episode,
    await expectStatus(await as("editor")("POST", `/podcasts/episodes/${episodeId}/publish`), 200),
  )

/** An episode with audio, published to `audience`. */
const publishedEpisode = async (showId: string, title: string, audience: ReadonlyArray<unknown>) => {
  const episode = await createEpisode(showId, { title, audience })
  await giveAudio(episode.id)
  return publish(episode.id)
}

const listen = async (who: string, query = "") => {
  const response = await expectStatus(await as(who)("GET", `/podcasts/episodes${query}`), 200)
  return decodeBody(EpisodePage, response)
}

/** A report by the analyst, to `audience`, approved; published too unless `publish` is false. */
const report = async (title: string, audience: ReadonlyArray<Record<string, unknown>>, publish = true) => {
  const created = await as("analyst")("POST", "/reports", {
    title,
    summary: "S.",
    body: "B.",
    sector: "Technology",
    audience,
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const id = (await decodeBody(Report, created)).id
  const steps = [
    ["analyst", "submit"],
    ["editor", "approve"],
    ...(publish ? [["editor", "publish"]] : []),
  ] as const
  for (const [who, action] of steps)
    await expectStatus(await as(who)("POST", `/reports/${id}/actions/${action}`, {}), 200)
  return id
}

const publishReport = async (id: string) =>
  expectStatus(await as("editor")("POST", `/reports/${id}/actions/publish`, {}), 200)

/** Jobs seen by graphile-worker since the start, whether or not a runner has taken them since. */
const jobsSeen = (task: string) =>
  db.query(
    (sql) => sql<{ payload: { keys: Array<string>; uploads?: Array<string> } }>`
      select payload from podcast_test_jobs where task = ${task} order by n`,
  )

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  ids.acme = await db.company("acme-podcasts")
  ids.beta = await db.company("beta-podcasts")
  ids.desk = await db.team(ids.acme, "Desk")
  ids.betaTeam = await db.team(ids.beta, "Beta desk")
  for (const [name, companyId, role] of [
    ["editor", publisher, "editor"],
    ["analyst", publisher, "analyst"],
    ["staff", publisher, "reader"],
    ["reader", ids.acme, "reader"],
    ["outsider", ids.beta, "reader"],
  ] as const) {
    ids[name] = await db.user({ email: `${name}@podcasts.test`, name: `The ${name}`, companyId, role })
    tokens[name] = await cliSignIn(server, `${name}@podcasts.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  // A copy of every job added, so a runner taking one before the test looks does not hide it.
  await db.query((sql) => sql`create table podcast_test_jobs (n serial, task text, payload json)`)
  await db.query(
    (sql) => sql`
      create function podcast_test_job_seen() returns trigger language plpgsql as $$
      begin
        insert into podcast_test_jobs (task, payload)
        select t.identifier, new.payload from graphile_worker._private_tasks t where t.id = new.task_id;
        return new;
      end $$`,
  )
  await db.query(
    (sql) => sql`
      create trigger podcast_test_job_seen after insert on graphile_worker._private_jobs
      for each row execute function podcast_test_job_seen()`,
  )
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("shows", () => {
  it("editors create, list, change and delete shows, each change audited", async () => {
    const show = await createShow("  The Weekly  ", { description: "Markets, weekly.", explicit: true })
    expect(show).toMatchObject({
      title: "The Weekly",
      description: "Markets, weekly.",
      language: "en",
      category: "Business > Investing",
      explicit: true,
      artworkUpdatedAt: null,
      episodeCount: 0,
      publishedCount: 0,
      latestPublishedAt: null,
    })
    const changed = await decodeBody(
      Show,
      await expectStatus(
        await as("admin")("PATCH", `/podcasts/shows/${show.id}`, {
          title: "The Weekly Call",
          language: "en-GB",
        }),
        200,
      ),
    )
    expect(changed).toMatchObject({ title: "The Weekly Call", language: "en-GB", explicit: true })
    const list = await decodeBody(
      Schema.Array(Show),
      await expectStatus(await as("editor")("GET", "/podcasts/shows"), 200),
    )
    expect(list.map((s) => s.id)).toContain(show.id)

    const invalid = await as("editor")("PATCH", `/podcasts/shows/${show.id}`, { language: "English" })
    expect(invalid.status).toBe(400)
    expect((await decodeBody(ErrorBody, invalid)).message).toMatch(/Language must be a language tag/)
    const missing = await as("editor")("PATCH", `/podcasts/shows/${crypto.randomUUID()}`, { title: "X" })
    expect(missing.status).toBe(404)

    await expectStatus(await as("editor")("DELETE", `/podcasts/shows/${show.id}`), 204)
    expect((await as("editor")("DELETE", `/podcasts/shows/${show.id}`)).status).toBe(404)
    expect((await db.audit(show.id)).map((a) => a.action)).toEqual([
      "podcast.show.create",
      "podcast.show.update",
      "podcast.show.delete",
    ])
  })

  it("refuses to delete a show with episodes, and removes a deleted show's artwork", async () => {
    const show = await createShow("With episodes")
    const episode = await createEpisode(show.id, { title: "First one" })
    await createEpisode(show.id, { title: "Second one" })
    const refused = await as("editor")("DELETE", `/podcasts/shows/${show.id}`)
    expect(refused.status).toBe(409)
    expect(await decodeBody(ErrorBody, refused)).toEqual({
      _tag: "Conflict",
      message: 'The show "With episodes" has 2 episodes; delete them first.',
    })
    expect((await as("editor")("GET", `/podcasts/episodes/${episode.id}`)).status).toBe(200)

    const art = await createShow("With artwork")
    await db.query(
      (sql) => sql`
        update podcast_shows set artwork_key = ${`shows/${art.id}.png`}, artwork_type = 'image/png',
               artwork_updated_at = now() where id = ${art.id}`,
    )
    await expectStatus(await as("editor")("DELETE", `/podcasts/shows/${art.id}`), 204)
    expect((await jobsSeen("podcast_media_delete")).map((j) => j.payload)).toContainEqual({
      keys: [`shows/${art.id}.png`],
    })
  })

  it("is managed by editors and admins only", async () => {
    for (const who of ["reader", "analyst", "staff"]) {
      const response = await as(who)("POST", "/podcasts/shows", { title: "Mine" })
      expect(response.status).toBe(403)
      expect((await decodeBody(ErrorBody, response))._tag).toBe("Forbidden")
      expect((await as(who)("GET", "/podcasts/episodes?scope=manage")).status).toBe(403)
    }
    const show = await createShow("Managed only")
    const episode = await createEpisode(show.id, { title: "Not yours" })
    for (const [method, path] of [
      ["PATCH", `/podcasts/shows/${show.id}`],
      ["DELETE", `/podcasts/shows/${show.id}`],
      ["POST", `/podcasts/shows/${show.id}/episodes`],
      ["PATCH", `/podcasts/episodes/${episode.id}`],
      ["POST", `/podcasts/episodes/${episode.id}/publish`],
      ["POST", `/podcasts/episodes/${episode.id}/unpublish`],
      ["DELETE", `/podcasts/episodes/${episode.id}`],
    ] as const) {
      const response = await as("analyst")(method, path, method === "DELETE" ? undefined : { title: "Nope!" })
      expect(response.status, `${method} ${path}`).toBe(403)
    }
  })
})

describe("who hears what", () => {
  const episodes: Record<string, string> = {}
  let showId: string

  beforeAll(async () => {
    showId = (await createShow("Audience show")).id
    const all = [{ companyId: null }]
    episodes.all = (await publishedEpisode(showId, "For every client", all)).id
    episodes.acme = (await publishedEpisode(showId, "For Acme", [{ companyId: ids.acme }])).id
    episodes.desk = (
      await publishedEpisode(showId, "For Acme's desk", [{ companyId: ids.acme, teamId: ids.desk }])
    ).id
    episodes.beta = (await publishedEpisode(showId, "For Beta", [{ companyId: ids.beta }])).id
    episodes.embargoed = (
      await publishedEpisode(showId, "Acme, a day later", [{ companyId: ids.acme, embargoHours: 24 }])
    ).id
    episodes.draft = (await createEpisode(showId, { title: "Still a draft", audience: all })).id
  })

  const inShow = (page: EpisodePage) => page.items.filter((e) => e.showId === showId).map((e) => e.id)

  it("a client reader hears all-clients episodes and their company's, newest first", async () => {
    await db.member(ids.desk!, ids.reader!)
    const page = await listen("reader", `?showId=${showId}`)
    expect(inShow(page)).toEqual([episodes.desk, episodes.acme, episodes.all])
    for (const id of [episodes.all, episodes.acme, episodes.desk]) {
      const response = await as("reader")("GET", `/podcasts/episodes/${id}`)
      expect(response.status).toBe(200)
    }
    for (const id of [episodes.beta, episodes.embargoed, episodes.draft]) {
      const response = await as("reader")("GET", `/podcasts/episodes/${id}`)
      expect(response.status, id).toBe(404)
      expect((await decodeBody(ErrorBody, response))._tag).toBe("NotFound")
    }
    const shows = await decodeBody(
      Schema.Array(Show),
      await expectStatus(await as("reader")("GET", "/podcasts/shows"), 200),
    )
    expect(shows.find((s) => s.id === showId)).toMatchObject({ episodeCount: 3, publishedCount: 3 })
    // Shows with nothing the reader may hear are not listed.
    expect(shows.every((s) => s.episodeCount > 0)).toBe(true)
  })

  it("another company's reader hears theirs, not Acme's", async () => {
    expect(inShow(await listen("outsider", `?showId=${showId}`))).toEqual([episodes.beta, episodes.all])
    expect((await as("outsider")("GET", `/podcasts/episodes/${episodes.acme}`)).status).toBe(404)
  })

  it("the publisher's readers hear every published episode, embargoed or not; managers see drafts too", async () => {
    expect(inShow(await listen("staff", `?showId=${showId}`)).sort()).toEqual(
      [episodes.all, episodes.acme, episodes.desk, episodes.beta, episodes.embargoed].sort(),
    )
    expect((await as("staff")("GET", `/podcasts/episodes/${episodes.draft}`)).status).toBe(404)
    const managed = await listen("editor", `?scope=manage&showId=${showId}`)
    expect(inShow(managed)).toHaveLength(6)
    expect(inShow(managed)[0]).toBe(episodes.draft)
    const drafts = await listen("editor", `?scope=manage&status=draft&showId=${showId}`)
    expect(inShow(drafts)).toEqual([episodes.draft])
    const draft = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes/${episodes.draft}`), 200),
    )
    expect(draft).toMatchObject({ status: "draft", publishedAt: null, audio: null })
    const editorShow = (
      await decodeBody(
        Schema.Array(Show),
        await expectStatus(await as("editor")("GET", "/podcasts/shows"), 200),
      )
    ).find((s) => s.id === showId)
    expect(editorShow).toMatchObject({ episodeCount: 6, publishedCount: 5 })
  })

  it("pages with a cursor", async () => {
    const first = await listen("staff", `?showId=${showId}&limit=2`)
    expect(first.items).toHaveLength(2)
    expect(first.nextCursor).not.toBeNull()
    const second = await listen("staff", `?showId=${showId}&limit=2&cursor=${first.nextCursor}`)
    const third = await listen("staff", `?showId=${showId}&limit=2&cursor=${second.nextCursor}`)
    const all = [...first.items, ...second.items, ...third.items].map((e) => e.id)
    expect(new Set(all).size).toBe(5)
    expect(third.nextCursor).toBeNull()
    expect((await as("staff")("GET", "/podcasts/episodes?cursor=bm9wZQ")).status).toBe(400)
  })

  it("answers an episode with its audio, audience and the linked report only when the caller may read it", async () => {
    const acmeReport = await report("Acme's podcast companion", [{ companyId: ids.acme }])
    const betaReport = await report("Beta's podcast companion", [{ companyId: ids.beta }])
    await expectStatus(
      await as("editor")("PATCH", `/podcasts/episodes/${episodes.all}`, { reportId: acmeReport }),
      200,
    )
    const heard = await decodeBody(
      Episode,
      await expectStatus(await as("reader")("GET", `/podcasts/episodes/${episodes.all}`), 200),
    )
    expect(heard).toMatchObject({
      title: "For every client",
      report: { id: acmeReport, title: "Acme's podcast companion" },
      audience: [{ companyId: null, companySlug: null, companyName: null, teamId: null, embargoHours: 0 }],
      audio: {
        format: "mp3",
        mimeType: "audio/mpeg",
        durationSeconds: 1234.5,
        bitrate: 128000,
        sizeBytes: 19752000,
        originalName: "weekly.mp3",
      },
      hasTranscript: false,
      position: null,
    })
    const outsider = await decodeBody(
      Episode,
      await expectStatus(await as("outsider")("GET", `/podcasts/episodes/${episodes.all}`), 200),
    )
    expect(outsider.report).toBeNull()
    await expectStatus(
      await as("editor")("PATCH", `/podcasts/episodes/${episodes.all}`, { reportId: betaReport }),
      200,
    )
    expect(
      (
        await decodeBody(
          Episode,
          await expectStatus(await as("reader")("GET", `/podcasts/episodes/${episodes.all}`), 200),
        )
      ).report,
    ).toBeNull()
    const desk = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes/${episodes.desk}`), 200),
    )
    expect(desk.audience).toEqual([
      {
        companyId: ids.acme,
        companySlug: "acme-podcasts",
        companyName: "Company acme-podcasts",
        teamId: ids.desk,
        teamName: "Desk",
        embargoHours: 0,
      },
    ])
  })

  it("takes an unpublished episode away from listeners", async () => {
    const unpublished = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("POST", `/podcasts/episodes/${episodes.acme}/unpublish`), 200),
    )
    expect(unpublished).toMatchObject({ status: "draft", publishedAt: null })
    expect((await as("reader")("GET", `/podcasts/episodes/${episodes.acme}`)).status).toBe(404)
    const again = await publish(episodes.acme!)
    expect(again.status).toBe("published")
    expect((await as("reader")("GET", `/podcasts/episodes/${episodes.acme}`)).status).toBe(200)
    expect((await db.audit(episodes.acme!)).map((a) => a.action)).toEqual([
      "podcast.episode.create",
      "podcast.episode.publish",
      "podcast.episode.unpublish",
      "podcast.episode.publish",
    ])
  })
})

describe("episodes", () => {
  let showId: string
  beforeAll(async () => {
    showId = (await createShow("Episodes show")).id
  })

  it("creates a draft with defaults and a stable guid, and changes parts of it", async () => {
    const episode = await createEpisode(showId, {
      title: "Q3 walk-through",
      notes: "**Bold** notes",
      transcript: "Hello.",
      season: 2,
      number: 7,
    })
    expect(episode).toMatchObject({
      showId,
      showTitle: "Episodes show",
      title: "Q3 walk-through",
      notes: "**Bold** notes",
      hasTranscript: true,
      season: 2,
      number: 7,
      report: null,
      followReport: false,
      status: "draft",
      publishedAt: null,
      audio: null,
      position: null,
      audience: [{ companyId: null, teamId: null, embargoHours: 0 }],
    })
    // The transcript is in the answer about one episode (the edit form's), not in lists.
    expect(episode.transcript).toBe("Hello.")
    const one = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes/${episode.id}`), 200),
    )
    expect(one.transcript).toBe("Hello.")
    const listed = await decodeBody(
      EpisodePage,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes?scope=manage&showId=${showId}`), 200),
    )
    expect(listed.items.find((item) => item.id === episode.id)?.transcript).toBeUndefined()
    const changed = await decodeBody(
      Episode,
      await expectStatus(
        await as("editor")("PATCH", `/podcasts/episodes/${episode.id}`, {
          title: "Q3, walked through",
          transcript: null,
          season: null,
          audience: [{ companyId: ids.beta, teamId: ids.betaTeam, embargoHours: 2 }],
        }),
        200,
      ),
    )
    expect(changed).toMatchObject({
      title: "Q3, walked through",
      notes: "**Bold** notes",
      hasTranscript: false,
      transcript: null,
      season: null,
      number: 7,
      guid: episode.guid,
      audience: [{ companyId: ids.beta, teamId: ids.betaTeam, teamName: "Beta desk", embargoHours: 2 }],
    })
    expect(
      (await as("editor")("POST", `/podcasts/shows/${crypto.randomUUID()}/episodes`, { title: "Lost" }))
        .status,
    ).toBe(404)
    expect(
      (await as("editor")("PATCH", `/podcasts/episodes/${crypto.randomUUID()}`, { title: "Lost" })).status,
    ).toBe(404)
  })

  it("validates the linked report, followReport and the audience, naming the field", async () => {
    const cases: ReadonlyArray<[Record<string, unknown>, string, RegExp]> = [
      [
        { title: "Follows nothing", followReport: true },
        "followReport",
        /followReport needs a linked report/,
      ],
      [{ title: "Missing report", reportId: crypto.randomUUID() }, "reportId", /reportId/],
      [
        { title: "Wrong team", audience: [{ companyId: ids.acme, teamId: ids.betaTeam }] },
        "audience",
        /No such team in that company/,
      ],
      [
        { title: "Publisher audience", audience: [{ companyId: await db.publisherId() }] },
        "audience",
        /No such client company/,
      ],
      [{ title: "No" }, "title", /at least 3 characters/],
    ]
    for (const [body, field, message] of cases) {
      const response = await as("editor")("POST", `/podcasts/shows/${showId}/episodes`, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const error = (await response.json()) as { message: string; issues: Array<{ path: Array<unknown> }> }
      expect(error.message).toMatch(message)
      expect(error.issues[0]?.path[0]).toBe(field)
    }
  })

  it("publishes only with audio", async () => {
    const episode = await createEpisode(showId, { title: "Silent so far" })
    const refused = await as("editor")("POST", `/podcasts/episodes/${episode.id}/publish`)
    expect(refused.status).toBe(409)
    expect((await decodeBody(ErrorBody, refused)).message).toMatch(/Upload the audio before publishing/)
    await giveAudio(episode.id)
    const published = await publish(episode.id)
    expect(published.status).toBe("published")
    expect(published.publishedAt).not.toBeNull()
    expect(published.audio?.sha256).toBe("ab".repeat(32))
  })

  it("follows its report: published with it, at its time, to its audience", async () => {
    const reportId = await report(
      "Released with a podcast",
      [{ companyId: ids.acme, embargoHours: 0 }],
      false,
    )
    const following = await createEpisode(showId, {
      title: "Companion episode",
      reportId,
      followReport: true,
      audience: [{ companyId: null }],
    })
    await giveAudio(following.id)
    const silent = await createEpisode(showId, {
      title: "Companion without audio",
      reportId,
      followReport: true,
    })
    const early = await as("editor")("POST", `/podcasts/episodes/${following.id}/publish`)
    expect(early.status).toBe(409)
    expect((await decodeBody(ErrorBody, early)).message).toMatch(/This episode is published with its report/)

    await publishReport(reportId)
    const reportNow = await decodeBody(
      Report,
      await expectStatus(await as("editor")("GET", `/reports/${reportId}`), 200),
    )
    const episode = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes/${following.id}`), 200),
    )
    expect(episode.status).toBe("published")
    expect(episode.publishedAt?.toISOString()).toBe(reportNow.publishedAt?.toISOString())
    expect(episode.audience).toEqual([
      {
        companyId: ids.acme,
        companySlug: "acme-podcasts",
        companyName: "Company acme-podcasts",
        teamId: null,
        teamName: null,
        embargoHours: 0,
      },
    ])
    expect((await as("reader")("GET", `/podcasts/episodes/${following.id}`)).status).toBe(200)
    expect((await as("outsider")("GET", `/podcasts/episodes/${following.id}`)).status).toBe(404)
    // Without its audio it stays a draft; once the audio is in it may be published by hand.
    const stillDraft = await decodeBody(
      Episode,
      await expectStatus(await as("editor")("GET", `/podcasts/episodes/${silent.id}`), 200),
    )
    expect(stillDraft.status).toBe("draft")
    await giveAudio(silent.id)
    const late = await publish(silent.id)
    expect(late.status).toBe("published")
    expect(late.audience.map((a) => a.companyId)).toEqual([ids.acme])
  })

  it("deletes an episode and queues the removal of its audio and unfinished uploads", async () => {
    const episode = await createEpisode(showId, { title: "To be deleted" })
    await giveAudio(episode.id)
    const uploadId = `upload-${crypto.randomUUID()}`
    await db.query(
      (sql) => sql`
        insert into podcast_uploads (id, episode_id, user_id, size, file_name)
        values (${uploadId}, ${episode.id}, ${ids.editor!}, 1000, 'next.mp3'),
               (${`${uploadId}-done`}, ${episode.id}, ${ids.editor!}, 1000, 'weekly.mp3')`,
    )
    await db.query(
      (sql) => sql`update podcast_uploads set finished_at = now() where id = ${`${uploadId}-done`}`,
    )
    await expectStatus(await as("editor")("DELETE", `/podcasts/episodes/${episode.id}`), 204)
    expect((await as("editor")("GET", `/podcasts/episodes/${episode.id}`)).status).toBe(404)
    expect((await as("editor")("DELETE", `/podcasts/episodes/${episode.id}`)).status).toBe(404)
    expect((await jobsSeen("podcast_media_delete")).map((j) => j.payload)).toContainEqual({
      keys: [`episodes/${episode.id}.mp3`],
      uploads: [uploadId],
    })
    expect((await db.audit(episode.id)).map((a) => a.action)).toEqual([
      "podcast.episode.create",
      "podcast.episode.delete",
    ])
  })
})

describe("playback", () => {
  let episodeId: string
  let betaOnly: string
  beforeAll(async () => {
    const showId = (await createShow("Playback show")).id
    episodeId = (await publishedEpisode(showId, "Listen to me", [{ companyId: ids.acme }])).id
    betaOnly = (await publishedEpisode(showId, "Beta listens", [{ companyId: ids.beta }])).id
  })

  const put = (who: string, id: string, body: Record<string, unknown>) =>
    as(who)("PUT", `/podcasts/episodes/${id}/position`, body)
  const played = async (who: string, body: Record<string, unknown>) =>
    (await decodeBody(PlaybackResult, await expectStatus(await put(who, episodeId, body), 200))).playCounted

  it("remembers where the listener is and counts a play once 60 s were heard, once a day", async () => {
    expect(await played("reader", { seconds: 40, heardSeconds: 40 })).toBe(false)
    expect(await played("reader", { seconds: 80, heardSeconds: 40 })).toBe(true)
    expect(await played("reader", { seconds: 120, heardSeconds: 40 })).toBe(false)
    expect(await played("reader", { seconds: 200, heardSeconds: 80, completed: true })).toBe(false)
    const episode = await decodeBody(
      Episode,
      await expectStatus(await as("reader")("GET", `/podcasts/episodes/${episodeId}`), 200),
    )
    expect(episode.position).toMatchObject({ seconds: 200, completed: true })
    const events = await db.query(
      (sql) => sql<{ channel: string; subject: string; companyId: string }>`
        select channel, subject, company_id from readership_pending
        where kind = 'podcast_play' and user_id = ${ids.reader!}`,
    )
    expect(events).toEqual([{ channel: "api", subject: "Playback show — Listen to me", companyId: ids.acme }])
    // A day later, the heard time counts a new play.
    await db.query(
      (sql) => sql`
        update podcast_positions set play_counted_at = now() - interval '25 hours'
        where user_id = ${ids.reader!} and episode_id = ${episodeId}`,
    )
    expect(await played("reader", { seconds: 10, heardSeconds: 1 })).toBe(true)
    // Each listener has their own position.
    const staff = await decodeBody(
      Episode,
      await expectStatus(await as("staff")("GET", `/podcasts/episodes/${episodeId}`), 200),
    )
    expect(staff.position).toBeNull()
  })

  it("counts concurrent reports once", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => played("staff", { seconds: 30, heardSeconds: 30 })),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it("is refused (404) for an episode the listener may not hear, and checks the numbers", async () => {
    const refused = await put("reader", betaOnly, { seconds: 5, heardSeconds: 5 })
    expect(refused.status).toBe(404)
    expect((await put("reader", crypto.randomUUID(), { seconds: 5 })).status).toBe(404)
    const invalid = await put("reader", episodeId, { seconds: 5, heardSeconds: 500 })
    expect(invalid.status).toBe(400)
    expect((await decodeBody(ErrorBody, invalid)).message).toMatch(/heardSeconds must be between 0 and 120/)
  })
})
