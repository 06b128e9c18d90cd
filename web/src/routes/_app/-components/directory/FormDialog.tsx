import { Alert, Button, Group, Modal, type ModalProps, Stack } from "@mantine/core"
import { type UseFormReturnType, useForm } from "@mantine/form"
import { type UseMutationResult, useMutation } from "@tanstack/react-query"
import { Schema } from "effect"
import { type ReactNode, useRef, useState } from "react"
import { AlertIcon } from "../../../../components/icons"
import { focusFirstInvalid, formErrorKey, schemaValidator, serverFormErrors } from "./forms"

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
  /** The field that has the focus when the dialog opens (the first of `initialValues` if not said). */
  readonly autofocus?: (keyof V & string) | undefined
  readonly submit: (payload: A) => Promise<R>
  /** True when there is nothing to send (an edit that changed nothing): the dialog just closes. */
  readonly isEmpty?: ((payload: A) => boolean) | undefined
  /** After the server said yes, before the dialog closes: caches, the notification, navigation. */
  readonly onSaved: (result: R) => unknown
  /** The field a 409 is about, from its message (it names the value); none puts it above the form. */
  readonly conflictField?: ((message: string) => (keyof V & string) | undefined) | undefined
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
  toInput = (values) => values,
  autofocus,
  isEmpty,
  conflictField,
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
  const element = useRef<HTMLFormElement>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [fields] = useState(() => Object.keys(initialValues) as Array<keyof V & string>)
  const focused = autofocus ?? fields[0]
  const form = useForm<V>({
    initialValues,
    validate: schemaValidator(schema, fields, toInput),
    enhanceGetInputProps: ({ field }) => (field === focused ? { "data-autofocus": true } : undefined),
  })

  const onSubmit = form.onSubmit(
    (values) => {
      setFormError(null)
      const payload = Schema.decodeUnknownSync(schema)(toInput(values))
      if (isEmpty?.(payload)) {
        onClose()
        return
      }
      mutation.mutate(payload, {
        onError: (error) => {
          const found = serverFormErrors(error, fields, conflictField)
          form.setErrors(found.fields)
          setFormError(found.form)
          focusFirstInvalid(element.current)
        },
      })
    },
    (errors) => {
      const message = errors[formErrorKey]
      setFormError(typeof message === "string" ? message : null)
      focusFirstInvalid(element.current)
    },
  )

  return (
    <form ref={element} onSubmit={onSubmit} noValidate>
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
