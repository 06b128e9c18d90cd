import { type Delivery, plural } from "@folio/core"
import type { DeliveryList, RetriedDeliveries } from "../services/deliveries.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote } from "./render.js"
import { type Column, renderTable, type Tone } from "./table.js"
import { wallText } from "./times.js"

const statusTone = (delivery: Delivery): Tone | undefined =>
  delivery.status === "delivered"
    ? "green"
    : delivery.status === "failed"
      ? "yellow"
      : delivery.status === "dead"
        ? "red"
        : undefined

/** When it arrived, or when it is (next) due. */
const whenText = (delivery: Delivery): string =>
  delivery.deliveredAt !== null
    ? wallText(delivery.deliveredAt, "UTC")
    : delivery.nextAttemptAt !== null && (delivery.status === "pending" || delivery.status === "failed")
      ? `next ${wallText(delivery.nextAttemptAt, "UTC")}`
      : ""

const columns: ReadonlyArray<Column<Delivery>> = [
  { header: "STATUS", value: (delivery) => delivery.status, tone: statusTone },
  { header: "EVENT", value: (delivery) => delivery.event, optional: true },
  { header: "CHANNEL", value: (delivery) => delivery.channelName },
  {
    header: "REPORT",
    value: (delivery) => delivery.reportTitle ?? "",
    flexible: true,
  },
  {
    header: "TIER",
    value: (delivery) => (delivery.tierHours === 0 ? "0h" : `+${delivery.tierHours}h`),
    optional: true,
  },
  { header: "TRIES", value: (delivery) => String(delivery.attempts) },
  { header: "WHEN (UTC)", value: whenText, optional: true },
  {
    header: "LAST ERROR",
    value: (delivery) => delivery.lastError ?? "",
    tone: () => "red",
    optional: true,
  },
  { header: "ID", value: (delivery) => delivery.id, tone: () => "gray" },
]

export const renderDeliveryList = async (result: DeliveryList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.deliveries.length === 0) renderNote("No deliveries match.", out)
  else await renderTable(columns, result.deliveries, out)
  renderMoreNote("deliveries", result.nextCursor, out)
}

export const renderRetried = (result: RetriedDeliveries, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const what =
    result.ids === null
      ? `dead deliveries${result.channel === null ? "" : ` of "${result.channel}"`}`
      : "deliveries"
  renderDone(
    result.retried === 0
      ? `No ${what} to retry.`
      : `Retrying ${plural(result.retried, what.replace("deliveries", "delivery"), what)} now; follow them with \`folio deliveries list\`.`,
    out,
  )
}
