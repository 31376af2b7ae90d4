/**
 * The request helper against a real HTTP server on loopback (spec §8 error format; content-and-
 * account-pages §7 "Shared request behaviour").
 */
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiRequest, formatApiErrorMessage, messageForPeople } from './http.client';

let server: Server;
let baseUrl = '';
const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url === '/api/ok') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
      if (req.url === '/api/echo') return res.writeHead(201, { 'content-type': 'application/json' }).end(body);
      if (req.url === '/api/empty') return res.writeHead(204).end();
      if (req.url === '/api/bad')
        return res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'Bad Request', message: 'userEmail: must be a valid e-mail address' }));
      if (req.url === '/api/text') return res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream down');
      return res.writeHead(503, 'Service Unavailable').end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('error message format (spec §8)', () => {
  it('is the status, a colon and a space, then the body text or else the status text', () => {
    expect(formatApiErrorMessage(404, 'Not Found', '{"error":"Not Found"}')).toBe('404: {"error":"Not Found"}');
    expect(formatApiErrorMessage(503, 'Service Unavailable', '')).toBe('503: Service Unavailable');
    expect(formatApiErrorMessage(500, 'Internal Server Error', '   ')).toBe('500: Internal Server Error');
  });
});

describe('apiRequest', () => {
  it('parses JSON answers and sends JSON bodies with a JSON content type', async () => {
    expect(await apiRequest('GET', '/api/ok', undefined, { baseUrl })).toEqual({ hello: 'world' });
    expect(seen.at(-1)?.headers['content-type']).toBeUndefined();
    expect(await apiRequest('POST', '/api/echo', { keywords: 'kettle' }, { baseUrl })).toEqual({ keywords: 'kettle' });
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
    expect(seen.at(-1)?.body).toBe('{"keywords":"kettle"}');
  });

  it('sends the visitor token as a Bearer credential only when given', async () => {
    await apiRequest('GET', '/api/ok', undefined, { baseUrl, token: 'tok-123' });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer tok-123');
    await apiRequest('GET', '/api/ok', undefined, { baseUrl });
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('answers undefined for an empty body', async () => {
    expect(await apiRequest('DELETE', '/api/empty', undefined, { baseUrl })).toBeUndefined();
  });

  it('throws the spec message, and offers the server message for people', async () => {
    const error = await apiRequest('POST', '/api/bad', {}, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"error":"Bad Request","message":"userEmail: must be a valid e-mail address"}');
    expect((error as ApiError).status).toBe(400);
    expect(messageForPeople(error, 'Unable to create deal alert. Please try again.')).toBe('userEmail: must be a valid e-mail address');
  });

  it('uses the body text, or the status text of an empty body', async () => {
    const text = await apiRequest('GET', '/api/text', undefined, { baseUrl }).catch((e: unknown) => e);
    expect((text as Error).message).toBe('502: upstream down');
    expect(messageForPeople(text, 'fallback')).toBe('fallback');
    const empty = await apiRequest('GET', '/api/nothing', undefined, { baseUrl }).catch((e: unknown) => e);
    expect((empty as Error).message).toBe('503: Service Unavailable');
  });

  it('gives the fallback text for network failures', async () => {
    const error = await apiRequest('GET', '/api/ok', undefined, { baseUrl: 'http://127.0.0.1:9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(messageForPeople(error, 'Unable to delete deal alert. Please try again.')).toBe(
      'Unable to delete deal alert. Please try again.',
    );
  });
});
