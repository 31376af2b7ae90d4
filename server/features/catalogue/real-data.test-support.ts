/**
 * Access to the real data in ../shared/data for tests (DESIGN.md §6): a test that needs it skips
 * with a printed reason when the folder is absent, and fails when `CI` is set.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The shared data folder, resolved from the project root (the test's working directory). */
export const SHARED_DATA_DIR = path.resolve(process.cwd(), '../shared/data');

/**
 * True when `relativePaths` all exist under the shared data folder. When one is missing: throws
 * under CI, else prints why the caller's tests are skipped and returns false.
 */
export function hasSharedData(what: string, ...relativePaths: string[]): boolean {
  const missing = relativePaths.map((p) => path.join(SHARED_DATA_DIR, p)).filter((p) => !existsSync(p));
  if (missing.length === 0) return true;
  if (process.env.CI)
    throw new Error(`${what} needs ${missing.join(', ')}, which is missing (CI is set, so this fails instead of skipping).`);
  console.warn(`Skipping ${what}: ${missing.join(', ')} is absent.`);
  return false;
}

/** Absolute path of a file under the shared data folder. */
export function sharedDataPath(relativePath: string): string {
  return path.join(SHARED_DATA_DIR, relativePath);
}
