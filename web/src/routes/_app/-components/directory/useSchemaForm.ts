import {
  type FormErrors as FieldErrorRecord,
  type UseFormInput,
  type UseFormReturnType,
  useForm,
} from "@mantine/form"
import { Schema } from "effect"
import { type FormEvent, type RefObject, useRef, useState } from "react"
import { type FormErrors, focusFirstInvalid, formErrorKey, schemaValidator, serverFormErrors } from "./forms"

type Values = Record<string, unknown>

export interface SchemaFormOptions<V extends Values, A, I> {
  /** The values the form starts from; their keys are the fields errors can land on. */
  readonly initialValues: V
  /** core's schema for the request: checked here first, as the server will decode it. */
  readonly schema: Schema.Schema<A, I>
  /** The request the values make (trimmed, optional fields null, a patch of what changed). */
  readonly toInput?: ((values: V) => unknown) | undefined
  /**
   * What must hold before the request can even be made (a date picked, a number typed): when any
   * of these fails, only they show.
   */
  readonly precheck?: ((values: V) => FieldErrorRecord) | undefined
  /** What the schema cannot say alone, checked on the request it decoded (one date after another). */
  readonly refine?: ((payload: A) => FieldErrorRecord) | undefined
  readonly onValuesChange?: UseFormInput<V>["onValuesChange"]
  readonly enhanceGetInputProps?: UseFormInput<V>["enhanceGetInputProps"]
}

export interface SchemaForm<V extends Values, A> {
  readonly form: UseFormReturnType<V>
  /** For the `<form>` element, so a failed submit moves the focus to the first invalid field. */
  readonly ref: RefObject<HTMLFormElement | null>
  /** The message about the whole form (the schema's or the server's), shown above the fields. */
  readonly formError: string | null
  /** The `<form>`'s submit handler: `send` gets the decoded request once every check passed. */
  readonly onSubmit: (send: (payload: A, values: V) => void) => (event?: FormEvent<HTMLFormElement>) => void
  /** Field errors and the form's message from elsewhere (the server), then the focus to the first. */
  readonly showErrors: (found: FormErrors<keyof V & string>) => void
  /** What the server answered, on the field it names (a 409 on `conflictField`'s) or above the form. */
  readonly showServerError: (
    error: unknown,
    conflictField?: (message: string) => (keyof V & string) | undefined,
  ) => void
  readonly clearErrors: () => void
}

const hasAny = (errors: FieldErrorRecord): boolean => Object.keys(errors).length > 0

/**
 * A `@mantine/form` form whose values are checked with core's schema, the one the server decodes
 * the request with: each issue lands on the field its path starts with, what concerns no field
 * above the form, and a failed submit moves the focus to the first invalid field.
 */
export const useSchemaForm = <V extends Values, A, I>({
  initialValues,
  schema,
  toInput = (values) => values,
  precheck,
  refine,
  onValuesChange,
  enhanceGetInputProps,
}: SchemaFormOptions<V, A, I>): SchemaForm<V, A> => {
  const ref = useRef<HTMLFormElement>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [fields] = useState(() => Object.keys(initialValues) as Array<keyof V & string>)
  const bySchema = schemaValidator(schema, fields, toInput)
  const check = (values: V): FieldErrorRecord => {
    const early = precheck?.(values) ?? {}
    if (hasAny(early)) return early
    const errors = bySchema(values)
    if (hasAny(errors) || refine === undefined) return errors
    return refine(Schema.decodeUnknownSync(schema)(toInput(values)))
  }
  const form = useForm<V>({
    initialValues,
    validate: check,
    ...(onValuesChange === undefined ? {} : { onValuesChange }),
    ...(enhanceGetInputProps === undefined ? {} : { enhanceGetInputProps }),
  })

  const showErrors = (found: FormErrors<keyof V & string>) => {
    form.setErrors(found.fields)
    setFormError(found.form)
    focusFirstInvalid(ref.current)
  }

  return {
    form,
    ref,
    formError,
    onSubmit: (send) =>
      form.onSubmit(
        (values) => {
          setFormError(null)
          send(Schema.decodeUnknownSync(schema)(toInput(values)), values)
        },
        (errors) => {
          const message = errors[formErrorKey]
          setFormError(typeof message === "string" ? message : null)
          focusFirstInvalid(ref.current)
        },
      ),
    showErrors,
    showServerError: (error, conflictField) => showErrors(serverFormErrors(error, fields, conflictField)),
    clearErrors: () => {
      form.clearErrors()
      setFormError(null)
    },
  }
}
