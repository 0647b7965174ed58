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
         * @description Stores the lead and schedules its five-minute response. The body is a JSON object of at most 65536 bytes. A new lead answers 201. A repeat of (platform, external_lead_id) in the same account answers 200 with created: false and the same id: newly supplied fields update the lead, it never gets a second five-minute response, and a complete consent block arriving later makes it call-eligible unless it is a test lead. A retry with the same idempotency key and the same payload replays the first response (same status and body) with Idempotent-Replayed: true; the same key with another payload is refused with idempotency_key_reused. Concurrent requests with one key never create two leads: later ones wait and replay, or get 409 idempotency_request_in_flight. Any method but POST answers 405 with Allow: POST. Human text in errors is Spanish when Accept-Language prefers es.
         */
        post: operations["postLead"];
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
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A lead as a sender submits it. A phone or an email is required (contact_required). Unknown top-level fields are ignored, not stored, and listed in ignored_fields. Text cannot hold U+0000 or unpaired surrogates (pattern_mismatch), and no value may nest deeper than 32 levels (too_long): the database could not store them. */
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
        /** @description Who collected the person's consent to be called, and when. The three fields come all together or not at all: a partial block is refused with consent_incomplete. Absent or null means no consent: the lead is stored and the assistant never calls it. The block is stored exactly as received, extra keys included. A repeat by external id with no consent block keeps the stored one: consent cannot be withdrawn through a repeat. */
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
             * @description pending: call-eligible, waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by (also a lead that became call-eligible through a repeat after its respond_by had passed: the five-minute response is never given late or twice). not_called: the assistant will never call it (see reason).
             * @enum {string}
             */
            state: "pending" | "handed_off" | "missed" | "not_called";
            /**
             * @description Only with not_called. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order.
             * @enum {string}
             */
            reason?: "test" | "no_consent" | "no_phone";
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
            /** @description Whether the assistant may call the lead: a complete consent block, not a test lead, and a phone. */
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
            /** @description Top-level names in the request that the contract does not define: ignored and not stored. */
            ignored_fields: string[];
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
            code: "invalid_json" | "token_missing" | "token_invalid" | "token_revoked" | "token_expired" | "token_conflict" | "not_found" | "method_not_allowed" | "idempotency_request_in_flight" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "idempotency_key_mismatch" | "idempotency_key_reused" | "rate_limited" | "internal_error" | "unavailable";
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
            code: "contact_required" | "phone_invalid" | "phone_not_us" | "email_invalid" | "consent_incomplete" | "consent_in_future" | "date_time_invalid" | "timezone_invalid" | "type_mismatch" | "too_short" | "too_long" | "pattern_mismatch" | "value_not_allowed" | "out_of_range";
            /** @description Human-readable reason, in the language chosen by Accept-Language. */
            message: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Alternative to the body's idempotency_key: 1 to 255 visible ASCII characters, scoped to the account. When both are present they must be equal. An invalid header value is reported as pattern_mismatch at /idempotency_key. */
        "Idempotency-Key": string;
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
        /** @description Always Bearer, naming the scheme to authenticate with. */
        "WWW-Authenticate": string;
        /** @description The allowed methods: POST. */
        Allow: string;
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
            /** @description Another request with this idempotency key is in progress. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
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
            /** @description The channel token's rate limit was exceeded. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
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
}
