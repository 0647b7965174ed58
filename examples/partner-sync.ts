// Partner sync: push a partner platform's leads, safely re-runnable after a crash.
// - external_lead_id + platform: one lead per partner record; sending it again updates it (created: false).
// - idempotencyKey.from(platform, id, version): the same key for the same version of a record, even after
//   a restart, so a retried send replays the first answer instead of acting twice. A new version gets a
//   new key (reusing a key with another payload is refused with idempotency_key_reused).
// - consent.captured_at comes from the record (when the person gave consent), never from the clock at
//   send time: a lead rebuilt from the same record version must be the same, or its key would be
//   refused as reused.
// - postLeads sends a few at a time, paced by the service's rate limit, and gives each record its outcome.
// Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… bun examples/partner-sync.ts
import {
  consentBlock,
  createLeadClient,
  idempotencyKey,
  type LeadInput,
  type LeadResult,
  postLeads,
} from "@speed-to-lead/sdk";

const PLATFORM = "acme-crm";

/** A record as the partner platform exports it. */
interface PartnerRecord {
  id: string;
  version: number;
  email: string;
  phone?: string;
  name: string;
  listing: string;
  /** When the person agreed to be called, as the partner recorded it. */
  consentedAt: string;
}

const client = createLeadClient({
  baseUrl: process.env.STL_BASE_URL ?? "http://localhost:3000",
  token: process.env.STL_TOKEN ?? "",
});

function toLead(record: PartnerRecord): LeadInput {
  return {
    email: record.email,
    phone: record.phone,
    first_name: record.name,
    property_ref: record.listing,
    source: "partner",
    platform: PLATFORM,
    external_lead_id: record.id,
    consent: consentBlock({ source: PLATFORM, reference: record.id, capturedAt: record.consentedAt }),
  };
}

function describeOutcome(result: LeadResult): string {
  if (result.replayed) return "already sent (replayed)";
  return result.created ? "created" : "updated existing lead";
}

async function sync(records: PartnerRecord[]): Promise<void> {
  const items = await postLeads(client, records.map(toLead), {
    concurrency: 4,
    idempotencyKey: (_lead, index) =>
      idempotencyKey.from(PLATFORM, records[index]!.id, records[index]!.version),
  });
  for (const item of items) {
    const { id, version } = records[item.index]!;
    if (item.ok) console.log(`${id} v${version}: ${describeOutcome(item.result)} → lead ${item.result.id}`);
    // The key is kept: sending the same record version again with it can never create a second lead.
    else
      console.log(
        `${id} v${version}: not sent (${String(item.error)}); retry with key ${item.idempotencyKey}`,
      );
  }
}

const exported: PartnerRecord[] = [
  {
    id: "A-10023",
    version: 1,
    email: "jordan@example.com",
    name: "Jordan",
    listing: "12 Oak St",
    consentedAt: "2025-06-01T15:04:00Z",
  },
  {
    id: "A-10024",
    version: 1,
    email: "sam@example.com",
    phone: "(512) 555-0187",
    name: "Sam",
    listing: "40 Elm Ave",
    consentedAt: "2025-06-02T09:30:00-05:00",
  },
];

console.log("first sync:");
await sync(exported);
console.log("the same export again (say, after a crash):");
await sync(exported);
console.log("A-10023 changed on the partner's side:");
await sync([{ ...exported[0]!, version: 2, phone: "(512) 555-0199" }]);
