-- wrk script: one lead per request, every fresh request unique (idempotency key and phone).
-- Configured through environment variables (read at load time, before wrk decides whether
-- response() and delay() exist), so measured runs do not pay for status counting or pacing.
--   BENCH_MODE        fresh | replay | external | validation
--   BENCH_TOKEN       channel token (Authorization: Bearer)
--   BENCH_NONCE       unique per wrk invocation: keys never repeat across runs
--   BENCH_POOL        stable per bench invocation: replay keys and external ids repeat across runs
--   BENCH_POOL_SIZE   how many distinct replay keys / external ids (default 100)
--   BENCH_CONSENT_AT  consent.captured_at (must be in the past on the server's clock)
--   BENCH_COUNT_STATUS=1  count response statuses (warm-up runs check the scenario does what it says)
--   BENCH_DELAY_MS    think time per connection in ms (fractional: dithered between floor and ceil)

local mode = os.getenv("BENCH_MODE") or "fresh"
local token = os.getenv("BENCH_TOKEN")
local nonce = os.getenv("BENCH_NONCE") or tostring(os.time())
local pool = os.getenv("BENCH_POOL") or "pool"
local pool_size = tonumber(os.getenv("BENCH_POOL_SIZE") or "100")
local consent_at = os.getenv("BENCH_CONSENT_AT") or "2026-01-01T00:00:00Z"
local count_status = os.getenv("BENCH_COUNT_STATUS") == "1"
local delay_ms = tonumber(os.getenv("BENCH_DELAY_MS") or "")

local threads = {}
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("tid", thread_count)
  table.insert(threads, thread)
end

local headers = { ["Content-Type"] = "application/json" }
if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end

local counter = 0
-- Globals, so done() can read them from each thread with thread:get().
statuses = {}
replayed = 0
local area_codes = { "415", "212", "312" }

function init(args)
  math.randomseed(os.time() + (tid or 0))
end

-- A valid US number: real area code, exchange 200-999, any line number.
local function phone_for(n)
  local area = area_codes[(n % 3) + 1]
  local subscriber = 2000000 + math.floor(n / 3) % 8000000
  return "+1" .. area .. tostring(subscriber)
end

local consent_block = '{"source":"webform:/contact","reference":"%s","captured_at":"' .. consent_at .. '"}'
local partial_consent = '{"source":"webform:/contact","reference":"%s"}'

local function lead(phone, key, consent, extra)
  return '{"phone":"' .. phone .. '","email":"lead@example.com","first_name":"Ana","last_name":"Bench",'
    .. '"source":"hosted_page","source_campaign":"bench","property_ref":"123 Main St, Austin, TX",'
    .. '"price":425000,"language":"en","timezone":"America/Chicago",'
    .. '"context":{"bedrooms":3,"utm_source":"bench"},' .. extra
    .. '"idempotency_key":"' .. key .. '","consent":' .. consent .. '}'
end

local function fresh(n)
  local key = nonce .. "-" .. tid .. "-" .. n
  return lead(phone_for(n * 7 + tid), key, string.format(consent_block, key), "")
end

local function replay(n)
  local i = n % pool_size
  local key = pool .. "-replay-" .. i
  return lead(phone_for(i), key, string.format(consent_block, key), "")
end

local function external(n)
  local i = n % pool_size
  local key = nonce .. "-ext-" .. tid .. "-" .. n
  local extra = '"platform":"bench-crm","external_lead_id":"' .. pool .. "-ext-" .. i .. '",'
  return lead(phone_for(i), key, string.format(consent_block, pool .. "-ext-" .. i), extra)
end

local function invalid(n)
  local key = nonce .. "-bad-" .. tid .. "-" .. n
  return lead(phone_for(n), key, string.format(partial_consent, key), "")
end

local builders = { fresh = fresh, replay = replay, external = external, validation = invalid }
local build = builders[mode]

-- A nil path is the URL's path (wrk.path).
function request()
  counter = counter + 1
  return wrk.format("POST", nil, headers, build(counter))
end

if count_status then
  function response(status, headers)
    statuses[status] = (statuses[status] or 0) + 1
    local flag = headers["idempotent-replayed"] or headers["Idempotent-Replayed"]
    if flag == "true" then replayed = replayed + 1 end
  end
end

if delay_ms then
  local whole = math.floor(delay_ms)
  local fraction = delay_ms - whole
  function delay()
    if math.random() < fraction then return whole + 1 end
    return whole
  end
end

function done(summary, latency, requests)
  local counts = {}
  local replays = 0
  for _, thread in ipairs(threads) do
    replays = replays + (thread:get("replayed") or 0)
    local thread_statuses = thread:get("statuses") or {}
    for status, count in pairs(thread_statuses) do
      table.insert(counts, string.format('{"status":%d,"count":%d}', status, count))
    end
  end
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},'
      .. '"latency_us":{"mean":%.1f,"p50":%d,"p99":%d,"p999":%d,"max":%d},"statuses":[%s],"replayed":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency.mean, latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
    table.concat(counts, ","), replays))
end
