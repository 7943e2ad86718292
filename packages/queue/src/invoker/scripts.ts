import type { Redis } from 'ioredis';

// The two Redis scripts of an idempotent call, each one round trip.

/**
 * Join: answers the kept result of an identical call when there is one
 * (ARGV[1] = '1' asks for it); otherwise counts one more caller waiting for
 * the shared job and keeps the count for at least ARGV[2] ms.
 * KEYS: the kept result, the waiter count.
 */
const JOIN = `
if ARGV[1] == '1' then
  local kept = redis.call('GET', KEYS[1])
  if kept then return kept end
end
redis.call('INCR', KEYS[2])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return false
`;

/**
 * Leave: one caller fewer waiting for the shared job; answers how many are
 * left (the last one to abort cancels the job). KEYS: the waiter count.
 */
const LEAVE = `
local left = redis.call('DECR', KEYS[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left
`;

/** A client with the scripts defined (ioredis sends EVALSHA, and the script itself once). */
export interface ScriptedRedis extends Redis {
  vtJoin(resultKey: string, waitersKey: string, useKept: '0' | '1', keepMs: number): Promise<string | null>;
  vtLeave(waitersKey: string): Promise<number>;
}

export function defineScripts(client: Redis): ScriptedRedis {
  client.defineCommand('vtJoin', { numberOfKeys: 2, lua: JOIN });
  client.defineCommand('vtLeave', { numberOfKeys: 1, lua: LEAVE });
  return client as ScriptedRedis;
}
