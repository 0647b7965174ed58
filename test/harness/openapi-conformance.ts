// Checks a live HTTP response (status, headers, body) against spec/openapi.json with ajv, never the server's TypeBox.
import { PROBLEM_CODES, problemType } from "@speed-to-lead/spec";
import { expect } from "vitest";
import { ajv, escapePointer, openapiDocument, validatorAt } from "./spec-ajv.ts";

export type OperationId =
  | "postLead"
  | "postAssistantEvent"
  | "getOpenApiDocument"
  | "getLead"
  | "findLead"
  | "listRequests";

/** A response read once, so tests can look at it after the check. */
export interface CheckedResponse<Body = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON (every documented body is JSON); undefined only when the check already failed. */
  body: Body;
  text: string;
}

export interface ConformanceOptions {
  /** true: this must be an idempotent replay; false: it must not be; undefined: either. */
  replayed?: boolean;
}

interface MediaObject {
  schema: object;
}
interface HeaderObject {
  schema: object;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}

const document = openapiDocument as unknown as {
  paths: Record<string, Record<string, OperationObject>>;
  components: { headers: Record<string, HeaderObject> };
};

/** JSON Pointer of each operation, found by operationId so a renamed path cannot silently skip checks. */
const operations = new Map<string, { pointer: string; operation: OperationObject }>();
for (const [path, item] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    operations.set(operation.operationId, {
      pointer: `/paths/${escapePointer(path)}/${method}`,
      operation,
    });
  }
}

/** The header object and the JSON Pointer of its schema, following a $ref into components. */
function resolveHeader(header: HeaderObject | { $ref: string }, inlinePointer: string) {
  if ("$ref" in header) {
    const name = header.$ref.split("/").pop()!;
    return {
      header: document.components.headers[name]!,
      schemaPointer: `/components/headers/${escapePointer(name)}/schema`,
    };
  }
  return { header, schemaPointer: `${inlinePointer}/schema` };
}

/**
 * Headers whose presence the spec promises, beyond being listed: every 401 and 403 (a token's scope too
 * narrow) carries WWW-Authenticate, 405 names Allow, 409/429/503 tell the client to wait Retry-After seconds,
 * and every response carries X-Request-Id. RateLimit-* are promised on 429; on 2xx they are checked when sent.
 */
const PROMISED_HEADERS: Record<string, string[]> = {
  "401": ["WWW-Authenticate"],
  "403": ["WWW-Authenticate"],
  "405": ["Allow"],
  "409": ["Retry-After"],
  "429": ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
  "503": ["Retry-After"],
};

/** Header values are text; integer schemas get the number when the text is a plain decimal. */
function headerValue(text: string, schema: { type?: string }): unknown {
  if (schema.type === "integer" && /^\d+$/.test(text.trim())) return Number(text.trim());
  return text;
}

const mediaTypeEssence = (contentType: string | null) =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** Everything in the response that breaks spec/openapi.json; empty when it conforms. */
export function conformanceViolations(
  response: { status: number; headers: Headers; text: string },
  operationId: OperationId,
  options: ConformanceOptions = {},
): { violations: string[]; body: unknown } {
  const found = operations.get(operationId);
  if (!found) throw new Error(`spec/openapi.json has no operation ${operationId}`);
  const status = String(response.status);
  const documented = found.operation.responses[status];
  if (!documented) {
    return {
      violations: [`status ${status} is not documented for ${operationId}: ${response.text.slice(0, 300)}`],
      body: undefined,
    };
  }
  const violations: string[] = [];
  const responsePointer = `${found.pointer}/responses/${status}`;

  // Headers: documented ones must match their schema; promised ones must be present.
  const documentedHeaders = documented.headers ?? {};
  for (const [name, reference] of Object.entries(documentedHeaders)) {
    const value = response.headers.get(name);
    if (value === null) continue;
    const { header, schemaPointer } = resolveHeader(
      reference,
      `${responsePointer}/headers/${escapePointer(name)}`,
    );
    const validate = validatorAt(schemaPointer);
    if (!validate(headerValue(value, header.schema as { type?: string }))) {
      violations.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
    }
  }
  const promised = ["X-Request-Id", ...(PROMISED_HEADERS[status] ?? [])];
  for (const name of promised.filter((candidate) => candidate in documentedHeaders)) {
    if (response.headers.get(name) === null) violations.push(`missing header ${name} on ${status}`);
  }
  const wwwAuthenticate = response.headers.get("WWW-Authenticate");
  if (["401", "403"].includes(status) && wwwAuthenticate !== null && !/^Bearer\b/i.test(wwwAuthenticate)) {
    violations.push(`WWW-Authenticate must name Bearer, got ${wwwAuthenticate}`);
  }
  const allow = response.headers.get("Allow");
  if (status === "405" && allow !== null && !/\bPOST\b/.test(allow)) {
    violations.push(`Allow must list POST, got ${allow}`);
  }

  // Idempotent-Replayed: only "true", only where documented, and only on replays.
  const replayed = response.headers.get("Idempotent-Replayed");
  if (replayed !== null && !("Idempotent-Replayed" in documentedHeaders)) {
    violations.push(`Idempotent-Replayed is not documented on ${status}`);
  }
  if (options.replayed === true && replayed !== "true") {
    violations.push(`a replay must carry Idempotent-Replayed: true, got ${replayed}`);
  }
  if (options.replayed === false && replayed !== null) {
    violations.push(`a first response must not carry Idempotent-Replayed, got ${replayed}`);
  }

  // Content type and body.
  const content = documented.content ?? {};
  const essence = mediaTypeEssence(response.headers.get("Content-Type"));
  const mediaType = Object.keys(content).find((candidate) => candidate.toLowerCase() === essence);
  if (!mediaType) {
    violations.push(
      `content type ${response.headers.get("Content-Type")} is not documented on ${status} (${Object.keys(content).join(", ")})`,
    );
    return { violations, body: undefined };
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    violations.push(`body is not JSON: ${response.text.slice(0, 200)}`);
    return { violations, body: undefined };
  }
  const validate = validatorAt(`${responsePointer}/content/${escapePointer(mediaType)}/schema`);
  if (!validate(body)) {
    violations.push(`body does not match the ${status} schema: ${ajv.errorsText(validate.errors)}`);
  }

  // What the schema descriptions promise about the body, beyond its shape.
  if (mediaType === "application/problem+json" && typeof body === "object" && body !== null) {
    const problem = body as { status?: unknown; code?: string; type?: unknown; request_id?: unknown };
    if (problem.status !== response.status) {
      violations.push(`problem status ${problem.status} differs from HTTP ${response.status}`);
    }
    const definition = PROBLEM_CODES[problem.code as keyof typeof PROBLEM_CODES];
    if (definition && definition.status !== response.status) {
      violations.push(`problem code ${problem.code} belongs to status ${definition.status}`);
    }
    if (problem.code && problem.type !== problemType(problem.code)) {
      violations.push(`problem type ${problem.type} is not ${problemType(problem.code)}`);
    }
    const requestId = response.headers.get("X-Request-Id");
    if (problem.request_id !== undefined && requestId !== null && problem.request_id !== requestId) {
      violations.push(`request_id ${problem.request_id} differs from X-Request-Id ${requestId}`);
    }
  }
  if (operationId === "postLead" && (status === "200" || status === "201")) {
    const accepted = body as { created?: unknown };
    if (accepted.created !== (status === "201")) {
      violations.push(`created: ${accepted.created} on ${status} (201 means created, 200 a repeat)`);
    }
  }
  return { violations, body };
}

/**
 * Reads the response and fails the test when it breaks spec/openapi.json for that operation.
 *
 * @example
 * const checked = await expectConformant(await fetch(url, init), "postLead", { replayed: false });
 * expect(checked.status).toBe(201);
 */
export async function expectConformant<Body = any>(
  response: Response,
  operationId: OperationId,
  options: ConformanceOptions = {},
): Promise<CheckedResponse<Body>> {
  const text = await response.text();
  const snapshot = { status: response.status, headers: response.headers, text };
  const { violations, body } = conformanceViolations(snapshot, operationId, options);
  expect(violations, `${operationId} → HTTP ${response.status}: ${violations.join("; ")}`).toEqual([]);
  return { status: response.status, headers: response.headers, body: body as Body, text };
}
