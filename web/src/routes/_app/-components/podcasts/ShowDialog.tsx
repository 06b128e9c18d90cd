import {
  artworkMaxBytes,
  CreateShow,
  type PodcastCategory,
  podcastCategories,
  type Show,
  UpdateShow,
} from "@folio/core"
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { createShow, podcastKeys, showArtworkUrl, updateShow, uploadArtwork } from "../../../../api/podcasts"
import { AlertIcon, UploadIcon } from "../../../../components/icons"
import { FormDialog } from "../directory/FormDialog"
import { podcastErrorText } from "./errors"
import { formatBytes } from "./format"

interface Values extends Record<string, unknown> {
  readonly title: string
  readonly description: string
  readonly language: string
  readonly category: PodcastCategory
  readonly explicit: boolean
}

const empty: Values = {
  title: "",
  description: "",
  language: "en",
  category: "Business > Investing",
  explicit: false,
}

const valuesOf = (show: Show): Values => ({
  title: show.title,
  description: show.description,
  language: show.language,
  category: show.category,
  explicit: show.explicit,
})

const patchOf = (show: Show) => (values: Values) => {
  const before = valuesOf(show)
  return Object.fromEntries(
    (Object.keys(values) as Array<keyof Values>)
      .filter((key) => values[key] !== before[key])
      .map((key) => [key, values[key]]),
  )
}

/** The show's square artwork: a preview, and a PNG or JPEG to replace it (sent at once). */
export const ArtworkField = ({ show }: { readonly show: Show }) => {
  const queryClient = useQueryClient()
  const [picked, setPicked] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [tooBig, setTooBig] = useState<string | null>(null)
  useEffect(() => {
    if (picked === null) return
    const url = URL.createObjectURL(picked)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [picked])
  const upload = useMutation({
    mutationFn: (file: File) => uploadArtwork(show.id, file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: podcastKeys.shows() })
      notifications.show({ color: "teal", title: "Artwork saved", message: show.title })
    },
  })
  const current = preview ?? showArtworkUrl(show)
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        Artwork
      </Text>
      <Group gap="md" align="flex-start" wrap="nowrap">
        {current !== null ? (
          <Image src={current} alt={`Artwork of ${show.title}`} w={96} h={96} radius="md" fit="cover" />
        ) : (
          <Text fz="xs" c="dimmed" w={96} h={96} bd="1px dashed var(--mantine-color-default-border)" p="xs">
            No artwork yet
          </Text>
        )}
        <Stack gap={6} miw={0}>
          <Text fz="xs" c="dimmed">
            A square PNG or JPEG, 1400–3000 px, at most {formatBytes(artworkMaxBytes)}.
          </Text>
          <FileButton
            accept="image/png,image/jpeg"
            onChange={(file) => {
              setTooBig(null)
              if (file === null) return
              if (file.size > artworkMaxBytes) {
                setTooBig(
                  `${file.name} is ${formatBytes(file.size)}; artwork may be at most ${formatBytes(artworkMaxBytes)}.`,
                )
                return
              }
              setPicked(file)
              upload.mutate(file)
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<UploadIcon size={14} />}
                loading={upload.isPending}
                w="fit-content"
              >
                {current === null ? "Upload artwork" : "Replace artwork"}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      {(tooBig !== null || upload.isError) && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {tooBig ?? podcastErrorText(upload.error)}
        </Alert>
      )}
    </Stack>
  )
}

const ShowFields = ({
  form,
  show,
}: {
  readonly form: UseFormReturnType<Values>
  readonly show: Show | undefined
}) => (
  <>
    <TextInput label="Title" required withAsterisk={false} maxLength={200} {...form.getInputProps("title")} />
    <Textarea
      label="Description"
      description="What podcast apps show on the show’s page."
      autosize
      minRows={3}
      maxRows={10}
      {...form.getInputProps("description")}
    />
    <Group grow align="flex-start" gap="sm">
      <TextInput
        label="Language"
        description="A tag such as en, en-GB or de"
        {...form.getInputProps("language")}
      />
      <Select
        label="Category"
        description="As podcast apps list it"
        data={[...podcastCategories]}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("category")}
      />
    </Group>
    <Switch label="Explicit content" {...form.getInputProps("explicit", { type: "checkbox" })} />
    {show !== undefined ? (
      <ArtworkField show={show} />
    ) : (
      <Text fz="sm" c="dimmed">
        Add the artwork once the show is created.
      </Text>
    )}
  </>
)

/** Create a show, or edit one (its artwork too). */
export const ShowDialog = ({
  opened,
  onClose,
  show,
  onCreated,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly show?: Show | undefined
  readonly onCreated?: (show: Show) => void
}) => {
  const queryClient = useQueryClient()
  const saved = async (result: Show) => {
    await queryClient.invalidateQueries({ queryKey: podcastKeys.shows() })
    notifications.show({ color: "teal", title: show ? "Show saved" : "Show created", message: result.title })
  }
  const common = {
    opened,
    onClose,
    size: "lg",
    children: (form: UseFormReturnType<Values>) => <ShowFields form={form} show={show} />,
  } as const
  return show === undefined ? (
    <FormDialog
      {...common}
      title="New show"
      formLabel="New show"
      initialValues={empty}
      schema={CreateShow}
      submit={createShow}
      errorTitle="Could not create the show"
      submitLabel="Create show"
      onSaved={async (created: Show) => {
        await saved(created)
        onCreated?.(created)
      }}
    />
  ) : (
    <FormDialog
      {...common}
      title={`Edit ${show.title}`}
      formLabel="Edit show"
      initialValues={valuesOf(show)}
      schema={UpdateShow}
      toInput={patchOf(show)}
      isEmpty={(patch) => Object.keys(patch).length === 0}
      submit={(patch: UpdateShow) => updateShow(show.id, patch)}
      errorTitle="Could not save"
      submitLabel="Save changes"
      onSaved={saved}
    />
  )
}
