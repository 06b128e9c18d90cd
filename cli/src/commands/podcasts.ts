import type { Command } from "commander"
import { CliError } from "../cliError.js"
import { action, addExamples, addJsonFlag, addUrlFlag, booleanFlag, stringFlag } from "../command.js"
import { entityCommand, entityGroup } from "../entityCommand.js"

const load = async () => {
  const [{ runCli }, { withProgress }, { renderNote }, upload, ui, progress] = await Promise.all([
    import("../runtime.js"),
    import("../ui/progress.js"),
    import("../ui/render.js"),
    import("../services/podcastUpload.js"),
    import("../ui/podcasts.js"),
    import("../ui/uploadProgress.js"),
  ])
  return { runCli, withProgress, renderNote, upload, ui, progress }
}

/** podcasts shows | list | upload | publish. */
export const registerPodcasts = (program: Command): void => {
  const podcasts = entityGroup(program, {
    name: "podcasts",
    summary: "list shows and episodes, upload an episode's audio, publish it",
    description:
      "Podcast shows and their episodes. Everyone lists the published episodes they may hear; editors and admins " +
      "also see drafts (--drafts), upload audio (MP3, M4A or WAV up to 500 MB, sent resumably with the tus " +
      "protocol) and publish. A show is named by its id or its exact title.",
    examples: [
      ["folio podcasts shows", "the shows, with their ids"],
      ["folio podcasts list --show 'Macro Weekly'", "the episodes you may hear in one show"],
      [
        "folio podcasts upload ep12.mp3 --show 'Macro Weekly' --title 'Rates in 2027'",
        "a new draft with its audio",
      ],
      ["folio podcasts publish 3f0c2a9e-…", "publish it"],
    ],
  })

  entityCommand(podcasts, {
    name: "shows",
    summary: "list podcast shows",
    description:
      "Lists the shows: editors and admins every show with all its episodes counted, everyone else the shows " +
      "with an episode they may hear.",
    examples: [
      ["folio podcasts shows", ""],
      ["folio podcasts shows --json | jq -r '.shows[] | [.id, .title] | @tsv'", "ids and titles"],
    ],
    progress: "Listing shows…",
    input: () => ({}),
    load: async () => {
      const [service, ui] = await Promise.all([
        import("../services/podcasts.js"),
        import("../ui/podcasts.js"),
      ])
      return { run: service.listShows, render: ui.renderShowList }
    },
  })

  entityCommand(podcasts, {
    name: "list",
    summary: "list episodes, newest first",
    description:
      "Lists the published episodes you may hear, newest first: show, title, status, duration, when it was " +
      "published, id. With --drafts (editors and admins), every episode, drafts included, most recently changed first.",
    options: (command) =>
      command
        .option("--show <show>", "only this show (its id or exact title)")
        .option("--drafts", "every episode, drafts included (editors and admins)"),
    paging: "episodes",
    examples: [
      ["folio podcasts list", ""],
      ["folio podcasts list --show 'Macro Weekly' --drafts", "drafts too, in one show"],
      [
        "folio podcasts list --drafts --json | jq -r '.episodes[] | select(.status == \"draft\") | .id'",
        "ids of the drafts",
      ],
    ],
    progress: "Listing episodes…",
    input: (command) => ({ show: stringFlag(command, "show"), drafts: booleanFlag(command, "drafts") }),
    load: async () => {
      const [service, ui] = await Promise.all([
        import("../services/podcasts.js"),
        import("../ui/podcasts.js"),
      ])
      return { run: service.listEpisodes, render: ui.renderEpisodeList }
    },
  })

  const upload = podcasts
    .command("upload")
    .summary("upload an episode's audio (a new draft, or replace an episode's)")
    .description(
      "Creates a draft episode in a show and uploads its audio, with a live progress bar (bytes, percent, rate). " +
        "The file must be MP3, M4A or WAV, at most 500 MB; the server reads its duration, bit rate and format from " +
        "the file itself and refuses what is not audio. The upload is resumable: each 8 MB chunk is acknowledged, " +
        "and after a dropped connection it goes on from where the server has it (retries after 0, 1, 3, 5 and 10 s). " +
        "With --episode, the audio of that episode is replaced instead. Editors and admins. Prints the episode's " +
        "id, duration and format; publish it with `folio podcasts publish <id>`.",
    )
    .argument("<file>", "the audio file (.mp3, .m4a or .wav)")
    .option("--show <show>", "the show (its id or exact title); not needed with --episode")
    .option("--title <title>", "the episode's title (default: the file's name without its extension)")
    .option("--report <report-id>", "link the episode to this report")
    .option("--follow-report", "publish it with the linked report's release, to that report's audience")
    .option("--notes <file.md>", "the episode's notes, from a Markdown file")
    .option("--episode <episode-id>", "replace this existing episode's audio instead of making a new draft")
  addUrlFlag(upload)
  addJsonFlag(upload)
  addExamples(upload, [
    ["folio podcasts upload ep12.mp3 --show 'Macro Weekly'", "a draft titled ep12"],
    [
      "folio podcasts upload walkthrough.m4a --show 'Macro Weekly' --title 'Q3 walkthrough' --report 8d0f… --follow-report",
      "published with its report",
    ],
    ["folio podcasts upload ep12-fixed.mp3 --episode 3f0c2a9e-…", "replace an episode's audio"],
    [
      "folio podcasts upload ep12.mp3 --show 'Macro Weekly' --json | jq -r .episode.id",
      "the new episode's id",
    ],
  ])
  upload.action(
    action(async (command, out) => {
      const { runCli, withProgress, renderNote, upload: service, ui, progress } = await load()
      const prepared = await withProgress(
        "Preparing the episode…",
        runCli(
          service.prepareUpload({
            url: stringFlag(command, "url"),
            file: command.args[0] ?? "",
            show: stringFlag(command, "show"),
            title: stringFlag(command, "title"),
            report: stringFlag(command, "report"),
            followReport: booleanFlag(command, "followReport"),
            notesFile: stringFlag(command, "notes"),
            episode: stringFlag(command, "episode"),
          }),
        ),
        out,
      )
      const reporter = await progress.uploadReporter(out, prepared.file)
      const started = performance.now()
      try {
        await service.sendAudio(prepared, reporter.onEvent)
      } catch (error) {
        reporter.close()
        if (error instanceof CliError && error.code !== "UploadFailed" && error.code !== "Cancelled") {
          const discarded = await runCli(service.discardDraft(prepared))
          if (discarded) renderNote(`The draft episode ${prepared.episode.id} was deleted again.`, out)
        }
        throw error
      }
      reporter.close()
      const result = await withProgress(
        "Reading what the server found in the file…",
        runCli(service.finishUpload(prepared, Math.round((performance.now() - started) / 100) / 10)),
        out,
      )
      await ui.renderUploaded(result, out)
      return 0
    }),
  )

  entityCommand(podcasts, {
    name: "publish",
    summary: "publish an episode now",
    description:
      "Publishes a draft episode now, to its audience: it appears on the listening page and in its listeners' " +
      "private feeds. It needs its audio. An episode that follows its linked report is published by the report's " +
      "release instead, and the server says so. Editors and admins.",
    options: (command) =>
      command.argument("<episode-id>", "the episode's id (see `folio podcasts list --drafts`)"),
    examples: [
      ["folio podcasts publish 3f0c2a9e-…", ""],
      ["folio podcasts publish 3f0c2a9e-… --json | jq -r .episode.publishedAt", "when it was published"],
    ],
    progress: "Publishing…",
    input: (command) => ({ id: command.args[0] ?? "" }),
    load: async () => {
      const [service, ui] = await Promise.all([
        import("../services/podcasts.js"),
        import("../ui/podcasts.js"),
      ])
      return { run: service.publishEpisode, render: ui.renderPublished }
    },
  })
}
