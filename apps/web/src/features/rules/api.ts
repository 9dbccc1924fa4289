import { callData } from '../../api/client.ts';

/** GET /server/config (no auth): the server's trading, option and wallet rules. */
export const fetchServerRules = () => callData('serverConfig', { auth: false });
