/** POST /api/contact (issue 10; DESIGN.md §5: the message is stored and e-mailed to the owners). */
import { useMutation } from '@tanstack/react-query';
import type { ContactInput, ContactResponse } from '../../../common/api/contact.schema';
import { apiRequest } from '../../lib/http.client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactInput) => apiRequest<ContactResponse>('POST', '/api/contact', body),
  });
}
