// One ajv (JSON Schema 2020-12 + formats) over spec/openapi.json: the independent judge of every payload.
import openapi from "@speed-to-lead/spec/openapi.json" with { type: "json" };
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export const openapiDocument = openapi as unknown as {
  paths: Record<string, Record<string, any>>;
  components: Record<string, Record<string, any>>;
};

export const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(openapiDocument, "openapi");

export const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

const validators = new Map<string, ValidateFunction>();

/** The validator of the schema at a JSON Pointer into spec/openapi.json, compiled once. */
export function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    // encodeURI keeps "~1" and "/" but escapes what a URI fragment cannot hold.
    validate = ajv.compile({ $ref: `openapi#${encodeURI(pointer)}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/**
 * ajv's errors for a value against `#/components/schemas/<name>`; empty when valid.
 *
 * @example schemaErrors("LeadInput", { phone: "(415) 555-2671" }) // []
 */
export function schemaErrors(name: string, value: unknown): ErrorObject[] {
  const validate = validatorAt(`/components/schemas/${escapePointer(name)}`);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}
