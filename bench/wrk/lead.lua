-- wrk script: one lead per request, every fresh request unique (idempotency key and phone).
-- Settings come from the environment, read at load time (before wrk decides whether response() and
-- delay() exist), so measured runs pay for neither status counting nor pacing:
--   BENCH_MODE fresh | replay | external | partner | validation; BENCH_TOKEN the channel token;
--   BENCH_NONCE unique per wrk run (keys never repeat; external ids repeat within the run); BENCH_POOL stable
--   per bench run (replay keys repeat across runs); BENCH_POOL_SIZE replay keys or external ids;
--   BENCH_CONSENT_AT consent.captured_at;
--   BENCH_COUNT_STATUS=1 counts statuses (warm-ups); BENCH_DELAY_MS think time per connection;
--   BENCH_PARTNER_BLOCK partner leads created before they are posted again (default 1000).
local env = os.getenv
local mode, token = env("BENCH_MODE") or "fresh", env("BENCH_TOKEN")
local nonce, pool = env("BENCH_NONCE") or tostring(os.time()), env("BENCH_POOL") or "pool"
local pool_size = tonumber(env("BENCH_POOL_SIZE") or "100")
local consent_at = env("BENCH_CONSENT_AT") or "2026-01-01T00:00:00Z"
local delay_ms = tonumber(env("BENCH_DELAY_MS") or "")

local threads, thread_count = {}, 0
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

function init(args)
  math.randomseed(os.time() + (tid or 0))
end

-- A valid US number: real area code, exchange 200-999, any line number.
local area_codes = { "415", "212", "312" }
local function phone_for(n)
  return "+1" .. area_codes[(n % 3) + 1] .. tostring(2000000 + math.floor(n / 3) % 8000000)
end

-- A form's post (the key in the body), or with key nil a partner's (the key in a header, see request()).
local function lead(phone, key, reference, extra, captured, source, price)
  return '{"phone":"' .. phone .. '","email":"lead@example.com","first_name":"Ana","last_name":"Bench",'
    .. '"source":"' .. (source or "hosted_page") .. '","source_campaign":"bench","property_ref":"123 Main St, Austin, TX",'
    .. '"price":' .. (price or 425000) .. ',"language":"en","timezone":"America/Chicago",'
    .. '"context":{"bedrooms":3,"utm_source":"bench"},' .. extra
    .. (key and ('"idempotency_key":"' .. key .. '",') or "")
    .. '"consent":{"source":"webform:/contact","reference":"' .. reference .. '"'
    .. (captured and (',"captured_at":"' .. consent_at .. '"') or "") .. '}}'
end

-- Partner leads come in blocks of 2 x PARTNER_BLOCK requests per thread: the first half creates a lead per
-- external id, the second posts each again with a new price (a merge), far enough apart never to race.
local PARTNER_BLOCK = tonumber(env("BENCH_PARTNER_BLOCK") or "1000")

local builders = {
  fresh = function(n)
    local key = nonce .. "-" .. tid .. "-" .. n
    return lead(phone_for(n * 7 + tid), key, key, "", true)
  end,
  replay = function(n)
    local key = pool .. "-replay-" .. (n % pool_size)
    return lead(phone_for(n % pool_size), key, key, "", true)
  end,
  -- External ids are new each run (the nonce) and each posted once per pool_size requests: a run's repeats of
  -- a lead stay under the intake's repeats per lead per hour.
  external = function(n)
    local id = nonce .. "-ext-" .. (n % pool_size)
    local extra = '"platform":"bench-crm","external_lead_id":"' .. id .. '",'
    return lead(phone_for(n % pool_size), nonce .. "-ext-" .. tid .. "-" .. n, id, extra, true)
  end,
  partner = function(n)
    local block, position = math.floor((n - 1) / (2 * PARTNER_BLOCK)), (n - 1) % (2 * PARTNER_BLOCK)
    local k = block * PARTNER_BLOCK + position % PARTNER_BLOCK
    local id = nonce .. "-partner-" .. tid .. "-" .. k
    local extra = '"platform":"bench-crm","external_lead_id":"' .. id .. '",'
    local repeat_ = position >= PARTNER_BLOCK
    return lead(phone_for(k * 7 + tid), nil, id, extra, true, "partner", repeat_ and 430000 or 425000),
      nonce .. "-partner-key-" .. tid .. "-" .. n
  end,
  -- Partial consent (no captured_at): 422.
  validation = function(n)
    local key = nonce .. "-bad-" .. tid .. "-" .. n
    return lead(phone_for(n), key, key, "", false)
  end,
}
local build = builders[mode]

-- A nil path is the URL's path (wrk.path).
local partner_headers = {}
for name, value in pairs(headers) do partner_headers[name] = value end
function request()
  counter = counter + 1
  local body, header_key = build(counter)
  if header_key then
    partner_headers["Idempotency-Key"] = header_key
    return wrk.format("POST", nil, partner_headers, body)
  end
  return wrk.format("POST", nil, headers, body)
end

if env("BENCH_COUNT_STATUS") == "1" then
  function response(status, headers)
    statuses[status] = (statuses[status] or 0) + 1
    if (headers["idempotent-replayed"] or headers["Idempotent-Replayed"]) == "true" then replayed = replayed + 1 end
  end
end

-- Fractional think times are dithered between floor and ceil.
if delay_ms then
  local whole = math.floor(delay_ms)
  function delay()
    if math.random() < delay_ms - whole then return whole + 1 end
    return whole
  end
end

function done(summary, latency, requests)
  local counts, replays = {}, 0
  for _, thread in ipairs(threads) do
    replays = replays + (thread:get("replayed") or 0)
    for status, count in pairs(thread:get("statuses") or {}) do
      table.insert(counts, string.format('{"status":%d,"count":%d}', status, count))
    end
  end
  local errors = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},'
      .. '"latency_us":{"mean":%.1f,"p50":%d,"p99":%d,"p999":%d,"max":%d},"statuses":[%s],"replayed":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    errors.connect, errors.read, errors.write, errors.status, errors.timeout,
    latency.mean, latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
    table.concat(counts, ","), replays))
end
