import type { OptimizationSuggestions } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api-client';

export const AI_UNAVAILABLE_MESSAGE = 'AI optimization service is currently unavailable';
export const AI_FAILED_MESSAGE = 'Unable to generate optimization suggestions';

/** spec §8: the server's message, or 'Failed to fetch suggestions'. */
export function suggestionsErrorMessage(error: unknown): string {
  return serverMessage(error) ?? 'Failed to fetch suggestions';
}

/** spec §8: messages containing 'API key' or 'unavailable' are not retried; others up to 2 times. */
export function retrySuggestions(failureCount: number, error: unknown): boolean {
  const message = `${suggestionsErrorMessage(error)} ${error instanceof Error ? error.message : ''}`;
  if (message.includes('API key') || message.includes('unavailable')) return false;
  return failureCount < 2;
}

/** spec §8: the unavailable case versus any other failure. */
export function suggestionsErrorTitle(error: unknown): string {
  return suggestionsErrorMessage(error).includes('unavailable') ? AI_UNAVAILABLE_MESSAGE : AI_FAILED_MESSAGE;
}

export function aiSuggestionsQueryOptions() {
  return queryOptions<OptimizationSuggestions>({
    queryKey: ['/api/procurement/departments/ai-suggestions'],
    retry: retrySuggestions,
  });
}

export function useAiSuggestions() {
  return useQuery(aiSuggestionsQueryOptions());
}
