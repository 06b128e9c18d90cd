import { Group, Text, ThemeIcon } from "@mantine/core"
import { CheckIcon } from "../../../../components/icons"

/** The empty state of a list of failures: nothing is wrong, said in one calm line. */
export const AllClear = ({
  title,
  description,
}: {
  readonly title: string
  readonly description: string
}) => (
  <Group gap="sm" wrap="nowrap" align="flex-start" role="status">
    <ThemeIcon
      size={28}
      radius="xl"
      variant="light"
      color="teal"
      aria-hidden="true"
      style={{ flexShrink: 0 }}
    >
      <CheckIcon size={16} />
    </ThemeIcon>
    <div>
      <Text fz="sm" fw={600}>
        {title}
      </Text>
      <Text fz="sm" c="dimmed">
        {description}
      </Text>
    </div>
  </Group>
)
