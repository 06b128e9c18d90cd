import { Conflict, type Report, ValidationError } from "@folio/core"
import { useQueryClient } from "@tanstack/react-query"
import { useBlocker, useNavigate } from "@tanstack/react-router"
import { Either } from "effect"
import { useCallback, useEffect, useRef, useState } from "react"
import { createReport, reportKeys, reportQueryOptions, updateReport } from "../../../../../api/reports"
import { type FormErrors, serverFormErrors } from "../../directory/forms"
import { useMe } from "../../directory/permissions"
import {
  changedFields,
  createRequest,
  type EditorValues,
  emptyValues,
  type IssueField,
  issueFields,
  updateRequest,
  valuesOf,
} from "./model"

export type SaveStatus =
  | { readonly kind: "idle" }
  | { readonly kind: "saving" }
  | { readonly kind: "invalid"; readonly errors: FormErrors<IssueField> }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "conflict"; readonly theirs: Report }

export interface Saved {
  readonly values: EditorValues
  readonly version: number
  readonly at: Date | null
}

/**
 * A new report's editor hands its state to the edit route once the draft exists, so whatever was
 * typed while the first save was on its way is still there after the address changes.
 */
const handoffs = new Map<string, { readonly values: EditorValues; readonly saved: Saved }>()

const autosaveDelayMs = 1200

/** The editor's values and their saving: autosave, Ctrl/Cmd-S, conflicts and the guard on leaving. */
export const useReportSave = (report: Report | null, draft?: Partial<EditorValues>) => {
  const me = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const id = report?.id ?? null
  const [start] = useState(() => {
    const handoff = id === null ? undefined : handoffs.get(id)
    if (id !== null) handoffs.delete(id)
    if (handoff && report && handoff.saved.version === report.version) return handoff
    const values = report ? valuesOf(report) : emptyValues(me)
    // A new report started from elsewhere (an AI run's answer) begins with that text, unsaved.
    const initial = report === null && draft !== undefined ? { ...values, ...draft } : values
    return { values: initial, saved: { values, version: report?.version ?? 0, at: null } }
  })
  const [values, setValues] = useState<EditorValues>(start.values)
  const [saved, setSaved] = useState<Saved>(start.saved)
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" })

  const valuesRef = useRef(values)
  const savedRef = useRef(saved)
  const statusRef = useRef(status)
  valuesRef.current = values
  savedRef.current = saved
  statusRef.current = status
  const inFlight = useRef(false)
  /** The update on its way, if any: the session's last save waits for it and builds on its version. */
  const pending = useRef<Promise<unknown> | null>(null)
  const leaving = useRef(false)
  /**
   * Whether this editor has a session open on the server: a revision its saves keep extending
   * (a new draft's first save opens one). The server closes it after an idle gap in any case.
   */
  const sessionOpen = useRef(start.saved.at !== null)

  const dirty = changedFields(saved.values, values).length > 0
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  // Drafts save themselves; a report in review or published changes only when asked (others see
  // each save).
  const autosave = report === null || report.status === "draft"
  const autosaveRef = useRef(autosave)
  autosaveRef.current = autosave

  const fail = useCallback(
    async (error: unknown, base: Saved) => {
      if (error instanceof Conflict && id !== null) {
        const theirs = await queryClient
          .fetchQuery({ ...reportQueryOptions(id), staleTime: 0 })
          .catch(() => undefined)
        if (theirs && theirs.version !== base.version) {
          setStatus({ kind: "conflict", theirs })
          return
        }
      }
      if (error instanceof ValidationError) {
        setStatus({ kind: "invalid", errors: serverFormErrors(error, issueFields) })
        return
      }
      setStatus({ kind: "failed", message: serverFormErrors(error, []).form ?? "Unknown error" })
    },
    [id, queryClient],
  )

  /** Saves what is on screen now. Returns true when nothing is left unsaved. */
  const save = useCallback(
    async (reason: "auto" | "manual"): Promise<boolean> => {
      if (inFlight.current || statusRef.current.kind === "conflict") return false
      const current = valuesRef.current
      const base = savedRef.current
      if (id === null) {
        const request = createRequest(current)
        if (Either.isLeft(request)) {
          // While a new report is being started, say what is missing only when asked to save.
          if (reason === "manual") setStatus({ kind: "invalid", errors: request.left })
          return false
        }
        inFlight.current = true
        setStatus({ kind: "saving" })
        try {
          const created = await createReport(request.right)
          queryClient.setQueryData(reportKeys.detail(created.id), created)
          void queryClient.invalidateQueries({ queryKey: reportKeys.lists() })
          handoffs.set(created.id, {
            values: valuesRef.current,
            saved: { values: current, version: created.version, at: new Date() },
          })
          leaving.current = true
          await navigate({ to: "/reports/$reportId/edit", params: { reportId: created.id }, replace: true })
          return true
        } catch (error) {
          await fail(error, base)
          return false
        } finally {
          inFlight.current = false
        }
      }
      const fields = changedFields(base.values, current)
      if (fields.length === 0) {
        setStatus({ kind: "idle" })
        return true
      }
      const request = updateRequest(current, fields, base.version)
      if (Either.isLeft(request)) {
        setStatus({ kind: "invalid", errors: request.left })
        return false
      }
      inFlight.current = true
      setStatus({ kind: "saving" })
      try {
        const call = updateReport(id, request.right)
        pending.current = call
        const updated = await call
        const next = { values: current, version: updated.version, at: new Date() }
        savedRef.current = next
        sessionOpen.current = true
        setSaved(next)
        queryClient.setQueryData(reportKeys.detail(id), updated)
        void queryClient.invalidateQueries({ queryKey: reportKeys.lists() })
        void queryClient.invalidateQueries({ queryKey: reportKeys.revisions(id) })
        setStatus({ kind: "idle" })
        return changedFields(next.values, valuesRef.current).length === 0
      } catch (error) {
        await fail(error, base)
        return false
      } finally {
        inFlight.current = false
        pending.current = null
      }
    },
    [id, navigate, queryClient, fail],
  )

  /**
   * The session's last save, when the editor goes away (leaving it, or the page closing): what is
   * still unsaved (of a draft: other reports change only when asked), or else only the word that
   * the session ends, so the server closes its revision and the next edit starts a new one.
   * `keepalive` lets it outlive a closing page.
   */
  const endSession = useCallback(
    (keepalive: boolean) => {
      if (id === null) return
      const send = () => {
        if (statusRef.current.kind === "conflict") return
        const base = savedRef.current
        const fields = autosaveRef.current ? changedFields(base.values, valuesRef.current) : []
        if (fields.length === 0 && !sessionOpen.current) return
        const request = updateRequest(valuesRef.current, fields, base.version)
        // Changes that cannot be saved were the leaving guard's question.
        if (Either.isLeft(request)) return
        sessionOpen.current = false
        updateReport(id, { ...request.right, endSession: true }, { keepalive }).then(
          (updated) => {
            if (fields.length === 0) return
            savedRef.current = { values: valuesRef.current, version: updated.version, at: new Date() }
            queryClient.setQueryData(reportKeys.detail(id), updated)
            void queryClient.invalidateQueries({ queryKey: reportKeys.lists() })
            void queryClient.invalidateQueries({ queryKey: reportKeys.revisions(id) })
          },
          // Left behind: the server ends the session after its idle gap anyway.
          () => undefined,
        )
      }
      const before = pending.current
      if (before === null) send()
      else void before.then(send, send)
    },
    [id, queryClient],
  )

  useEffect(() => {
    const onPageHide = () => endSession(true)
    window.addEventListener("pagehide", onPageHide)
    return () => {
      window.removeEventListener("pagehide", onPageHide)
      endSession(false)
    }
  }, [endSession])

  // Autosave: a pause in typing saves a draft (and retries after a failure on the next change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the values restarts the pause
  useEffect(() => {
    if (!autosave || !dirty || status.kind === "conflict" || status.kind === "saving") return
    const timer = window.setTimeout(() => void save("auto"), autosaveDelayMs)
    return () => window.clearTimeout(timer)
  }, [values, dirty, autosave, status.kind, save])

  // Ctrl/Cmd-S saves now, wherever the focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault()
        void save("manual")
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [save])

  /** Whether what is unsaved goes with the session's last save on leaving (else leaving asks first). */
  const unsavedGoesAlong = () => {
    if (id === null || !autosave || inFlight.current || statusRef.current.kind === "conflict") return false
    const base = savedRef.current
    return Either.isRight(
      updateRequest(valuesRef.current, changedFields(base.values, valuesRef.current), base.version),
    )
  }

  useBlocker({
    shouldBlockFn: () =>
      !leaving.current &&
      dirtyRef.current &&
      !unsavedGoesAlong() &&
      !window.confirm("Leave the editor? Changes that are not saved yet will be lost."),
    enableBeforeUnload: () => !leaving.current && dirtyRef.current,
  })

  const resolveConflict = (next: EditorValues, andSave: boolean) => {
    if (status.kind !== "conflict") return
    const theirs = status.theirs
    const base = { values: valuesOf(theirs), version: theirs.version, at: theirs.updatedAt }
    savedRef.current = base
    valuesRef.current = next
    statusRef.current = { kind: "idle" }
    setSaved(base)
    setValues(next)
    setStatus({ kind: "idle" })
    queryClient.setQueryData(reportKeys.detail(theirs.id), theirs)
    if (andSave) void save("manual")
  }

  const done = async () => {
    if (await save("manual")) {
      leaving.current = true
      if (id !== null) await navigate({ to: "/reports/$reportId", params: { reportId: id } })
    }
  }

  const retry = () => {
    setStatus({ kind: "idle" })
    statusRef.current = { kind: "idle" }
    void save("manual")
  }

  return { values, setValues, saved, status, dirty, autosave, save, retry, resolveConflict, done }
}
