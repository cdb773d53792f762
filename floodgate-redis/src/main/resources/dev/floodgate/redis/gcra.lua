-- One atomic GCRA step, as redis-cell's CL.THROTTLE and Floodgate's CellRate compute it, with the emission interval
-- kept exact: times are in units of 1/count ms, in which the interval is exactly the period.
-- KEYS[1]: the fingerprint's key, holding its theoretical arrival time (TAT) as "<epoch ms>:<units beyond it>".
-- ARGV[1]: period in ms; ARGV[2]: count; ARGV[3]: limit (burst + 1); ARGV[4]: quantity;
-- ARGV[5] (tests only): the time in ms instead of the server's TIME; the key then gets no expiry, since the
-- server's clock is not the caller's.
-- Reply: {limited (0/1), limit, remaining, retry after ms (-1 if allowed or never), reset after ms}; times handed
-- out are rounded up to whole milliseconds, as CellRate rounds them.
local period = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local quantity = tonumber(ARGV[4])
local now
local expires = not ARGV[5]
if ARGV[5] then
  now = tonumber(ARGV[5])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local tolerance = period * limit
local tatMs, tatUnits
local stored = redis.call('GET', KEYS[1])
if stored then
  local sep = string.find(stored, ':', 1, true)
  if sep then
    tatMs = tonumber(string.sub(stored, 1, sep - 1))
    tatUnits = tonumber(string.sub(stored, sep + 1))
  else
    tatMs = tonumber(stored)
    tatUnits = 0
  end
end
local backlog = 0
if tatMs and (tatMs - now) * count + tatUnits > 0 then
  backlog = (tatMs - now) * count + tatUnits
end
local function ceilMillis(units)
  return math.floor((units + count - 1) / count)
end
local function remaining(b)
  if b >= tolerance then
    return 0
  end
  return math.floor((tolerance - b) / period)
end
if quantity > limit then
  return {1, limit, remaining(backlog), -1, ceilMillis(backlog)}
end
local room = tolerance - period * quantity
if backlog > room then
  return {1, limit, remaining(backlog), ceilMillis(backlog - room), ceilMillis(backlog)}
end
if quantity > 0 then
  if not tatMs or tatMs < now then
    tatMs = now
    tatUnits = 0
  end
  local units = tatUnits + period * quantity
  tatMs = tatMs + math.floor(units / count)
  tatUnits = units % count
  backlog = (tatMs - now) * count + tatUnits
  local value = string.format('%d:%d', tatMs, tatUnits)
  if expires then
    redis.call('SET', KEYS[1], value, 'PX', math.max(1, ceilMillis(backlog)))
  else
    redis.call('SET', KEYS[1], value)
  end
end
return {0, limit, remaining(backlog), -1, ceilMillis(backlog)}
