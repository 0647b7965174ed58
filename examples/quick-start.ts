// Quick start: send one lead with consent, so the assistant may call it within five minutes.
// Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… bun examples/quick-start.ts
import { consentBlock, createLeadClient } from "@speed-to-lead/sdk";

const client = createLeadClient({ baseUrl: process.env.STL_BASE_URL!, token: process.env.STL_TOKEN! });
const lead = await client.postLead({
  phone: "(415) 555-2671",
  first_name: "Ana",
  consent: consentBlock({ source: "webform:/contact", reference: "sub_8812", capturedAt: new Date() }),
});
console.log(`lead ${lead.id}: call eligible ${lead.callEligible}, respond by ${lead.respondBy}`);
