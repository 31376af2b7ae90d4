/**
 * malloc-trim.ts gives the C heap's free pages back to the operating system (decision 0018): pages
 * freed below a chunk still in use stay resident until it trims, and leave RSS once it has.
 */
import { readFileSync } from 'node:fs';
import koffi from 'koffi';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMallocTrim, startMallocTrim, type MallocTrim } from './malloc-trim';

const MB = 1024 * 1024;

/** This process's resident set in bytes (/proc/self/status VmRSS). */
function rssBytes(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

describe('malloc_trim', () => {
  let started: MallocTrim | null = null;
  afterEach(() => started?.stop());

  it('returns the freed pages under a live chunk to the operating system', async () => {
    started = await startMallocTrim({ intervalSeconds: 3600 });
    expect(started, 'this Linux machine has glibc').not.toBeNull();
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t size)');
    const memset = libc.func('void *memset(void *s, int c, size_t n)');
    const free = libc.func('void free(void *ptr)');
    // 128 MiB in 4 KiB chunks (below any mmap threshold: they come from an arena's heap, in
    // address order once its free lists are used up), each written; the last one stays allocated,
    // so free() cannot give the others back by shrinking the heap from its top.
    const chunks: unknown[] = [];
    for (let i = 0; i < (128 * MB) / 4096; i += 1) chunks.push(memset(malloc(4096), 1, 4096));
    const guard = chunks.pop();
    for (const chunk of chunks) free(chunk);
    const beforeTrim = rssBytes();
    const ms = (started as MallocTrim).trimNow();
    const afterTrim = rssBytes();
    free(guard);
    expect(ms).toBeGreaterThanOrEqual(0);
    // Nearly all of the 128 MiB was resident until the trim and is gone after it.
    expect(beforeTrim - afterTrim).toBeGreaterThan(96 * MB);
  });

  it('is off when the interval is 0, and unavailable where the C library is not glibc', async () => {
    expect(await startMallocTrim({ intervalSeconds: 0 })).toBeNull();
    const platform = Object.getOwnPropertyDescriptor(process, 'platform') as PropertyDescriptor;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    try {
      expect(await loadMallocTrim()).toBeNull();
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});
