/**
 * "Track any Amazon product" (issue 30): `POST /api/products/track` `{ url }` → `{ asin, status,
 * product, message, requestCount }` (common/api/product-track.schema.ts). Anyone may call it.
 */
import { useMutation } from '@tanstack/react-query';
import type { TrackResponse } from '../../../common/api/product-track.schema';
import { apiRequest } from '../../lib/http.client';

export type { TrackResponse };

/** Sends a pasted link or ASIN; rejects with ApiError (400 naming `url`, 429) or a network error. */
export const trackProduct = (url: string) => apiRequest<TrackResponse>('POST', '/api/products/track', { url });

/** The mutation the box uses. */
export function useTrackProduct() {
  return useMutation({ mutationFn: trackProduct });
}
