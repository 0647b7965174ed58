// The OpenAPI component schemas: every named TypeBox schema as plain JSON Schema, nested names as $ref.
import type { TSchema } from "@sinclair/typebox";
import { AssistantEventReceivedSchema, AssistantEventSchema } from "../assistant-event.ts";
import { CallCapSchema } from "../call-cap.ts";
import { CallCheckAnswerSchema, CallCheckReasonSchema, CallCheckSchema } from "../call-check.ts";
import { ConsentSchema } from "../consent.ts";
import { EvidenceKeySetSchema } from "../evidence-keys.ts";
import { EvidenceEntrySchema, EvidenceRecordSchema } from "../evidence-record.ts";
import { CallWindowSchema, HandoffPayloadSchema } from "../handoff-payload.ts";
import { LeadInputSchema } from "../lead.ts";
import { LeadAcceptedSchema } from "../lead-accepted.ts";
import { HandoffAttemptSchema, LeadStatusSchema } from "../lead-status.ts";
import { FieldErrorSchema, ProblemSchema } from "../problem.ts";
import { ResponseStateSchema } from "../response-state.ts";
import { LeadSourceSchema } from "../sources.ts";
import { StatusCallbackSchema } from "../status-callback.ts";
import { StoredLeadSchema } from "../stored-lead.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const COMPONENT_MARK = "x-component";

/** TypeBox writes a union of string literals as anyOf of consts; `enum` says the same and reads better in tools. */
function literalUnionAsEnum(node: { [key: string]: Json }): { [key: string]: Json } {
  const members = node.anyOf;
  const isStringConst = (member: Json) =>
    member !== null &&
    typeof member === "object" &&
    !Array.isArray(member) &&
    typeof member.const === "string";
  if (!Array.isArray(members) || members.length === 0 || !members.every(isStringConst)) return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, type: "string", enum: members.map((member) => (member as { const: string }).const) };
}

/** TypeBox schema → plain JSON Schema, with every nested named schema replaced by a $ref. */
function toComponent(schema: TSchema): Json {
  const plain = JSON.parse(JSON.stringify(schema)) as Json;
  const replaceNested = (node: Json, isRoot: boolean): Json => {
    if (Array.isArray(node)) return node.map((item) => replaceNested(item, false));
    if (node === null || typeof node !== "object") return node;
    const name = node[COMPONENT_MARK];
    if (!isRoot && typeof name === "string") return { $ref: `#/components/schemas/${name}` };
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== COMPONENT_MARK) out[key] = replaceNested(value, false);
    }
    return literalUnionAsEnum(out);
  };
  return replaceNested(plain, true);
}

const componentSchemas = [
  LeadInputSchema,
  ConsentSchema,
  StoredLeadSchema,
  LeadSourceSchema,
  ResponseStateSchema,
  LeadAcceptedSchema,
  ProblemSchema,
  FieldErrorSchema,
  AssistantEventSchema,
  AssistantEventReceivedSchema,
  CallCheckSchema,
  CallCheckAnswerSchema,
  CallCheckReasonSchema,
  CallCapSchema,
  LeadStatusSchema,
  HandoffAttemptSchema,
  HandoffPayloadSchema,
  CallWindowSchema,
  StatusCallbackSchema,
  EvidenceRecordSchema,
  EvidenceEntrySchema,
  EvidenceKeySetSchema,
];

/** Every component schema by its name. */
export function componentSchemaObjects(): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const schema of componentSchemas) {
    const name = (schema as Record<string, unknown>)[COMPONENT_MARK] as string;
    schemas[name] = toComponent(schema);
  }
  return schemas;
}
