import { uploadImage } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';

/** Uploads the KYC photo; its reference, or null when the upload failed in any way (seeds §8: no message then). */
export async function uploadVerificationImage(file: File): Promise<string | null> {
  try {
    const answer = await uploadImage(file);
    return isSuccess(answer) ? (answer.data?.images?.[0] ?? null) : null;
  } catch {
    return null;
  }
}
