import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { type PreferenceKey, preferenceOn } from "./preferences.js"

/** One person's weekly digest: whom to, the week, the reports it lists and how many the week had. */
export interface DigestRow {
  readonly userId: string
  readonly email: string
  readonly name: string
  /** The week's first day, YYYY-MM-DD. */
  readonly weekOf: string
  readonly reportIds: ReadonlyArray<string>
  readonly total: number
}

/** A session a sign-in notice is about, with its user. */
export interface SignInRow {
  readonly userId: string
  readonly email: string
  readonly name: string
  readonly timezone: string
  readonly ip: string | null
  readonly userAgent: string | null
  readonly kind: "browser" | "cli"
  readonly createdAt: Date
}

/**
 * What the notices read and write: who gets the weekly digest and which reports it lists, the
 * digests sent (`digest_sends`), the new sign-in notice's job and the session it is about, and a
 * person's notification preferences as an unsubscribe link turns one off. Every statement runs on
 * the caller's connection, so a caller's transaction covers it; database errors are left to the
 * caller.
 */
export class NotificationsRepo extends Effect.Service<NotificationsRepo>()(
  "@folio/server/NotificationsRepo",
  {
    effect: Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      /**
       * Each active user with the digest on and none recorded for the week of `until` yet, with
       * the reports that became readable to them in [`since`, `until`): for a client reader,
       * published reports whose audience names them, once the entry's embargo passed, in a sector
       * their company is entitled to; for the publisher's people, every report published. The
       * newest `listed` are listed; `total` counts them all. Nobody with nothing to read is in it.
       */
      const digestsDue = (since: Date, until: Date, listed: number) =>
        sql<DigestRow>`
      with readers as (
        select u.id, u.email, u.name, u.company_id, c.kind, c.entitled_sectors
        from users u join companies c on c.id = u.company_id
        where u.status = 'active' and c.status = 'active' and ${preferenceOn(sql, "weeklyDigest")}
          and not exists (select 1 from digest_sends d
                          where d.user_id = u.id
                            and d.week_of = date_trunc('week', ${until}::timestamptz at time zone 'UTC')::date)),
      readable as (
        select rd.id as user_id, r.id as report_id, coalesce(opened.at, r.published_at) as at
        from readers rd
        join reports r on r.status = 'published'
          and r.published_at >= ${since}::timestamptz - interval '2160 hours'
          and r.published_at < ${until}
        left join lateral (
          select min(r.published_at + make_interval(hours => a.embargo_hours)) as at
          from report_audience a
          where rd.kind = 'client' and a.report_id = r.id
            and (a.company_id is null
                 or (a.company_id = rd.company_id
                     and (a.team_id is null
                          or exists (select 1 from team_members m where m.team_id = a.team_id and m.user_id = rd.id))))
        ) opened on true
        where case when rd.kind = 'publisher' then r.published_at >= ${since}
                   else (rd.entitled_sectors is null or r.sector = any(rd.entitled_sectors))
                        and opened.at >= ${since} and opened.at < ${until} end)
      select rd.id as user_id, rd.email, rd.name,
             to_char(date_trunc('week', ${until}::timestamptz at time zone 'UTC'), 'YYYY-MM-DD') as week_of,
             (array_agg(x.report_id order by x.at desc, x.report_id))[1:${listed}::int] as report_ids,
             count(*)::int as total
      from readable x join readers rd on rd.id = x.user_id
      group by rd.id, rd.email, rd.name`

      /** Records the person's digest for the week; false when it was recorded already (another run sends it). */
      const claimDigest = (userId: string, weekOf: string, reportCount: number) =>
        sql`
            insert into digest_sends (user_id, week_of, report_count)
            values (${userId}, ${weekOf}::date, ${reportCount})
            on conflict do nothing
            returning user_id`.pipe(Effect.map((claimed) => claimed.length > 0))

      /** Forgets the person's digest for the week, so that the next run sends it. */
      const releaseDigest = (userId: string, weekOf: string) =>
        sql`delete from digest_sends where user_id = ${userId} and week_of = ${weekOf}::date`

      /**
       * Queues the `sign_in_notice` job for the session when its user keeps the notice on and
       * another of their sessions exists, none of them with the same user agent.
       */
      const queueSignInNotice = (sessionId: string) =>
        sql`
      select graphile_worker.add_job('sign_in_notice', json_build_object('sessionId', s.id), max_attempts => 5)
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and ${preferenceOn(sql, "newSignIn")}
        and exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id)
        and not exists (select 1 from sessions o
                        where o.user_id = s.user_id and o.id <> s.id
                          and o.user_agent is not distinct from s.user_agent)`.pipe(Effect.asVoid)

      /** The session and its user, while the user is active and keeps the sign-in notice on. */
      const findSignIn = (sessionId: string) =>
        sql<SignInRow>`
      select u.id as user_id, u.email, u.name, u.timezone, s.ip, s.user_agent, s.kind, s.created_at
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and u.status = 'active' and ${preferenceOn(sql, "newSignIn")}`.pipe(
          Effect.map((rows) => Option.fromNullable(rows[0])),
        )

      /** Turns `key` off in the user's preferences; the user, none when there is no such user. */
      const turnOff = (userId: string, key: PreferenceKey) =>
        sql<{ id: string; email: string }>`
          update users set notification_prefs = notification_prefs || jsonb_build_object(${key}::text, false),
            updated_at = now()
          where id = ${userId}
          returning id, email`.pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

      return { digestsDue, claimDigest, releaseDigest, queueSignInNotice, findSignIn, turnOff } as const
    }),
  },
) {}
