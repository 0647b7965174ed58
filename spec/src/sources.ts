// The closed list of lead sources; anything else a sender writes is stored as "form".
import { literalUnion } from "./literal-union.ts";
import { text } from "./text.ts";

export const LEAD_SOURCES = [
  "form",
  "chatbot",
  "api",
  "hosted_page",
  "sms_inbound",
  "voice_inbound",
  "partner",
  "zapier",
  "import",
  "email",
  "meta_lead_ad",
  "ai_shopper",
  "fb_messenger",
  "ig_dm",
  "whatsapp",
] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The source used when the submitted one is not in LEAD_SOURCES. */
export const FALLBACK_SOURCE: LeadSource = "form";

export const LeadSourceSchema = literalUnion(LEAD_SOURCES, {
  "x-component": "LeadSource",
  description: text(
    "LeadSource.description",
    "Where the lead came from, after the fallback: one of the known sources.",
  ),
});
