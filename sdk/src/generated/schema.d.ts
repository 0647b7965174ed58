// generated — do not edit.
// Source: spec/openapi.json through openapi-typescript --default-non-nullable false.
// Regenerate with `bun run --cwd sdk generate`; `bun run --cwd sdk check` fails when this file is stale.
export interface paths {
    "/api/speed-to-lead/channel-inbound.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post a lead
         * @description Stores the lead and schedules its five-minute response. The body is a JSON object of at most 65536 bytes. A new lead answers 201. A repeat of (platform, external_lead_id) in the same account answers 200 with created: false and the same id: newly supplied fields update the lead, it never gets a second five-minute response, and a complete consent block arriving later makes it call-eligible unless it is a test lead. A retry with the same idempotency key and the same payload replays the first response (same status and body) with Idempotent-Replayed: true; the same key with another payload is refused with idempotency_key_reused. Concurrent requests with one key never create two leads: later ones wait and replay, or get 409 idempotency_request_in_flight. Any method but POST answers 405 with Allow: POST. Human text in errors is Spanish when Accept-Language prefers es. An intake-only token (stl_pk_…, the kind in a web page, held by everyone who opens it) lives in its channel's own namespace (the token and the tokens rolled from it): its platform + external_lead_id and its idempotency keys never meet another token's, so it can never read, update, add consent to or mark as test a lead another token posted, and another channel's keys neither conflict with its own nor show. Its answers carry the lead's id, created, test, received_at, respond_by and ignored_fields, and otherwise only what the request itself sent: call_eligible and lead.response say what the sent fields alone permit, never what the do-not-call list, an earlier lead of the number or a bot check decided. A repeat from another token never adds or replaces the consent block of a lead first posted by another channel: it is kept as ignored, named in ignored_fields. A lead takes at most 60 repeats an hour (429 lead_repeats_limited for that lead only). A fresh lead posted through an intake-only token whose number had a call started by another lead of the account within the account's cool-down (24 hours by default) joins that lead's history instead of starting another call (response reason called_recently). An intake-only token may require a bot check (the form sends the widget's token in Bot-Check-Token), list a honeypot field and the origins it may be used from: a post from another Origin is 403 origin_not_allowed; a lead whose check failed or was missing, or whose honeypot was filled, is stored and answered alike but held from calls until an owner releases it (reason unverified).
         */
        post: operations["postLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find a lead by its external id
         * @description The lead of this account with this platform and external_lead_id, as getLead answers it, in the account's shared namespace (the leads its read tokens posted; a form's leads are read by id). A token that may read (stl_ch_…) reads its own channel's leads, and other channels' only when its owner allows it (else 404); an intake-only token (stl_pk_…) gets 403.
         */
        get: operations["findLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lead
         * @description The stored lead, its response state and its hand-off attempts (times and outcomes). A token of the lead's account that may read (stl_ch_…) reads it when its channel posted it, or when its owner lets it read other channels (read tokens made before that choice existed have it); else 404, like another account's lead. An intake-only token (stl_pk_…) gets 403. The ETag changes whenever any of it changes: send it back in If-None-Match to get 304 instead. Counts against the token's rate limit like a post.
         */
        get: operations["getLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/leads/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lead's evidence record
         * @description The lead's evidence record (schema EvidenceRecord): one JSON document signed with the service's Ed25519 key (public keys at GET /api/speed-to-lead/evidence-keys), made at each read (generated_at), with the consent as received, the token and time of arrival, every compliance decision with the rules that made it, each hand-off attempt, each assistant event, each do-not-call change of its number and its chained, append-only log. The same document as the owner's console download. Any channel token of the lead's account that may read (stl_ch_…) may ask; an intake-only token (stl_pk_…) gets 403, another account's lead 404. ETag and rate limit as getLead.
         */
        get: operations["getLeadEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the token's recent requests
         * @description What happened to each request that named this token, newest first: accepted posts, refusals (401 of a revoked or expired token, 403, 404, 409, 413, 422, 429) and reads, with the problem code, a 422's field pointers, the latency, dry run or replay, and the posted body's shape (field names and lengths, never a value). Only the calling token's own rows; kept 7 days and at most 10,000 rows per token by default. A token that may read (stl_ch_…) reads it; an intake-only token (stl_pk_…) gets 403. Counts against the token's rate limit like a post.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/assistant-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report an assistant event
         * @description For the service's own phone assistant, not for lead senders. Signed per Standard Webhooks with the secret the service signs its hand-offs with (ASSISTANT_WEBHOOK_SECRET): webhook-signature is v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">. A webhook-timestamp more than 300 seconds from the service's clock is refused, and so is a webhook-id already processed. lead.opted_out puts the number called on its account's do-not-call list: no lead of that account with that number is handed off again, pending and retrying hand-offs included (every hand-off checks the list in the same transaction that claims it: one claimed before the number went on the list may still arrive, and its lead then shows handed_off; none is claimed after). lead.wrong_number closes the number's pending hand-offs in that account: the consent given for it no longer counts; a later lead with a new consent may be called. Each event applies to the number called: the number the hand-off named by data.handoff_id offered, or data.phone (a number a hand-off of the lead offered), or else the number last offered to the assistant for the lead; never a phone the lead was given after the call. Events never create leads. The path answers 404 when the service has no assistant secret configured.
         */
        post: operations["postAssistantEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/evidence-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the evidence records' public keys
         * @description The JWKS (schema EvidenceKeySet) of every key lead evidence records were signed with: a record's signature names its key by kid. Needs no token, so a buyer, a lawyer or a court can fetch it; a copy kept with a record lets it be verified with no access to the service at all. Cacheable for five minutes.
         */
        get: operations["getEvidenceKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speed-to-lead/call-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask before dialling
         * @description For the service's own phone assistant: before each call it asks whether it may dial the hand-off's number now. Signed like the assistant's events (Standard Webhooks, ASSISTANT_WEBHOOK_SECRET; a webhook-timestamp more than 300 seconds off, or a webhook-id already processed, is refused). The answer holds for that instant: the calling hours, days and holidays of the number's rules, its call caps counted from the attempts reported so far (lead.call_attempted), the holds, the do-not-call list and wrong-number reports, all read at the check. A refusal lists every reason, with when each ends where it does. Every check is recorded on the lead's timeline and evidence record, at most 200 per hand-off. An allowed answer is not a reservation: report the call placed with lead.call_attempted, and ask again before the next one. The path answers 404 when the service has no assistant secret configured.
         */
        post: operations["postCallCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI document
         * @description The OpenAPI 3.1 description of the interface. English by default; Spanish with lang=es or when Accept-Language prefers es. Needs no token.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "lead.handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A lead handed to the assistant
         * @description Sent to ASSISTANT_WEBHOOK_URL for every response of every lead that is not a test lead and has a permitted way to be answered, within five minutes (by respond_by). A call is permitted only with a complete consent block and a phone whose number is neither on the account's do-not-call list nor reported as a wrong number; otherwise call.permitted is false with the reason, the payload carries no phone and no call window, and the assistant may answer by email. A lead with neither is not handed off.
         */
        post: operations["leadHandoff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.handed_off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A lead was handed off
         * @description A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.
         */
        post: operations["leadHandedOff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.missed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A lead's response was missed
         * @description A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.
         */
        post: operations["leadMissed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.not_called": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A lead gets no response
         * @description A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.
         */
        post: operations["leadNotCalled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A lead as a sender submits it. A phone or an email is required (contact_required). Unknown top-level fields are ignored: their values are not stored, and their names are listed in ignored_fields (the lead keeps the first 20 names, each cut to 64 characters, for its owner's console). Text cannot hold U+0000 or unpaired surrogates (pattern_mismatch), and no value may nest deeper than 32 levels (too_long): the database could not store them. */
        LeadInput: {
            /** @description A US phone number in any common format: E.164 (+14155552671), national ((415) 555-2671) or with a leading 1. Stored as E.164; an extension is dropped. Numbers of Canada and the other +1 countries are refused with phone_not_us; the US territories that share +1 (Puerto Rico, Guam, US Virgin Islands, Northern Mariana Islands, American Samoa) are accepted as US. */
            phone?: string;
            /**
             * Format: email
             * @description An email address.
             */
            email?: string;
            /** @description First name of the person. */
            first_name?: string;
            /** @description Last name of the person. */
            last_name?: string;
            /** @description Where the lead came from. Known values: form, chatbot, api, hosted_page, sms_inbound, voice_inbound, partner, zapier, import, email, meta_lead_ad, ai_shopper, fb_messenger, ig_dm, whatsapp. Any other value is accepted and stored as "form", with the value sent kept in the stored lead's source_original; an absent source is stored as "form" too. */
            source?: string;
            /** @description Short campaign tag: letters, digits, dots, dashes and underscores, 1 to 64 characters. */
            source_campaign?: string;
            /** @description What the person asked about: an address, a service or a listing. */
            property_ref?: string;
            /** @description A price the person mentioned, in whole dollars. */
            price?: number;
            /**
             * @description Language in which the person is answered: en or es.
             * @enum {string}
             */
            language?: "en" | "es";
            /** @description The person's time zone as an IANA name, such as America/Chicago. Names the server's time zone database does not know are refused with timezone_invalid. */
            timezone?: string;
            /**
             * @description The person's state as its USPS code (PA, DC, PR …), upper case. Like timezone and postal_code it only narrows the call window: the window is the hours permitted in every place the lead's phone and fields point at, under the rules of every state among them.
             * @enum {string}
             */
            state?: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "VI" | "GU" | "MP" | "AS";
            /** @description The person's US ZIP code (12345 or 12345-6789). Its state and zone, from a ZIP data set, narrow the call window; a ZIP the data set does not know narrows nothing. */
            postal_code?: string;
            /** @description Extra details stored with the lead, as key-value pairs. Values may be any JSON. */
            context?: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When the person reached out on the sender's side, ISO 8601 with a time zone.
             */
            source_event_at?: string;
            /** @description Sent again unchanged on a retry; the lead is then not created twice. The same value may come in the Idempotency-Key header instead; both present and different is refused with idempotency_key_mismatch. 1 to 255 visible ASCII characters, scoped to the account. */
            idempotency_key?: string;
            /** @description The sender's own identifier for the lead. Together with platform there is one lead per identifier in the account: a repeat answers 200 with created: false and the same id. Without platform it does not deduplicate. */
            external_lead_id?: string;
            /** @description Name of the sending system; used together with external_lead_id. */
            platform?: string;
            /** @description When true, the lead is a test lead: visible on arrival and never called. */
            test?: boolean;
            consent?: components["schemas"]["Consent"] | null;
        } & ({
            /** @description A US phone number in any common format: E.164 (+14155552671), national ((415) 555-2671) or with a leading 1. Stored as E.164; an extension is dropped. Numbers of Canada and the other +1 countries are refused with phone_not_us; the US territories that share +1 (Puerto Rico, Guam, US Virgin Islands, Northern Mariana Islands, American Samoa) are accepted as US. */
            phone: string;
        } | {
            /**
             * Format: email
             * @description An email address.
             */
            email: string;
        });
        /** @description Who collected the person's consent to be called, and when. The three fields come all together or not at all: a partial block is refused with consent_incomplete. Absent or null means no consent: the lead is stored and the assistant never calls it. The evidence fields (trustedform_url, leadid_token, disclosure, sellers, page_url, ip_address, user_agent) are optional and checked in shape only. The block is stored exactly as received, extra keys included, shown on the lead in the owner's console, passed to the assistant and exported in the lead's evidence record. A repeat by external id with no consent block keeps the stored one: consent cannot be withdrawn through a repeat. */
        Consent: {
            /** @description The form or system that collected the consent. */
            source: string;
            /** @description The sender's record of the consent: a submission id, a URL or a transcript id. */
            reference: string;
            /**
             * Format: date-time
             * @description When consent was given, ISO 8601 with a time zone. Not later than the server's clock plus 60 seconds (clock-skew allowance); later is refused with consent_in_future.
             */
            captured_at: string;
            /** @description Evidence, optional: the TrustedForm certificate of the consent, https://cert.trustedform.com/ and its id (at most 255 characters). Another host is refused with trustedform_url_invalid. */
            trustedform_url?: string;
            /** @description Evidence, optional: the Jornaya LeadiD token of the form session, 36 characters (letters, digits, hyphens); otherwise leadid_token_invalid. */
            leadid_token?: string;
            /** @description Evidence, optional: the consent text the person was shown, as shown. */
            disclosure?: string;
            /** @description Evidence, optional: the names of the sellers the disclosure named (one-to-one consent names one). */
            sellers?: string[];
            /** @description Evidence, optional: the http(s) address of the page where consent was given. */
            page_url?: string;
            /** @description Evidence, optional: the person's IPv4 or IPv6 address when consenting. */
            ip_address?: string;
            /** @description Evidence, optional: the person's browser User-Agent when consenting. */
            user_agent?: string;
        };
        /** @description The lead as stored, normalized. */
        StoredLead: {
            /** @description The phone number in E.164 form. */
            phone?: string;
            /**
             * Format: email
             * @description An email address.
             */
            email?: string;
            /** @description First name of the person. */
            first_name?: string;
            /** @description Last name of the person. */
            last_name?: string;
            source: components["schemas"]["LeadSource"];
            /** @description The source value as sent, present only when it was not a known source and "form" was stored. */
            source_original?: string;
            /** @description Short campaign tag: letters, digits, dots, dashes and underscores, 1 to 64 characters. */
            source_campaign?: string;
            /** @description What the person asked about: an address, a service or a listing. */
            property_ref?: string;
            /** @description A price the person mentioned, in whole dollars. */
            price?: number;
            /**
             * @description Language in which the person is answered: en or es.
             * @enum {string}
             */
            language?: "en" | "es";
            /** @description The person's time zone as an IANA name, such as America/Chicago. Names the server's time zone database does not know are refused with timezone_invalid. */
            timezone?: string;
            /**
             * @description The person's state as its USPS code (PA, DC, PR …), upper case. Like timezone and postal_code it only narrows the call window: the window is the hours permitted in every place the lead's phone and fields point at, under the rules of every state among them.
             * @enum {string}
             */
            state?: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "VI" | "GU" | "MP" | "AS";
            /** @description The person's US ZIP code (12345 or 12345-6789). Its state and zone, from a ZIP data set, narrow the call window; a ZIP the data set does not know narrows nothing. */
            postal_code?: string;
            /** @description Extra details stored with the lead, as key-value pairs. Values may be any JSON. */
            context?: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When the person reached out on the sender's side, ISO 8601 with a time zone.
             */
            source_event_at?: string;
            /** @description The sender's own identifier for the lead. Together with platform there is one lead per identifier in the account: a repeat answers 200 with created: false and the same id. Without platform it does not deduplicate. */
            external_lead_id?: string;
            /** @description Name of the sending system; used together with external_lead_id. */
            platform?: string;
            /** @description Whether this is a test lead (false when not sent). */
            test: boolean;
            /** @description The consent block exactly as received, or null when none was received. */
            consent: components["schemas"]["Consent"] | null;
            response: components["schemas"]["ResponseState"];
        };
        /**
         * @description Where the lead came from, after the fallback: one of the known sources.
         * @enum {string}
         */
        LeadSource: "form" | "chatbot" | "api" | "hosted_page" | "sms_inbound" | "voice_inbound" | "partner" | "zapier" | "import" | "email" | "meta_lead_ad" | "ai_shopper" | "fb_messenger" | "ig_dm" | "whatsapp";
        /** @description The five-minute response of this lead, as of the moment the response was written. */
        ResponseState: {
            /**
             * @description pending: waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by. not_called: nothing is done (a test lead, or no permitted way to answer: the call is refused and there is no email). A repeat that permits a call after respond_by starts a new five-minute response (pending, with a new respond_by) instead.
             * @enum {string}
             */
            state: "pending" | "handed_off" | "missed" | "not_called";
            /**
             * @description Why the assistant may not call the lead; absent when it may. With pending, handed_off or missed the response is by email only. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order. Then, for a lead that is otherwise call-eligible: opted_out: its number is on the account's do-not-call list (the person asked not to be called; an email answer is still allowed, as the opt-out is about calls); wrong_number: the person at that number said it is not theirs, so the consent given for it no longer counts (an email answer is still allowed); held: an operator's emergency hold covers its area code past respond_by (an email answer is still allowed); evidence_missing: its account requires a TrustedForm certificate or a LeadiD token in the consent block and the lead has none (an email answer is still allowed; a repeat that brings the evidence permits the call); unverified: it came through an intake-only token that requires a bot check and the check failed or was missing, or its form's honeypot field was filled: held until an owner releases it (an email answer is still allowed); called_recently: it came through an intake-only token, and another lead of the account with the same number had a call started within the account's cool-down (24 hours unless set otherwise): this lead joins that lead's history instead of starting another call (an email answer is still allowed). Decided at the hand-off, within the five minutes: location_unknown: nothing places the person (the phone's area code is toll-free, premium, non-geographic or unknown, and the lead has no state or postal_code) and the account does not call such numbers; no_common_hours: the places the person may be (area code, timezone, state, postal_code) share no permitted calling hour within a week. In both an email answer is still allowed.
             * @enum {string}
             */
            reason?: "test" | "no_consent" | "no_phone" | "opted_out" | "wrong_number" | "held" | "evidence_missing" | "unverified" | "called_recently" | "location_unknown" | "no_common_hours";
        };
        /** @description The lead was accepted. */
        LeadAccepted: {
            /**
             * Format: uuid
             * @description The lead's id: the same for every repeat of the lead.
             */
            id: string;
            /** @description true when this request created the lead (201); false when it matched an existing lead by (platform, external_lead_id) (200). */
            created: boolean;
            /** @description Whether the lead is a test lead. */
            test: boolean;
            /** @description Whether the assistant may call the lead: a complete consent block, not a test lead, a phone, and that number neither on the account's do-not-call list nor reported as a wrong number. To an intake-only token: what the fields this request sent permit on their own (the list, earlier leads and the bot check are not consulted for the answer, though they decide the call). The call decision made at the hand-off, within the five minutes, may still refuse it (held, location_unknown, no_common_hours): the lead's response reason then says why. */
            call_eligible: boolean;
            /**
             * Format: date-time
             * @description When the service first received the lead (UTC).
             */
            received_at: string;
            /**
             * Format: date-time
             * @description received_at plus five minutes: the deadline of the five-minute response. A repeat never gets a second one.
             */
            respond_by: string;
            lead: components["schemas"]["StoredLead"];
            /** @description Top-level names in the request that the contract does not define: ignored, their values not stored. The lead keeps the first 20 names, each cut to 64 characters, for its owner's console. A repeat whose consent block was kept out, because another channel first posted the lead (consent follows the channel that collected it), finds "consent (the lead's first channel keeps its own)" here. */
            ignored_fields: string[];
            /**
             * @description Present on a dry run only: this is what the post would answer; nothing was stored.
             * @constant
             */
            dry_run?: true;
        };
        /** @description An RFC 9457 problem details object. */
        Problem: {
            /**
             * Format: uri
             * @description urn:speed-to-lead:problem:<code>, one per code.
             */
            type: string;
            /** @description Short summary of the problem type. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description What went wrong with this request. */
            detail: string;
            /**
             * @description Stable, machine-readable problem code.
             * @enum {string}
             */
            code: "invalid_json" | "token_missing" | "token_invalid" | "token_revoked" | "token_expired" | "token_conflict" | "token_intake_only" | "origin_not_allowed" | "webhook_signature_invalid" | "webhook_timestamp_invalid" | "not_found" | "lead_not_found" | "handoff_not_found" | "lead_query_invalid" | "request_query_invalid" | "method_not_allowed" | "idempotency_request_in_flight" | "webhook_replayed" | "call_checks_exhausted" | "payload_too_large" | "unsupported_media_type" | "unsupported_content_encoding" | "validation_failed" | "idempotency_key_mismatch" | "idempotency_key_reused" | "rate_limited" | "lead_repeats_limited" | "too_many_failed_authentications" | "internal_error" | "unavailable";
            /** @description The request's id, also in the X-Request-Id header. */
            request_id?: string;
            /** @description With validation_failed: every field error at once. */
            errors?: components["schemas"]["FieldError"][];
        };
        /** @description One field that breaks the contract. */
        FieldError: {
            /** @description JSON Pointer (RFC 6901) into the request body, such as /consent/captured_at; "" for the body as a whole. */
            pointer: string;
            /**
             * @description Stable, machine-readable reason.
             * @enum {string}
             */
            code: "contact_required" | "phone_invalid" | "phone_not_us" | "email_invalid" | "consent_incomplete" | "consent_in_future" | "phone_not_offered" | "date_time_invalid" | "trustedform_url_invalid" | "leadid_token_invalid" | "ip_address_invalid" | "timezone_invalid" | "type_mismatch" | "too_short" | "too_long" | "pattern_mismatch" | "value_not_allowed" | "out_of_range";
            /** @description Human-readable reason, in the language chosen by Accept-Language. */
            message: string;
        };
        /** @description An event the phone assistant reports about a lead. */
        AssistantEvent: {
            /**
             * @description lead.opted_out: the person asked not to be called; the number called goes on its account's do-not-call list. lead.wrong_number: the person at the number is not the lead; the consent given for that number no longer counts. lead.call_attempted: the assistant tried to call the number at data.attempted_at (answered or not); attempts are counted per account and number against the call caps of the calling rules (Florida, Oklahoma, Maryland: 3 in a rolling 24 hours).
             * @enum {string}
             */
            type: "lead.opted_out" | "lead.wrong_number" | "lead.call_attempted";
            /**
             * Format: date-time
             * @description When the assistant recorded the event.
             */
            timestamp: string;
            /** @description The lead the event is about, and which of its numbers. */
            data: {
                /**
                 * Format: uuid
                 * @description The lead_id of the hand-off. The account is the lead's.
                 */
                lead_id: string;
                /**
                 * Format: uuid
                 * @description The data.handoff_id of the hand-off whose number was called: the event applies to the number that hand-off offered, whatever the lead's phone is now. It must be a hand-off of lead_id.
                 */
                handoff_id?: string;
                /** @description Without handoff_id: the number called, in E.164; it must be a number a hand-off of lead_id offered, or the lead's phone. With neither, the event applies to the number last offered to the assistant for that lead (the lead's current phone only when none was ever offered). */
                phone?: string;
                /**
                 * Format: date-time
                 * @description lead.call_attempted only, and required there: when the call was placed. At most 300 seconds ahead of the server's clock.
                 */
                attempted_at?: string;
            };
        };
        /** @description The event was applied. */
        AssistantEventReceived: {
            /**
             * @description The event's type.
             * @enum {string}
             */
            type: "lead.opted_out" | "lead.wrong_number" | "lead.call_attempted";
            /**
             * Format: uuid
             * @description The lead the event was about.
             */
            lead_id: string;
            /** @description The number the event was applied to (E.164); null when the lead has none. */
            phone: string | null;
            /** @description Pending or retrying hand-offs of that number in the account that will not be delivered. */
            handoffs_cancelled: number;
        };
        /** @description The call the assistant is about to place. */
        CallCheck: {
            /**
             * Format: uuid
             * @description data.handoff_id of the hand-off the call is for.
             */
            handoff_id: string;
            /**
             * Format: uuid
             * @description data.lead_id of that hand-off: a hand-off of another lead (of another account included) is not found.
             */
            lead_id: string;
            /** @description The number about to be dialled, in E.164. */
            phone: string;
        };
        /** @description Whether the call may be placed now, and why not. */
        CallCheckAnswer: {
            /**
             * Format: uuid
             * @description This check, as the lead's timeline records it.
             */
            check_id: string;
            /**
             * Format: uuid
             * @description The hand-off checked.
             */
            handoff_id: string;
            /**
             * Format: uuid
             * @description Its lead.
             */
            lead_id: string;
            /** @description The number checked. */
            phone: string;
            /**
             * Format: date-time
             * @description The instant the answer holds for (UTC).
             */
            checked_at: string;
            /** @description true: the call may be placed now; report it with lead.call_attempted. false: do not dial; reasons says why. */
            allowed: boolean;
            /** @description Every reason the call is refused now, empty when allowed. */
            reasons: components["schemas"]["CallCheckReason"][];
            /** @description The number's current or next window at this instant, moved past its holds and reached caps (its earliest is now when allowed); null when the number may not be called at all (call_not_permitted, do_not_call, wrong_number, superseded). */
            call_window: components["schemas"]["CallWindow"] | null;
            /** @description Each call cap of the number's rules, with the attempts it still allows now; empty when none caps calls. */
            call_caps: components["schemas"]["CallCap"][];
        };
        /** @description One reason the call is refused now. */
        CallCheckReason: {
            /**
             * @description call_not_permitted: the hand-off offered no number (email only), or the call decision made at the instant of the check refuses any call to the number (nothing places it, or its places share no calling hour). number_not_offered: the number is not the one the hand-off offered. superseded: a later hand-off of the lead replaced this one (its phone changed, or a new response opened): use that one. do_not_call: the number is on the account's do-not-call list. wrong_number: the number was reported as a wrong number after the hand-off was offered. held: an operator's emergency or holiday hold on the number's area code is in force. cap_reached: the number's call cap is used up. window_closed: the calling hours, days and holidays of every place the number may be allow no call now, nor when the holds and caps above end (call_window says when the call may start).
             * @enum {string}
             */
            code: "call_not_permitted" | "number_not_offered" | "superseded" | "do_not_call" | "wrong_number" | "held" | "cap_reached" | "window_closed";
            /** @description When this reason stops refusing: window_closed: when the window opens; cap_reached: when the oldest counted attempt leaves the cap's period; held: when the hold ends. null for reasons that do not end by themselves. */
            until: string | null;
            /** @description cap_reached and held: the rule or the state of the hold (US for a hold given by area codes). */
            jurisdiction?: string;
            /** @description cap_reached: the cap (calls per hours); held: the hold's name and reason as the operator gave it. */
            detail?: string;
        };
        /** @description A call cap of the number's rules and where the number stands under it at that instant. Attempts are counted per account and number, whichever lead or hand-off reported them. */
        CallCap: {
            /** @description The rule that caps calls, US-XX. */
            jurisdiction: string;
            /** @description Calls the rule allows per number within hours. */
            calls: number;
            /** @description The rolling period, in hours. */
            hours: number;
            /** @description Calls still allowed now: calls minus the attempts reported (lead.call_attempted) for the number in the account within the last hours. */
            attempts_remaining: number;
            /** @description When the oldest counted attempt leaves the period and one more call is allowed; null when no attempt is counted. */
            next_release: string | null;
        };
        /** @description A stored lead and its response. */
        LeadStatus: {
            /**
             * Format: uuid
             * @description The lead's id.
             */
            id: string;
            /** @description Whether the assistant may call the lead now. */
            call_eligible: boolean;
            /**
             * Format: date-time
             * @description When the service first received the lead (UTC).
             */
            received_at: string;
            /**
             * Format: date-time
             * @description The deadline of the lead's current five-minute response.
             */
            respond_by: string;
            /** @description When the stored consent block arrived (a repeat's time for a late consent); null without one. */
            consent_received_at: string | null;
            lead: components["schemas"]["StoredLead"];
            /** @description Every delivery attempt, oldest first. */
            handoff_attempts: components["schemas"]["HandoffAttempt"][];
        };
        /** @description One delivery attempt. */
        HandoffAttempt: {
            /** @description Which response of the lead the attempt belongs to. */
            response_no: number;
            /** @description The attempt's number within its response's task. */
            attempt: number;
            /**
             * Format: date-time
             * @description When the attempt started.
             */
            started_at: string;
            /** @description Whether the assistant acknowledged it (2xx). */
            ok: boolean;
            /** @description The assistant's HTTP status; null when it did not answer (timeout, network error). */
            http_status: number | null;
        };
        /** @description One response of one lead, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Delivered at least once: the webhook-id is the same on every retry of a response, so the assistant drops duplicates by it. Any 2xx acknowledges it. Test leads are never handed off. */
        HandoffPayload: {
            /**
             * @description The event type.
             * @constant
             */
            type: "lead.handoff";
            /**
             * @description The payload's version.
             * @constant
             */
            version: 2;
            /**
             * Format: date-time
             * @description When this delivery attempt was built.
             */
            timestamp: string;
            /** @description The lead as the assistant needs it for this response. */
            data: {
                /**
                 * Format: uuid
                 * @description The lead's id.
                 */
                lead_id: string;
                /**
                 * Format: uuid
                 * @description This hand-off (this response of the lead): the same on every retry of it. Name it in the pre-dial check (POST /api/speed-to-lead/call-checks) and in the events about its call, so they apply to the number it offered whatever the lead's phone is later. A repeat that changes the lead's phone opens a new hand-off for the new number.
                 */
                handoff_id: string;
                /** @description The account the lead belongs to. */
                account: {
                    /** Format: uuid */
                    id: string;
                    slug: string;
                };
                /** @description 1 for the lead's first response; a repeat that permits a call after an email-only hand-off or after respond_by opens response 2, and so on. Each response has its own webhook-id. */
                response_no: number;
                /** @description Whether the assistant may call. When it may not, the payload carries neither the phone nor a call window, and the assistant may only answer by email. */
                call: {
                    /** @constant */
                    permitted: true;
                } | {
                    /** @constant */
                    permitted: false;
                    /**
                     * @description Why the call is not permitted.
                     * @enum {string}
                     */
                    reason: "no_consent" | "no_phone" | "opted_out" | "wrong_number" | "held" | "evidence_missing" | "unverified" | "called_recently" | "location_unknown" | "no_common_hours";
                };
                /** @description E.164; present only when the call is permitted. */
                phone?: string;
                /** @description The lead's email, null when none was sent. */
                email: string | null;
                /** @description As stored. */
                first_name: string | null;
                /** @description As stored. */
                last_name: string | null;
                /** @description As stored. */
                language: string | null;
                /** @description As stored. */
                timezone: string | null;
                /** @description As stored. */
                state: string | null;
                /** @description As stored. */
                postal_code: string | null;
                /** @description As stored. */
                property_ref: string | null;
                /** @description As stored. */
                price: number | null;
                /** @description The lead's source. */
                source: string;
                /** @description As stored. */
                context: Record<string, never> | null;
                /** @description The consent block exactly as received, null when none was. */
                consent: components["schemas"]["Consent"] | null;
                /**
                 * Format: date-time
                 * @description When the service first received the lead.
                 */
                received_at: string;
                /**
                 * Format: date-time
                 * @description The deadline of this response: received_at plus five minutes, or, for a response a late consent opened, five minutes after that consent arrived.
                 */
                respond_by: string;
                call_window?: components["schemas"]["CallWindow"];
                /** @description Present with the phone: each call cap of the number's rules with the attempts it allowed at delivery (empty when none caps calls). Attempts reported afterwards use them up: ask the pre-dial check before each call. */
                call_caps?: components["schemas"]["CallCap"][];
            };
        };
        /** @description When the assistant may call, computed at each delivery. */
        CallWindow: {
            /**
             * Format: date-time
             * @description Start of the window in which the assistant may call (UTC).
             */
            earliest: string;
            /**
             * Format: date-time
             * @description End of the window (UTC).
             */
            latest: string;
            /** @description The lead's zone or zones (IANA names). */
            time_zones: string[];
            /**
             * @description The place that decided the window (its start, else its end): the phone's area code, the lead's timezone, state or postal_code, or contiguous_us for a number no field places, called under the account's setting. default: a zone from the server's setting, in decisions made before every source of place was read.
             * @enum {string}
             */
            time_zone_source: "area_code" | "timezone" | "state" | "postal_code" | "contiguous_us" | "default";
            /** @description The account's calling hours: start, local time. */
            local_start: string;
            /** @description The account's calling hours: end, local time. */
            local_end: string;
            /** @description The rules that shaped the window: the hours of every applicable rule on the window's day, the federal one first; then each day, holiday, call cap and hold that pushed the window later. */
            rules_applied: {
                /**
                 * @description hours: the rule's hours on the window's local day (every applicable rule has one). place: a place the person may be (place says which field), with the window in its local clock (local_start, local_end) and whether it decided the window's start or end; the window is the hours permitted in every zone of every place, under the rules of every state of every place. day: the rule permits no call on that weekday (date says which local day was skipped). holiday: a legal holiday on which the rule permits no call, computed from the holiday statutes the rule names; a day set only by proclamation (a governor's yearly or emergency declaration) cannot be computed and is not: an operator covers it with a holiday hold (stl holds add --holiday), which moves the window as a holiday does and shows as hold. cap: the per-phone call cap, reached; the window starts when the oldest counted attempt leaves the cap's period. hold: an operator's emergency or holiday hold.
                 * @enum {string}
                 */
                kind: "hours" | "day" | "holiday" | "cap" | "hold" | "place";
                /** @description US for the federal rule, US-XX for a state (a place in one state: that state). */
                jurisdiction: string;
                /** @description The jurisdiction's name. */
                name: string;
                /** @description The rule's first permitted minute on the window's local day; null when the rule permits no call that day. */
                local_start: string | null;
                /** @description The rule's end on the window's local day; null when the rule permits no call that day. */
                local_end: string | null;
                /** @description The law or regulation the rule comes from; for a hold, its reason. */
                source: string;
                /** @description When the source was last read for the rule's row (for a hold: when it was added; for a place: when its data was read, the day of the decision for a stated timezone). */
                checked: string;
                /** @description day and holiday: the lead's local day on which the rule permitted no call. */
                date?: string;
                /** @description holiday: the holiday's name, with "(observed)" when the day is the weekday a weekend holiday is observed on. */
                holiday?: string;
                /**
                 * @description place: where it comes from; name is what pointed at it (the area code, zone, state, ZIP).
                 * @enum {string}
                 */
                place?: "area_code" | "timezone" | "state" | "postal_code" | "contiguous_us";
                /** @description place: its zones. */
                time_zones?: string[];
                /** @description place: the window's bounds its own hours set (empty: another place's hours are narrower). */
                decided?: ("start" | "end")[];
                /**
                 * Format: date-time
                 * @description cap and hold: when it stops narrowing (UTC).
                 */
                until?: string;
            }[];
        };
        /** @description Sent to the URL set for the channel token that posted the lead (bun run stl tokens callback), signed per Standard Webhooks with that token's callback secret. Queued in the same transaction as the change it reports, delivered at least once with a stable webhook-id, retried with backoff on anything but 2xx. An owner may send a callback again from the console (one, or every one of a period): it comes under the same webhook-id, so deduplicate by it. When a token's callbacks fail for 24 hours without one delivery, the token is paused: nothing more is sent, new callbacks are kept, its owners are told, and they arrive once an owner resumes it. */
        StatusCallback: {
            /**
             * @description lead.handed_off: the assistant acknowledged a response of the lead. lead.missed: a response's respond_by passed unacknowledged. lead.not_called: the lead gets no response at all (a test lead, or no permitted way to answer it).
             * @enum {string}
             */
            type: "lead.handed_off" | "lead.missed" | "lead.not_called";
            /**
             * @description The payload's version.
             * @constant
             */
            version: 1;
            /**
             * Format: date-time
             * @description When this delivery attempt was built.
             */
            timestamp: string;
            /** @description The lead's state when the callback was sent; never its contact details. */
            data: {
                /**
                 * Format: uuid
                 * @description The lead's id.
                 */
                lead_id: string;
                /** @description As posted; null when not sent. */
                platform: string | null;
                /** @description As posted; null when not sent. */
                external_lead_id: string | null;
                /** @description Whether the lead is a test lead. */
                test: boolean;
                response: components["schemas"]["ResponseState"];
                /**
                 * Format: date-time
                 * @description When the service first received the lead.
                 */
                received_at: string;
                /**
                 * Format: date-time
                 * @description The deadline of the lead's current five-minute response.
                 */
                respond_by: string;
            };
        };
        /** @description Everything the service knows about how one lead was treated, as one signed document a lead buyer can hand a lawyer and anyone can verify offline with the service's public key: the consent as received with the token and time of arrival, every compliance decision with the rule rows and their versions that made it, each hand-off attempt, each assistant event and each do-not-call change of the number, and the append-only log that chains them. */
        EvidenceRecord: {
            /** @constant */
            type: "lead.evidence";
            /** @constant */
            version: 2;
            /**
             * Format: date-time
             * @description When the service made this record.
             */
            generated_at: string;
            /** @description The point of the log this record shows: its last entry's seq, hash and time, the chain's head when the record was made. A later record of the lead has the same entries up to here and a higher seq after anything new; an older one still verifies and says its own point. */
            as_of: {
                seq: number;
                hash: string;
                /** Format: date-time */
                at: string;
            };
            /** @description The account: id and slug. */
            account: {
                [key: string]: unknown;
            };
            /** @description The lead's id, platform, external_lead_id, test flag, phone (E.164), received_at (arrival), respond_by, the channel token (id and name) it arrived with, and quarantine: why it was held back from calls (bot_check_missing, bot_check_failed, honeypot) and when an owner released it (null while held), or null when it never was. */
            lead: {
                [key: string]: unknown;
            };
            /** @description Null when no consent was received. */
            consent: {
                [key: string]: unknown;
            } | null;
            /** @description response: the lead's response state and reason now; evidence_required: the account's consent-evidence requirement now; rules_version_now: the version of the calling-rules table in force now; handoffs: every hand-off attempt (response_no, attempt, started_at, latency_ms, acknowledged, http_status, error) with its decision: the call permission, the call window with every rule that shaped it (each with its source and the date it was read) and the rules_version it was computed with; since the decision is kept whole, also decided_at, places (every place the person may be, with its zones and states), rules (the jurisdictions that applied), caps (each with the attempts counted and remaining) and holds (each with whether it refused the call or moved the window); offers: every hand-off as offered (handoff_id, response_no, the phone it offered or null, offered_at); holds: every hold a decision about the lead (a hand-off, a pre-dial check) read (id, kind, state or null, area_codes, starts_at, ends_at, reason, removed_at when it was ended early or null; who added it stays with the operator) */
            decisions: {
                [key: string]: unknown;
            };
            /** @description The lead's numbers are its phone and every number a hand-off offered. call_attempts: every call attempt the assistant reported for those numbers in the account (lead_id, phone, attempted_at, received_at, webhook_id); do_not_call: every do-not-call change of those numbers in the account (phone; add, remove, wrong_number; how it came in and when; who made it and their note stay with the account); call_checks: every pre-dial check of the lead's hand-offs, as answered (CallCheckAnswer), with its webhook_id. An opt-out covers every purpose of the number in the account. */
            assistant_events: {
                [key: string]: unknown;
            };
            /** @description The lead's append-only evidence log, oldest first: each entry written in the transaction of the fact it records (received; each hand-off with its decision and the assistant's answer; each pre-dial check with its answer and reasons; each call attempt; each do-not-call change of its number; each repeat that changed what was received; each hold that touched it, the first time a decision read it, and its early end; its quarantine and release; each response decision no hand-off records (not called at arrival, refused at the claim, missed, cancelled by an opt-out, reopened); each answer to a TrustedForm certificate claim), chained by SHA-256. Nothing updates or deletes an entry. At most 2,000 entries: as_of says where the record stops. */
            log: components["schemas"]["EvidenceEntry"][];
            /** @description A JWS (RFC 7515, flattened, payload detached) by the service's Ed25519 key. The payload is the record without this field as RFC 8785 canonical JSON (object keys sorted, no spaces). Anyone verifies it with the published public key alone; any changed byte fails it. */
            signature: {
                /** @description The JWS protected header, base64url: {"alg":"EdDSA","kid":…}; kid names the key in GET /api/speed-to-lead/evidence-keys. */
                protected: string;
                /** @description The Ed25519 signature, base64url, of protected + "." + base64url(payload). */
                signature: string;
            };
        };
        EvidenceEntry: {
            /** @description 1, 2, 3…: the entry's place in the lead's log. */
            seq: number;
            /** @description The exact JSON text that was hashed: {"at": when it was written (UTC), "data": what happened, "kind": received, handoff, call_check, call_attempt, do_not_call, repeat_merged, hold, hold_removed, quarantined, quarantine_released, response or trustedform_claim, "seq"}. Entry 1 (received) holds the lead as it arrived with its consent block as received. */
            body: string;
            /** @description The previous entry's hash; 64 zeros before entry 1. */
            prev: string;
            /** @description SHA-256 (hex) of the UTF-8 bytes of prev, a newline (\n) and body. */
            hash: string;
        };
        /** @description Every Ed25519 public key the service has signed evidence records with, newest first. A rotation adds a key and keeps the old ones, so every record ever handed out still verifies. */
        EvidenceKeySet: {
            keys: {
                /** @constant */
                kty: "OKP";
                /** @constant */
                crv: "Ed25519";
                /** @description The 32-byte public key, base64url. */
                x: string;
                /** @description The key's RFC 7638 thumbprint (SHA-256, base64url): what a record's JWS header names. */
                kid: string;
                /** @constant */
                alg: "EdDSA";
                /** @constant */
                use: "sig";
            }[];
        };
        /** @description One page of the token's request log. */
        RequestLogPage: {
            /** @description The token's requests, newest first. */
            requests: components["schemas"]["RequestLogEntry"][];
            /** @description Pass as `cursor` for the next (older) page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description One request that named the token, accepted or refused. Never a lead's values: no phone, email or name. */
        RequestLogEntry: {
            /** @description The row's id within the token's log. */
            id: string;
            /**
             * Format: date-time
             * @description When the service answered.
             */
            at: string;
            /** @description The HTTP method. */
            method: string;
            /** @description The path requested, without its query. */
            path: string;
            /** @description The HTTP status answered. */
            status: number;
            /** @description The problem's code when the answer was a problem; null otherwise. */
            problem_code: string | null;
            /** @description The JSON pointers of a 422's field errors; null for any other answer. */
            pointers: string[] | null;
            /** @description Milliseconds from the request to the answer. */
            latency_ms: number;
            /** @description The post was a dry run (nothing stored). */
            dry_run: boolean;
            /** @description The answer was replayed for a repeated idempotency key. */
            replayed: boolean;
            /** @description The client's IP address, when known. */
            client_address: string | null;
            /** @description The answer's X-Request-Id. */
            request_id: string;
            /** @description The posted body's shape (at most 64 fields, 3 levels deep); null when no body was read. */
            body: components["schemas"]["RequestBodyField"][] | null;
        };
        /** @description One field of the posted body: where it was, its type and its length, never its value. */
        RequestBodyField: {
            /** @description The field's JSON pointer. A name that is not a plain field name (letters, digits, _ and -) shows as *. */
            pointer: string;
            /**
             * @description The JSON type of the value posted.
             * @enum {string}
             */
            kind: "string" | "number" | "boolean" | "null" | "object" | "array";
            /** @description Characters of a string, digits of a number, items of an array, keys of an object. */
            length?: number;
        };
    };
    responses: never;
    parameters: {
        /** @description true: validate and authenticate exactly as a real post and answer what it would answer (status and body, with dry_run: true and a Dry-Run: true header), storing nothing. Prefer: handling=dry-run asks the same. */
        "Dry-Run": "true";
        /** @description The token the form's bot-check widget gave the visitor (Cloudflare Turnstile or hCaptcha). Read only for intake-only tokens that require a check: the service verifies it with the provider's siteverify API; without it, or when it fails, the lead is stored in quarantine (the answer is the same). */
        "Bot-Check-Token": string;
        /** @description An ETag from an earlier answer: 304 when the lead has not changed since. */
        "If-None-Match": string;
        /** @description Alternative to the body's idempotency_key: 1 to 255 visible ASCII characters, scoped to the account. When both are present they must be equal. An invalid header value is reported as pattern_mismatch at /idempotency_key. */
        "Idempotency-Key": string;
        /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
        "webhook-id": string;
        /** @description Unix seconds when the event was signed (Standard Webhooks). */
        "webhook-timestamp": string;
        /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
        "webhook-signature": string;
        /** @description es for Spanish human text in errors; English otherwise. */
        "Accept-Language": string;
    };
    requestBodies: never;
    headers: {
        /** @description true when this response is the replay of an earlier one with the same idempotency key. */
        "Idempotent-Replayed": "true";
        /** @description The request's id, for support and logs. */
        "X-Request-Id": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description The same wait as Retry-After, in milliseconds, for clients that wait less than a second. */
        "Retry-After-Ms": number;
        /** @description true: the same request (with the same idempotency key) may be sent again once the wait is over. */
        "X-Should-Retry": "true" | "false";
        /** @description identity: the only content coding a request body may have (RFC 7694). */
        "Accept-Encoding": "identity";
        /** @description Always Bearer, naming the scheme to authenticate with; on 403 it adds error="insufficient_scope" (RFC 6750). */
        "WWW-Authenticate": string;
        /** @description The allowed methods: POST. */
        Allow: string;
        /** @description The lead's current version. */
        ETag: string;
        /** @description The size of this channel token's request bucket: how many requests may be sent at once. The bucket refills at the token's rate per second. */
        "RateLimit-Limit": number;
        /** @description Requests that may be sent right now. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the bucket is full again. */
        "RateLimit-Reset": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Alternative to the body's idempotency_key: 1 to 255 visible ASCII characters, scoped to the account. When both are present they must be equal. An invalid header value is reported as pattern_mismatch at /idempotency_key. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                /** @description true: validate and authenticate exactly as a real post and answer what it would answer (status and body, with dry_run: true and a Dry-Run: true header), storing nothing. Prefer: handling=dry-run asks the same. */
                "Dry-Run"?: components["parameters"]["Dry-Run"];
                /** @description The token the form's bot-check widget gave the visitor (Cloudflare Turnstile or hCaptcha). Read only for intake-only tokens that require a check: the service verifies it with the provider's siteverify API; without it, or when it fails, the lead is stored in quarantine (the answer is the same). */
                "Bot-Check-Token"?: components["parameters"]["Bot-Check-Token"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The lead, as application/json (a charset parameter is allowed, and must be utf-8). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadInput"];
            };
        };
        responses: {
            /** @description A repeat of (platform, external_lead_id): the existing lead, updated with newly supplied fields. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadAccepted"];
                };
            };
            /** @description The lead was created and its five-minute response scheduled. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadAccepted"];
                };
            };
            /** @description The body is not a JSON object. Broken HTTP framing (a malformed Content-Length or chunk size, Content-Length together with Transfer-Encoding, no Host header) is also 400, answered by the HTTP layer before the service with an empty body rather than problem+json. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token is missing, invalid, revoked, expired or conflicting. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The intake-only token lists the origins it may be used from, and this post's Origin is not one of them (or is missing). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A method other than POST was used on this path. A method HTTP does not define (BREW, say) is refused by the HTTP layer, which closes the connection without an answer. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another request with this idempotency key is in progress. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json, or carries a Content-Encoding. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Accept-Encoding": components["headers"]["Accept-Encoding"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The lead breaks the contract, or the idempotency key conflicts. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token's rate limit (for an intake-only token also each client's share of it: an IPv4 address or an IPv6 /64), the client address's limit of failed authentications, or the repeats one lead may take in an hour, was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the HTTP layer accepts (16 KiB in all): answered before the service, with an empty body rather than problem+json. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A defect in the service. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database, or it did not answer in time. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findLead: {
        parameters: {
            query: {
                /** @description The platform the lead was posted with. */
                platform: string;
                /** @description The lead's id on that platform. */
                external_lead_id: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 when the lead has not changed since. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lead. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadStatus"];
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The query does not name a lead. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token is missing, invalid, revoked, expired or conflicting. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is intake-only (stl_pk_…): it may post leads but not read them. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such lead in the token's account. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token's rate limit, or the client address's limit of failed authentications, was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 when the lead has not changed since. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path: {
                /** @description The lead's id, as the post answered it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lead. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadStatus"];
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The channel token is missing, invalid, revoked, expired or conflicting. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is intake-only (stl_pk_…): it may post leads but not read them. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such lead in the token's account. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token's rate limit, or the client address's limit of failed authentications, was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadEvidence: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 when the lead has not changed since. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path: {
                /** @description The lead's id, as the post answered it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The evidence record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvidenceRecord"];
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The channel token is missing, invalid, revoked, expired or conflicting. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is intake-only (stl_pk_…): it may post leads but not read them. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such lead in the token's account. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token's rate limit, or the client address's limit of failed authentications, was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description Only this status (422) or class (4xx). */
                status?: string;
                /** @description Only answers with this problem code. */
                problem_code?: string;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Rows per page. */
                limit?: number;
            };
            header?: {
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the token's requests. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogPage"];
                };
            };
            /** @description A filter, the cursor or the limit is invalid. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token is missing, invalid, revoked, expired or conflicting. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is intake-only (stl_pk_…): it may post but not read. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The channel token's rate limit, or the client address's limit of failed authentications, was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAssistantEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event, as application/json. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssistantEvent"];
            };
        };
        responses: {
            /** @description The event was applied. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistantEventReceived"];
                };
            };
            /** @description The body is not a JSON object. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The signature or its timestamp is refused. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such lead, no such hand-off of that lead, or no assistant secret configured. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A method other than POST was used on this path. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This webhook-id was already processed. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not an assistant event. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many events at once. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A defect in the service. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvidenceKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvidenceKeySet"];
                };
            };
        };
    };
    postCallCheck: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The call about to be placed, as application/json. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallCheck"];
            };
        };
        responses: {
            /** @description Whether the call may be placed now, and why not. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallCheckAnswer"];
                };
            };
            /** @description The body is not a JSON object. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The signature or its timestamp is refused. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such hand-off of this lead, or no assistant secret configured. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A method other than POST was used on this path. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This webhook-id was already processed, or the hand-off used all its checks. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not a pre-dial check. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many checks at once. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A defect in the service. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The service cannot reach its database. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Retry-After-Ms": components["headers"]["Retry-After-Ms"];
                    "X-Should-Retry": components["headers"]["X-Should-Retry"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: {
                /** @description Language of the human text: en or es. */
                lang?: "en" | "es";
            };
            header?: {
                /** @description es for Spanish human text in errors; English otherwise. */
                "Accept-Language"?: components["parameters"]["Accept-Language"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    leadHandoff: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HandoffPayload"];
            };
        };
        responses: {
            /** @description Acknowledged: the service stops retrying this webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadHandedOff: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusCallback"];
            };
        };
        responses: {
            /** @description Acknowledged: the service stops retrying this webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadMissed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusCallback"];
            };
        };
        responses: {
            /** @description Acknowledged: the service stops retrying this webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadNotCalled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (Standard Webhooks); the same id is processed once. */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description Unix seconds when the event was signed (Standard Webhooks). */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices. */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusCallback"];
            };
        };
        responses: {
            /** @description Acknowledged: the service stops retrying this webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
