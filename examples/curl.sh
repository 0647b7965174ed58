#!/usr/bin/env sh
# Post a lead with consent using curl alone.
# Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… sh examples/curl.sh
# Prints the response body; exits non-zero unless the service answered 200 or 201.
# Retry safely: run it again with the same IDEMPOTENCY_KEY (and the same CONSENT_CAPTURED_AT): the service
# replays its first answer instead of creating a second lead.
set -eu

: "${STL_BASE_URL:=http://localhost:3000}"
: "${STL_TOKEN:?set STL_TOKEN to a channel token (bun run stl tokens create --account <slug> --name <label>)}"
# The same key on a retry makes the service replay its first answer instead of creating a second lead.
: "${IDEMPOTENCY_KEY:=curl-$(date +%s)-$$}"
# When the person gave consent, as stored with their submission: never the time of sending, or a retry
# with the same key would be a different payload (refused with idempotency_key_reused).
: "${CONSENT_CAPTURED_AT:=2026-11-20T14:02:00Z}"

curl --silent --show-error --fail-with-body \
  --request POST "$STL_BASE_URL/api/speed-to-lead/channel-inbound.php" \
  --header "Authorization: Bearer $STL_TOKEN" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --data @- <<JSON
{
  "phone": "(415) 555-2671",
  "first_name": "Ana",
  "source": "api",
  "consent": { "source": "webform:/contact", "reference": "sub_8812", "captured_at": "$CONSENT_CAPTURED_AT" }
}
JSON
echo
