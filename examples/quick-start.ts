// Quick start: send one lead with consent, so the assistant may call it within five minutes.
// Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… bun examples/quick-start.ts
import { consentBlock, createLeadClient } from "@speed-to-lead/sdk";

// baseUrl and token come from STL_BASE_URL and STL_TOKEN (Node, Bun, Deno); pass them to set them in code.
const client = createLeadClient();

// What the form handler stored when the person submitted the form. Consent was given at that moment:
// captured_at comes from the stored submission, never from the clock at send time.
const submission = { id: "sub_8812", phone: "(415) 555-2671", firstName: "Ana", submittedAt: new Date() };

const lead = await client.postLead({
  phone: submission.phone,
  first_name: submission.firstName,
  consent: consentBlock({
    source: "webform:/contact",
    reference: submission.id,
    capturedAt: submission.submittedAt,
  }),
});
console.log(`lead ${lead.id}: call eligible ${lead.callEligible}, respond by ${lead.respondBy}`);
