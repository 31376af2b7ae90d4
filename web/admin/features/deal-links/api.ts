/**
 * The admin 'Deal links' tab's call (issue 27; docs/decisions/0023-landing-pages-facts.md):
 * `POST /api/admin/deal-links` signs the claims the owner writes into a `/deal?…` link. A mutation:
 * nothing is listed, so there is no query for the shell's Refresh; the audit log shows each link made.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealLinkCreated, DealLinkCreateInput } from '../../../../common/api/deal-links.admin.schema';
import { adminAuditLogKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

/** `POST /api/admin/deal-links` → 201 the signed link; throws ApiError (400 naming the field, 401 signed out). */
export function createDealLink(input: DealLinkCreateInput): Promise<DealLinkCreated> {
  return apiRequest<DealLinkCreated>('POST', '/api/admin/deal-links', input);
}

/** Signs a link; refetches the audit log on success. */
export function useCreateDealLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDealLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
  });
}
