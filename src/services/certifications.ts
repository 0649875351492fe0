import type { CertificationDto } from '@/contract/certification';
import { entityApi } from './entityApi';

/** Real-name certification requests: the kit's routes (entityApi.ts). A member's list holds only their own. */
export const certificationsApi = entityApi<CertificationDto>('/api/certifications', 'certification');
