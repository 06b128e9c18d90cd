import { Alert, Button, Group, Modal, type ModalProps, Stack } from "@mantine/core"
import type { FormErrors as FieldErrorRecord, UseFormReturnType } from "@mantine/form"
import { type UseMutationResult, useMutation } from "@tanstack/react-query"
import type { Schema } from "effect"
import type { ReactNode } from "react"
import { AlertIcon } from "../../../../components/icons"
import type { FormErrors } from "./forms"
import { useSchemaForm } from "./useSchemaForm"

type Values = Record<string, unknown>

export interface FormDialogProps<V extends Values, A, I, R> {
  readonly opened: boolean
  readonly onClose: () => void
  readonly title: ReactNode
  readonly size?: ModalProps["size"]
  /** A sentence above the form about what submitting it does. */
  readonly intro?: ReactNode
  /** The values the form starts from each time the dialog opens; their keys are the fields. */
  readonly initialValues: V
  /** core's schema for the request: checked here first, as the server will decode it. */
  readonly schema: Schema.Schema<A, I>
  /** The request the values make (trimmed, optional fields null, a patch of what changed). */
  readonly toInput?: ((values: V) => unknown) | undefined
  /** What must hold before the request can be made (a number typed): when any fails, only it shows. */
  readonly precheck?: ((values: V) => FieldErrorRecord) | undefined
  /** The field that has the focus when the dialog opens (the first of `initialValues` if not said). */
  readonly autofocus?: (keyof V & string) | undefined
  readonly submit: (payload: A) => Promise<R>
  /** True when there is nothing to send (an edit that changed nothing): the dialog just closes. */
  readonly isEmpty?: ((payload: A) => boolean) | undefined
  /** After the server said yes, before the dialog closes: caches, the notification, navigation. */
  readonly onSaved: (result: R) => unknown
  /** The field a 409 is about, from its message (it names the value); none puts it above the form. */
  readonly conflictField?: ((message: string) => (keyof V & string) | undefined) | undefined
  /** Where the server's refusal shows, when the dialog knows better than `conflictField` (given the values sent). */
  readonly serverErrors?: ((error: unknown, values: V) => FormErrors<keyof V & string>) | undefined
  /** The form's accessible name. */
  readonly formLabel?: string | undefined
  /** The title of the alert that shows an error about the whole form. */
  readonly errorTitle: string
  readonly submitLabel: string
  /** The fields, given the form: `form.getInputProps(name)` wires a value, its change and its error. */
  readonly children: (form: UseFormReturnType<V>) => ReactNode
}

/**
 * A dialog with one form: the values are checked with core's schema before the server is asked,
 * and what the server answers lands on the field it is about (or above the form). The focus goes
 * to the first field on open and to the first invalid one after a failed submit; Enter submits;
 * nothing closes it while the request is on its way.
 */
export const FormDialog = <V extends Values, A, I, R>(props: FormDialogProps<V, A, I, R>) => {
  const { opened, onClose, onSaved, submit, title, size = "lg" } = props
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result: R) => {
      await onSaved(result)
      onClose()
    },
  })
  const dismiss = () => {
    if (!mutation.isPending) onClose()
  }
  return (
    <Modal opened={opened} onClose={dismiss} title={title} centered size={size}>
      {/* The form lives inside the modal's content, so each opening starts from initialValues. */}
      <FormDialogForm {...props} mutation={mutation} dismiss={dismiss} />
    </Modal>
  )
}

const FormDialogForm = <V extends Values, A, I, R>({
  intro,
  initialValues,
  schema,
  toInput,
  precheck,
  autofocus,
  isEmpty,
  conflictField,
  serverErrors,
  formLabel,
  errorTitle,
  submitLabel,
  children,
  onClose,
  mutation,
  dismiss,
}: FormDialogProps<V, A, I, R> & {
  readonly mutation: UseMutationResult<R, unknown, A>
  readonly dismiss: () => void
}) => {
  const focused = autofocus ?? (Object.keys(initialValues)[0] as keyof V & string)
  const { form, ref, formError, onSubmit, showErrors, showServerError } = useSchemaForm<V, A, I>({
    initialValues,
    schema,
    toInput,
    precheck,
    enhanceGetInputProps: ({ field }) => (field === focused ? { "data-autofocus": true } : undefined),
  })

  const submit = onSubmit((payload, values) => {
    if (isEmpty?.(payload)) {
      onClose()
      return
    }
    mutation.mutate(payload, {
      onError: (error) =>
        serverErrors === undefined
          ? showServerError(error, conflictField)
          : showErrors(serverErrors(error, values)),
    })
  })

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {intro}
        {formError !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title={errorTitle}>
            {formError}
          </Alert>
        )}
        {children(form)}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={dismiss}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
