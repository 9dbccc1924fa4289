import { z } from 'zod';

/** `?page=N`: a whole number from 1 (default 1). */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'page must be a whole number from 1' })
    .transform(Number)
    .refine((page) => page >= 1, { error: 'page must be a whole number from 1' })
    .optional()
    .transform((page) => page ?? 1),
});

/** `?type=N`: the transfer type (2 = spot ↔ futures). */
export const transferTypeQuery = z.object({
  type: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'type must be a transfer type number (2: spot ↔ futures)' })
    .transform(Number)
    .optional()
    .transform((type) => type ?? 2),
});
