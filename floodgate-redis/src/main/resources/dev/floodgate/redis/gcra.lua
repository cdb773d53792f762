-- One atomic GCRA step, as redis-cell's CL.THROTTLE and Floodgate's CellRate compute it, in integer milliseconds.
-- KEYS[1]: the fingerprint's key, holding its theoretical arrival time (TAT) in epoch milliseconds.
-- ARGV[1]: emission interval I in ms; ARGV[2]: limit (burst + 1); ARGV[3]: quantity;
-- ARGV[4] (tests only): the time in ms instead of the server's TIME; the key then gets no expiry, since the
-- server's clock is not the caller's.
-- Reply: {limited (0/1), limit, remaining, retry after ms (-1 if allowed or never), reset after ms}.
local interval = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local quantity = tonumber(ARGV[3])
local now
local expires = not ARGV[4]
if ARGV[4] then
  now = tonumber(ARGV[4])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local tolerance = interval * limit
local tat = tonumber(redis.call('GET', KEYS[1]))
local backlog = 0
if tat and tat > now then
  backlog = tat - now
end
local function remaining(b)
  return math.floor(math.max(0, tolerance - b) / interval)
end
if quantity > limit then
  return {1, limit, remaining(backlog), -1, backlog}
end
local room = tolerance - interval * quantity
if backlog > room then
  return {1, limit, remaining(backlog), backlog - room, backlog}
end
if quantity > 0 then
  backlog = backlog + interval * quantity
  if expires then
    redis.call('SET', KEYS[1], string.format('%d', now + backlog), 'PX', backlog)
  else
    redis.call('SET', KEYS[1], string.format('%d', now + backlog))
  end
end
return {0, limit, remaining(backlog), -1, backlog}
