import { EVIDENCE_KEYS_PATH } from "./evidence-keys.ts";
import {
  ASSISTANT_EVENTS_PATH,
  CALL_CHECKS_PATH,
  LEAD_INTAKE_PATH,
  LEADS_PATH,
  OPENAPI_PATH,
} from "./limits.ts";
import { sharedComponents } from "./openapi/components.ts";
import { findLeadPath } from "./openapi/find-lead.ts";
import { getEvidenceKeysPath } from "./openapi/get-evidence-keys.ts";
import { getLeadPath } from "./openapi/get-lead.ts";
import { getLeadEvidencePath } from "./openapi/get-lead-evidence.ts";
import { getOpenApiDocumentPath } from "./openapi/get-openapi-document.ts";
import { listRequestsPath } from "./openapi/list-requests.ts";
import { postAssistantEventPath } from "./openapi/post-assistant-event.ts";
import { postCallCheckPath } from "./openapi/post-call-check.ts";
import { postLeadPath } from "./openapi/post-lead.ts";
import { componentSchemaObjects, type Json } from "./openapi/schemas.ts";
import { webhooks } from "./openapi/webhooks.ts";
import { REQUESTS_PATH } from "./request-log.ts";
import { text } from "./text.ts";

const API_VERSION = "1.0.0";

export function buildOpenApiDocument(): Json {
  return {
    openapi: "3.1.1",
    info: {
      title: text("info.title", "Speed-to-Lead intake API"),
      version: API_VERSION,
      summary: text("info.summary", "Send leads from any application to the speed-to-lead service."),
      description: text(
        "info.description",
        "One inbound endpoint accepts leads (prospects) from any application, identified by a channel token. Every accepted lead gets the five-minute response: the service hands it to its phone assistant within five minutes of receipt (respond_by). The assistant calls only leads that carry a complete consent block and a phone, and never test leads. The same contract is described in English (this document) and in Spanish (?lang=es).",
      ),
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{base_url}",
        description: text("server.description", "Your deployment of the service."),
        variables: {
          base_url: {
            default: "http://localhost:3000",
            description: text("server.base_url.description", "Scheme, host and port of the service."),
          },
        },
      },
    ],
    tags: [
      { name: "leads", description: text("tag.leads.description", "Posting leads.") },
      {
        name: "assistant",
        description: text("tag.assistant.description", "What the phone assistant reports back."),
      },
      { name: "meta", description: text("tag.meta.description", "Describing the interface.") },
    ],
    security: [{ bearerAuth: [] }, { channelToken: [] }],
    paths: {
      [LEAD_INTAKE_PATH]: postLeadPath(),
      [LEADS_PATH]: findLeadPath(),
      [`${LEADS_PATH}/{id}`]: getLeadPath(),
      [`${LEADS_PATH}/{id}/evidence`]: getLeadEvidencePath(),
      [REQUESTS_PATH]: listRequestsPath(),
      [ASSISTANT_EVENTS_PATH]: postAssistantEventPath(),
      [EVIDENCE_KEYS_PATH]: getEvidenceKeysPath(),
      [CALL_CHECKS_PATH]: postCallCheckPath(),
      [OPENAPI_PATH]: getOpenApiDocumentPath(),
    },
    webhooks: webhooks(),
    components: { ...sharedComponents(), schemas: componentSchemaObjects() },
  };
}
