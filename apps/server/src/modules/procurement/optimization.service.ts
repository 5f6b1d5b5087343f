import {
  type OptimizationSuggestions,
  SUGGESTION_PRIORITIES,
  SUGGESTION_TYPES,
  type Suggestion,
} from '@retail-hub/shared';
import { z } from 'zod';
import type { AiProviderSettings } from '../../config/config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type OptimizationSnapshot, optimizationSuggestions } from './optimization-rules';
import { gatherOptimizationSnapshot } from './optimization-snapshot.repository';

export const AI_MESSAGES = {
  unavailable: 'AI optimization service is currently unavailable',
  failed: 'Unable to generate optimization suggestions',
} as const;

export const PROVIDER_TIMEOUT_MS = 5000;

const unavailable = () => new AppError(503, 'procurement.ai_unavailable', AI_MESSAGES.unavailable);
const failed = () => new AppError(502, 'procurement.ai_failed', AI_MESSAGES.failed);

/**
 * GET /api/procurement/departments/ai-suggestions. Without a provider the built-in rules answer
 * (no network). With AI_PROVIDER_URL the snapshot goes to its /chat/completions: unreachable, too
 * slow (5 s) or an unreadable answer → 503 'unavailable'; a refusal (an HTTP error) → 502.
 */
export async function optimizationSuggestionsFor(
  deps: { database: { db: Db }; config: { ai: AiProviderSettings | null } },
  now = new Date(),
): Promise<OptimizationSuggestions> {
  const snapshot = await gatherOptimizationSnapshot(deps.database.db, now);
  if (!deps.config.ai) return { suggestions: optimizationSuggestions(snapshot) };
  return { suggestions: await askProvider(deps.config.ai, snapshot) };
}

const INSTRUCTIONS = [
  'You advise a school or institution on how to run its departments, assets and spending.',
  'You receive a JSON snapshot of its figures. Answer with JSON only: {"suggestions": [...]}, at most 8 items.',
  'Each item: {"id": string, "type": one of efficiency|cost|structure|workflow|resource,',
  '"priority": one of high|medium|low, "title": string, "description": string naming the real figures,',
  '"estimatedSavings": string, "implementationTime": string, "impact": string, "actionItems": string[]}.',
  'An empty list means the departments are well-optimized.',
].join(' ');

const providerItemSchema = z.object({
  id: z.string().optional(),
  type: z.enum(SUGGESTION_TYPES),
  priority: z.enum(SUGGESTION_PRIORITIES),
  title: z.string().min(1),
  description: z.string(),
  estimatedSavings: z.coerce.string().optional(),
  implementationTime: z.coerce.string().optional(),
  impact: z.coerce.string().optional(),
  actionItems: z.array(z.coerce.string()).optional(),
});

/** The JSON in a model's message, tolerating a ```json fence around it. */
function jsonOf(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  return JSON.parse((fenced?.[1] ?? content).trim());
}

async function askProvider(ai: AiProviderSettings, snapshot: OptimizationSnapshot): Promise<Suggestion[]> {
  let response: Response;
  try {
    response = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(ai.apiKey ? { Authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(snapshot) },
        ],
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    // Refused connection, DNS failure, TLS failure or the 5 s timeout.
    throw unavailable();
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    throw unavailable();
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw failed();
  }

  let items: unknown;
  try {
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('no message content');
    const parsed = jsonOf(content);
    items = Array.isArray(parsed) ? parsed : (parsed as { suggestions?: unknown })?.suggestions;
    if (!Array.isArray(items)) throw new Error('no suggestion list');
  } catch {
    // Timed out while reading, not JSON, or not the list asked for: the service is not usable.
    throw unavailable();
  }

  const suggestions: Suggestion[] = [];
  for (const [index, item] of items.entries()) {
    const parsed = providerItemSchema.safeParse(item);
    if (!parsed.success) continue;
    const s = parsed.data;
    suggestions.push({
      id: s.id || `ai-${index + 1}`,
      type: s.type,
      priority: s.priority,
      title: s.title,
      description: s.description,
      estimatedSavings: s.estimatedSavings ?? '',
      implementationTime: s.implementationTime ?? '',
      impact: s.impact ?? '',
      actionItems: s.actionItems ?? [],
    });
  }
  // Items were sent but none was usable: the answer cannot be trusted.
  if (items.length > 0 && suggestions.length === 0) throw failed();
  return suggestions.slice(0, 20);
}
