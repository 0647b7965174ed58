// An independent JSON Schema validator (ajv, draft 2020-12) over the built OpenAPI document's components.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import openapi from "../openapi.json" with { type: "json" };

/** Validates values against `#/components/schemas/<name>` of spec/openapi.json, not against TypeBox. */
export function componentValidator(document: object = openapi) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`no component schema ${name}`);
    const valid = validate(value) as boolean;
    return { valid, errors: validate.errors ?? [] };
  };
}
