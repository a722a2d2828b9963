// The feedback call: visitors may send it too; the server limits each IP to 5 an hour.
import type { TFeedbackCreate } from '@contracts/content';
import { request } from '@/platform/http';

export const sendFeedback = (body: TFeedbackCreate) => request<{ id: number }>('post', '/api/feedback', body);
