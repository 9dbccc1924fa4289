// Every feature's messages, merged into one dictionary per language. A new feature adds its messages.ts here.
import { accountMessages } from '../features/account/messages.ts';
import { futuresMessages } from '../features/futures/messages.ts';
import { bookMessages } from '../features/futures/components/book/messages.ts';
import { tabsMessages } from '../features/futures/components/tabs/messages.ts';
import { futuresLayoutMessages } from '../features/futures/layout/messages.ts';
import { orderFormMessages } from '../features/futures/components/order-form/messages.ts';
import { marketsMessages } from '../features/futures/markets/messages.ts';
import { chartMessages } from '../features/futures/components/chart/messages.ts';
import { positionsMessages } from '../features/futures/components/positions/messages.ts';
import { positionCloseMessages } from '../features/futures/components/positions/closeMessages.ts';
import { layoutMessages } from '../features/layout/messages.ts';
import { legalMessages } from '../features/legal/messages.ts';
import { marketMessages } from '../features/market/messages.ts';
import { partnersMessages } from '../features/partners/messages.ts';
import { placeholderMessages } from '../features/placeholder/messages.ts';
import { preferencesMessages } from '../features/preferences/messages.ts';
import { walletMessages } from '../features/wallet/messages.ts';
import { optionsMessages } from '../features/options/messages.ts';
import { optionAuditMessages } from '../features/option-audit/messages.ts';
import { auditMessages } from '../features/audit/messages.ts';
import { securityMessages } from '../features/security/messages.ts';
import { apiKeyMessages } from '../features/security/apiKeyMessages.ts';
import { mergeMessages, type KeysOf, type Language } from './defineMessages.ts';
import { coreMessages } from './messages.ts';

export const dictionaries = mergeMessages([
  coreMessages,
  accountMessages,
  placeholderMessages,
  preferencesMessages,
  futuresMessages,
  tabsMessages,
  orderFormMessages,
  chartMessages,
  positionsMessages,
  positionCloseMessages,
  walletMessages,
  optionsMessages,
  optionAuditMessages,
  auditMessages,
  securityMessages,
  apiKeyMessages,
  partnersMessages,
  legalMessages,
  marketMessages,
  layoutMessages,
  bookMessages,
  futuresLayoutMessages,
  marketsMessages,
]);
export type MessageKey = KeysOf<typeof dictionaries>;
export type { Language };
