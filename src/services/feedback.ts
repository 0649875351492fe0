import type { FeedbackDto } from '@/contract/feedback';
import { entityApi } from './entityApi';

/**
 * Feedback: the kit's routes (entityApi.ts). The apps send it and write again; staff read it, reply and resolve
 * it with commands. Its conversation is its history (`history(id)`, newest first).
 */
export const feedbackApi = entityApi<FeedbackDto>('/api/feedback', 'feedback');
