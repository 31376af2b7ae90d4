/**
 * The import rules of docs/architecture.md are enforced by ESLint (issue 6 point 5): this lints
 * small probe files placed in the real tree (never written to disk) and checks that a wrong import
 * fails `npm run lint` with the zone's message, and that the allowed way passes.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import rules in lint', () => {
  it("refuses a server feature importing another feature's queries, and allows its service", async () => {
    const wrong = await restrictedImports(
      'server/features/alerts/probe.ts',
      "import { findSubscriber } from '../subscriptions/subscriptions.queries';\nexport const x = findSubscriber;\n",
    );
    expect(wrong.join('\n')).toMatch(/never its \*\.queries/);
    const right = await restrictedImports(
      'server/features/alerts/probe.ts',
      "import { findSubscriber } from '../subscriptions/subscriptions.service';\nexport const x = findSubscriber;\n",
    );
    expect(right).toEqual([]);
  });

  it('refuses email/ importing a feature', async () => {
    const wrong = await restrictedImports(
      'server/email/probe.ts',
      "import { findSubscriber } from '../features/subscriptions/subscriptions.service';\nexport const x = findSubscriber;\n",
    );
    expect(wrong.join('\n')).toMatch(/never import features/);
  });

  it('refuses one web feature importing another, and the UI kit importing a feature', async () => {
    const across = await restrictedImports(
      'web/features/alerts/probe.ts',
      "import * as search from '../search/api';\nexport const x = search;\n",
    );
    expect(across.join('\n')).toMatch(/Web features never import each other/);
    const kit = await restrictedImports(
      'web/components/ui/probe.ts',
      "import * as alerts from '../../features/alerts/api';\nexport const x = alerts;\n",
    );
    expect(kit.join('\n')).toMatch(/feature-free/);
  });
});
