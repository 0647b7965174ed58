// Senders follow their leads: GET /api/speed-to-lead/leads/{id} (and …/{id}/evidence) and GET /api/speed-to-lead/leads?platform=…&external_lead_id=….
import { LEADS_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import { evidenceRecord } from "../../core/handoff/evidence-record.ts";
import { handleLeadStatus, type LeadStatusDeps } from "./lead-status-handler.ts";

export function leadStatus(deps: LeadStatusDeps) {
  return new Elysia({ name: "lead-status" })
    .get(LEADS_PATH, ({ request }) =>
      handleLeadStatus(deps, request, { query: new URL(request.url).searchParams }),
    )
    .get(`${LEADS_PATH}/:id`, ({ request, params }) => handleLeadStatus(deps, request, { id: params.id }))
    .get(`${LEADS_PATH}/:id/evidence`, ({ request, params }) =>
      handleLeadStatus(deps, request, { id: params.id }, (db, lead) =>
        deps.evidenceKey().then((key) => evidenceRecord(db, lead, key)),
      ),
    );
}
