// Generates src/generated/schema.d.ts from spec/openapi.json; with --check, fails when the committed file is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

const sdkRoot = join(import.meta.dir, "..");
const inputArg = process.argv.indexOf("--input");
const input = inputArg > 0 ? process.argv[inputArg + 1]! : join(sdkRoot, "../spec/openapi.json");
const output = join(sdkRoot, "src/generated/schema.d.ts");

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * openapi-typescript renders `{ properties, anyOf: [{ required: [a] }, { required: [b] }] }` as
 * `Fields | unknown | unknown`, which collapses to `unknown` (LeadInput's "phone or email" rule).
 * The equivalent `allOf: [{ properties }, { anyOf: [{ required: [a], properties: { a } }, …] }]` renders
 * as `Fields & ({ a: … } | { b: … })`, so we rewrite that shape before generating. Validation semantics
 * are unchanged; a no-op once the spec itself uses the allOf form.
 */
function intersectRequiredAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(intersectRequiredAnyOf);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = intersectRequiredAnyOf(value);
  const { anyOf, properties } = out;
  const requiredOnly = (branch: unknown) =>
    isObject(branch) && Array.isArray(branch.required) && Object.keys(branch).every((k) => k === "required");
  if (!isObject(properties) || !Array.isArray(anyOf) || !anyOf.every(requiredOnly)) return out;
  const { anyOf: _, ...fields } = out;
  const branches = (anyOf as { required: string[] }[]).map(({ required }) => ({
    required,
    properties: Object.fromEntries(required.map((name) => [name, properties[name] ?? {}])),
  }));
  const { description, ...rest } = fields;
  return { ...(description === undefined ? {} : { description }), allOf: [rest, { anyOf: branches }] };
}

const document = intersectRequiredAnyOf(JSON.parse(readFileSync(input, "utf8"))) as OpenAPI3;
const ast = await openapiTS(document, { defaultNonNullable: false });
const header = [
  "// generated — do not edit.",
  "// Source: spec/openapi.json through openapi-typescript --default-non-nullable false.",
  "// Regenerate with `bun run --cwd sdk generate`; `bun run --cwd sdk check` fails when this file is stale.",
  "",
].join("\n");
const text = `${header}${astToString(ast)}`;

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(output, "utf8");
  } catch {}
  if (current !== text) {
    console.error(
      "sdk/src/generated/schema.d.ts is out of date: run `bun run --cwd sdk generate` and commit it.",
    );
    process.exit(1);
  }
  console.log("sdk/src/generated/schema.d.ts matches spec/openapi.json.");
} else {
  writeFileSync(output, text);
  console.log(`wrote ${relative(process.cwd(), output)}`);
}
