/**
 * `npm run fake-amazon [-- --port 4010 --rate 1 --market]`: the fake Amazon Creators API on
 * 127.0.0.1 for trying the site without an Associates account (issue 14 part 4; README "Trying live
 * prices with the fake Amazon API"). It serves the 3,870 real amazon.co.uk products of
 * ../shared/data (when present) and the documented sample items, enforces Amazon's rules (token
 * expiry, lowerCamelCase, 1–10 ASINs, the request rate), and with `--market` moves about 2 % of
 * the prices it is asked for on each request (drops, rises, stock-outs). Prints the environment
 * to start the site with; Ctrl+C stops it. Exit code 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { startFakeCreatorsApi } from '../sources/creators-api/fake-creators-api';

const USAGE = 'Usage: npm run fake-amazon -- [--port 4010] [--rate 1] [--market]';

async function main(): Promise<void> {
  let values: { port?: string; rate?: string; market?: boolean };
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, rate: { type: 'string' }, market: { type: 'boolean' } } }));
  } catch {
    console.error(USAGE);
    process.exit(2);
  }
  const port = Number(values.port ?? 4010);
  const rate = Number(values.rate ?? 1);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !(rate > 0)) {
    console.error(USAGE);
    process.exit(2);
  }
  const fake = await startFakeCreatorsApi({ port, ratePerSecond: rate, market: values.market ?? false });
  console.log(`Fake Amazon Creators API at ${fake.url}: ${fake.products.size.toLocaleString('en-GB')} products, ${rate} request(s)/s.`);
  console.log('Start the site with:');
  console.log(
    `  AMAZON_CREDENTIAL_ID=${fake.credentialId} AMAZON_CREDENTIAL_SECRET=${fake.credentialSecret} ` +
      `AMAZON_API_URL=${fake.url} AMAZON_TOKEN_URL=${fake.tokenUrl} AMAZON_RATE_PER_SECOND=${rate} npm start`,
  );
  let last = 0;
  const report = setInterval(() => {
    if (fake.log.length === last) return;
    const recent = fake.log.slice(last);
    last = fake.log.length;
    const byStatus = recent.reduce<Record<number, number>>((acc, e) => ({ ...acc, [e.status]: (acc[e.status] ?? 0) + 1 }), {});
    console.log(
      `${new Date().toISOString()} ${recent.length} request(s): ${Object.entries(byStatus)
        .map(([s, n]) => `${n}×${s}`)
        .join(', ')}`,
    );
  }, 10_000);
  const stop = () => {
    clearInterval(report);
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
