import type { ServerConfigAnswer } from '@tickline/protocol';
import { apiData } from '../../api/client.ts';

/** GET /server/config (no auth): the server's trading, option and wallet rules. */
export const fetchServerRules = () => apiData<ServerConfigAnswer>('GET', '/server/config', { auth: false });
