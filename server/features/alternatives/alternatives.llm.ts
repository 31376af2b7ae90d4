/**
 * Optional language-model rewrite of the explanations (DESIGN.md §4 "Cheaper alternatives": an
 * OpenAI-compatible endpoint, off by default because Amazon's terms restrict using its content with
 * AI models). Sends only our own rules-based explanations and titles; any failure, timeout (3 s) or
 * malformed answer keeps the rules-based text. Never throws.
 */
import { z } from 'zod';

export interface LlmConfig {
  /** Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1. */
  url: string;
  key?: string;
  model: string;
  timeoutMs?: number;
}

const answerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/**
 * Asks the model to rewrite each explanation in friendly British English; returns the rewritten
 * list (same length, each at most 200 characters) or `explanations` unchanged on any failure.
 */
export async function rewriteExplanations(
  config: LlmConfig | null,
  items: ReadonlyArray<{ title: string; explanation: string }>,
): Promise<string[]> {
  const fallback = items.map((i) => i.explanation);
  if (!config || items.length === 0) return fallback;
  try {
    const response = await fetch(`${config.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
      signal: AbortSignal.timeout(config.timeoutMs ?? 3000),
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content:
              'Rewrite each product comparison note as one short, friendly sentence in British English. Keep every fact and number; add none. Answer with a JSON array of strings only, in the same order.',
          },
          { role: 'user', content: JSON.stringify(items) },
        ],
      }),
    });
    if (!response.ok) return fallback;
    const content = answerSchema.parse(await response.json()).choices[0]?.message.content ?? '';
    const list = z.array(z.string().min(1).max(200)).length(items.length).parse(JSON.parse(content));
    return list;
  } catch {
    return fallback;
  }
}
