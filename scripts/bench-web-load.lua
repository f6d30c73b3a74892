-- wrk script for scripts/bench-web: a mix of the list (20%), search as you type (50%) and a
-- note (30%), signed in with the session cookie. Needs COOKIE and PATHS_FILE (one note URL
-- path a line) in the environment. Prints one WRK line: requests, errors (errors_status: answers
-- other than 2xx/3xx), p50/p90/p99.
local cookie = os.getenv("COOKIE")
local paths = {}
for line in io.lines(os.getenv("PATHS_FILE")) do paths[#paths + 1] = line end
local words = { "sandwich", "harbour", "marmalade", "zephyrine", "morning%20coffee" }
local queries = {}
for _, word in ipairs(words) do
  for n = 1, #word do
    local prefix = word:sub(1, n)
    if prefix:sub(-1) ~= "%" and prefix:sub(-2, -1) ~= "%2" then queries[#queries + 1] = prefix end
  end
end
function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
end

function request()
  local roll = math.random()
  local path
  if roll < 0.2 then
    path = "/"
  elseif roll < 0.7 then
    path = "/api/search?q=" .. queries[math.random(#queries)]
  else
    path = paths[math.random(#paths)]
  end
  return wrk.format("GET", path, { ["Cookie"] = cookie })
end

function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d seconds=%.2f errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f\n",
    summary.requests, summary.duration / 1e6, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
end
