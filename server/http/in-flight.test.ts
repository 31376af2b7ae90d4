/**
 * A stop waits for handlers whose clients have left (server/http/in-flight.ts): `app.close()`
 * resolves while such a handler still runs, and the counter holds it until the handler answers.
 * A real HTTP client on loopback leaves mid-request.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { App } from '../app-deps';
import { inFlightOf, trackInFlight } from './in-flight';

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('requests in flight', () => {
  it('counts a handler whose client has left until it answers, after close() has resolved', async () => {
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const handlerMayFinish = new Promise<void>((resolve) => (finish = resolve));
    let handlerDone = false;
    app = Fastify() as unknown as App;
    const tracker = trackInFlight(app);
    expect(trackInFlight(app)).toBe(tracker);
    expect(inFlightOf(app)).toBe(tracker);
    app.get('/slow', async () => {
      started();
      await handlerMayFinish;
      handlerDone = true;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;

    expect((await fetch(`http://127.0.0.1:${port}/fast`)).status).toBe(200);
    expect(tracker.count()).toBe(0);

    // A client asks for /slow and leaves before the answer.
    const leaving = request({ host: '127.0.0.1', port, path: '/slow' });
    leaving.on('error', () => {});
    leaving.end();
    await handlerStarted;
    expect(tracker.count()).toBe(1);
    leaving.destroy();

    await app.close();
    expect(handlerDone).toBe(false);
    expect(await tracker.settled(50)).toBe(false);
    finish();
    expect(await tracker.settled(2_000)).toBe(true);
    expect(handlerDone).toBe(true);
    expect(tracker.count()).toBe(0);
    app = undefined;
  });
});
