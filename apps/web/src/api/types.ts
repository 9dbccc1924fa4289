// Accounts shapes are shared with the server (packages/protocol/src/api/accounts.ts); market shapes are the
// fixed answers of our /market endpoints.
export type {
  Alarm,
  ApproveStatus,
  ChangePasswordRequest,
  CheckRegisterRequest,
  FeedbackRequest,
  FindIdRequest,
  LoginAnswer as LoginData,
  LoginRequest,
  RegisterRequest,
  UploadImagesAnswer as UploadData,
  UserBalance as Balance,
  UserInfo,
} from '@tickline/protocol';

/** Numbers may arrive as JSON numbers or numeric strings (money is fixed-point on the server). */
export type Numeric = number | string;

/** GET /market/tickers (and the `tickers` stream): the eight home symbols. */
export type { HomeTicker as MarketTicker } from '@tickline/protocol';

/** GET /market/coins (and the `coins` stream): the top 30 coins by market cap. */
export type { CoinMarket as MarketCoin } from '@tickline/protocol';
