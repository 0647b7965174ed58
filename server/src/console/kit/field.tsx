// A labelled form field with its hint and its error message beside it (linked by aria-describedby).

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "date";
  value?: string;
  hint?: string;
  error?: string;
  autocomplete?: string;
  maxlength?: number;
  required?: boolean;
}

export function Field(props: FieldProps): JSX.Element {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={props.error ? "field invalid" : "field"}>
      <label for={props.id} safe>
        {props.label}
      </label>
      {props.hint ? (
        <p class="hint" id={hintId} safe>
          {props.hint}
        </p>
      ) : (
        ""
      )}
      {props.error ? (
        <p class="error" id={errorId} safe>
          {props.error}
        </p>
      ) : (
        ""
      )}
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autocomplete={props.autocomplete}
        maxlength={props.maxlength}
        required={props.required}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
