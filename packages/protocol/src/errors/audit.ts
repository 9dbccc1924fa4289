import { defineErrors } from './define.ts';

// Provable fairness and provable reserves (#35), 11xxx.
export const auditErrors = defineErrors('Audit (round log, proof of reserves)', {
  RESERVES_NOT_IN_SNAPSHOT: {
    code: 11001,
    message:
      'Your account is not in the latest reserves snapshot (it was taken before you joined). The next snapshot will include it.',
  },
});
