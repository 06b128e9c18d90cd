import type { Coverage } from "@folio/core"
import { Text, Textarea } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { coverageKeys, dropCoverage } from "../../../../api/coverage"
import { ConfirmModal } from "../directory/ConfirmModal"

/**
 * Asks before ending coverage; the row and its history stay (listed with "Include dropped"). The
 * server's refusal stays in the dialog.
 */
export const DropCoverageModal = ({
  row,
  onClose,
}: {
  readonly row: Coverage | undefined
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const [note, setNote] = useState("")
  const drop = useMutation({
    mutationFn: (target: Coverage) =>
      dropCoverage({
        symbol: target.symbol,
        analystId: target.analystId,
        ...(note.trim() === "" ? {} : { note: note.trim() }),
      }),
    onSuccess: async (dropped) => {
      await queryClient.invalidateQueries({ queryKey: coverageKeys.all })
      notifications.show({
        color: "teal",
        title: "Coverage dropped",
        message: `${dropped.symbol} · ${dropped.analystName}`,
      })
      setNote("")
      onClose()
    },
  })
  const close = () => {
    if (drop.isPending) return
    drop.reset()
    setNote("")
    onClose()
  }
  return (
    <ConfirmModal
      opened={row !== undefined}
      onClose={close}
      title={row === undefined ? "Drop coverage" : `Drop coverage of ${row.symbol}?`}
      confirmLabel="Drop coverage"
      danger
      pending={drop.isPending}
      error={drop.error}
      onConfirm={() => row && drop.mutate(row)}
    >
      {row !== undefined && (
        <>
          <Text fz="sm">
            {row.analystName} stops covering {row.symbol} ({row.tickerName}). The call leaves the rating
            distribution; the row and its history are kept.
          </Text>
          <Textarea
            label="Note"
            description="Kept in the history, e.g. why coverage ends."
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </>
      )}
    </ConfirmModal>
  )
}
